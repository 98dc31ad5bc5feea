import { CalendarRange, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminSeason } from '@app/shared/season-pass/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pagination } from '@/components/pagination';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { translateMessage } from '@/lib/messages';
import { ListStates } from './list-states';
import { SeasonDialog } from './season-dialog';
import { SEASONS_PAGE_SIZE, useAdminSeasons, useDeleteSeason } from './seasons-api';
import './texts';

const STATUS_VARIANT = { scheduled: 'secondary', running: 'success', ended: 'outline' } as const;

/** The season pass's seasons (decision 028): every season with its state and passes sold; create, edit, delete. */
export function SeasonsPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const seasons = useAdminSeasons(page);
  const [editing, setEditing] = useState<AdminSeason | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminSeason | null>(null);
  const remove = useDeleteSeason();
  const number = new Intl.NumberFormat(i18n.language);
  const dates = (s: AdminSeason) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).formatRange(
      new Date(s.startsAt),
      new Date(s.endsAt),
    );

  return (
    <Card className="min-w-0" data-testid="admin-seasons">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <CalendarRange className="size-5" aria-hidden="true" />
            {t('console.seasons.title')}
          </CardTitle>
          <CardDescription>{t('console.seasons.subtitle')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="season-new">
          <Plus />
          {t('console.seasons.add')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ListStates
          query={seasons}
          loadFailed={t('console.seasons.loadFailed')}
          empty={t('console.seasons.empty')}
          emptyTestId="seasons-empty"
          rowClassName="h-16"
          isEmpty={(data) => data.items.length === 0}
        >
          {(data) => (
            <ul className="divide-y rounded-lg border" data-testid="seasons-list">
              {data.items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="season-row" data-status={s.status}>
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="break-words">{s.name}</span>
                      <Badge variant={STATUS_VARIANT[s.status]}>{t(`console.seasons.status.${s.status}`)}</Badge>
                    </p>
                    <p className="text-sm text-muted-foreground">{dates(s)}</p>
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {t('console.seasons.facts', {
                        price: number.format(s.priceGems),
                        tiers: s.tiers.length,
                        sold: number.format(s.passesSold),
                      })}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    {s.status !== 'ended' ? (
                      <Button
                        size="icon"
                        variant="ghost"
                        onClick={() => setEditing(s)}
                        aria-label={t('console.seasons.edit', { name: s.name })}
                      >
                        <Pencil />
                      </Button>
                    ) : null}
                    {s.status === 'scheduled' ? (
                      <Button
                        size="icon"
                        variant="ghost"
                        onClick={() => setDeleting(s)}
                        aria-label={t('console.seasons.delete', { name: s.name })}
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
        {seasons.data ? <Pagination page={page} total={seasons.data.total} limit={SEASONS_PAGE_SIZE} onPage={setPage} /> : null}
      </CardContent>
      {editing ? <SeasonDialog season={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('console.seasons.deleteTitle')}
        description={deleting ? t('console.seasons.deleteText', { name: deleting.name }) : undefined}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('console.seasons.deleted'));
            },
            onError: (err) => toast.error(translateMessage(err.message)),
          })
        }
      />
    </Card>
  );
}

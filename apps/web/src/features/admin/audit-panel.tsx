import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ACTIONS, type AdminAction } from '@app/shared/admin/rules';
import type { AuditEntry } from '@app/shared/admin/schemas';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog } from './console-api';
import './texts';

const ALL = 'all';

/** The facts an entry keeps, short: the reason, a change from → to, a title. */
function summary(entry: AuditEntry): string {
  const d = entry.details;
  const parts: string[] = [];
  if (typeof d.reason === 'string' && d.reason) parts.push(`“${d.reason}”`);
  if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${d.from} → ${d.to}`);
  if (typeof d.title === 'string') parts.push(d.title);
  if (typeof d.name === 'string') parts.push(d.name);
  if (typeof d.outcome === 'string') parts.push(d.outcome);
  if (typeof d.kind === 'string') parts.push(d.kind);
  if (typeof d.amount === 'number') parts.push(`+${d.amount}`);
  return parts.join(' · ');
}

/** Every admin action, newest first, filtered by kind, a page at a time (GET /api/admin/audit-log). */
export function AuditPanel() {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<AdminAction | null>(null);
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card className="min-w-0" data-testid="admin-audit">
      <CardHeader className="grid gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <ScrollText className="size-5" aria-hidden="true" />
            {t('console.audit.title')}
          </CardTitle>
          <CardDescription>{t('console.audit.subtitle')}</CardDescription>
        </div>
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor="audit-action">{t('console.audit.filter')}</Label>
          <Select value={action ?? ALL} onValueChange={(v) => setAction(v === ALL ? null : (v as AdminAction))}>
            <SelectTrigger id="audit-action">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('console.audit.allActions')}</SelectItem>
              {ADMIN_ACTIONS.map((a) => (
                <SelectItem key={a} value={a}>
                  {t(`console.audit.actions.${a}`, { defaultValue: a })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {log.isError ? (
          <ErrorCard message={log.error.message} onRetry={() => void log.refetch()} />
        ) : log.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{t('console.audit.empty')}</p>
        ) : (
          <>
            <ul className="divide-y" data-testid="audit-entries">
              {entries.map((e) => (
                <li key={e.id} className="grid gap-1 py-2.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary">{t(`console.audit.actions.${e.action}`, { defaultValue: e.action })}</Badge>
                    <span className="text-sm">{e.admin ? `@${e.admin.username}` : t('console.audit.deletedAdmin')}</span>
                    <time className="ml-auto text-xs text-muted-foreground" dateTime={e.createdAt}>
                      {new Date(e.createdAt).toLocaleString(i18n.language)}
                    </time>
                  </div>
                  <p className="break-words text-xs text-muted-foreground">
                    {e.targetType}
                    {e.targetLabel ? ` ${e.targetLabel}` : e.targetId ? ` ${e.targetId}` : ''}
                    {summary(e) ? ` · ${summary(e)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            {log.hasNextPage ? (
              <div className="mt-3 flex justify-center">
                <Button variant="outline" size="sm" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                  {t('console.audit.more')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { FilePen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/store';
import { useDraftStore, type StoredDraft } from '../editor/draft-store';
import { timeAgo } from '../time-ago';
import './texts';

/**
 * The new bots that `userId` began in this browser and has not created yet (drafts live in the
 * browser, §3): the editor's address names one, and once it is closed nothing else led back to
 * it. A draft whose template was never picked holds nothing and is not listed; nor is anyone
 * else's (a shared browser), nor one from before drafts were marked with their author.
 */
export function unfinishedDrafts(drafts: Record<string, StoredDraft>, userId: string | undefined): [string, StoredDraft][] {
  if (!userId) return [];
  return Object.entries(drafts)
    .filter(([, entry]) => !entry.botId && entry.templateId && entry.userId === userId)
    .sort((a, b) => b[1].updatedAt.localeCompare(a[1].updatedAt));
}

/** My Bots' list of unfinished drafts: continue one in the editor, or discard it. Nothing shows when there is none. */
export function DraftList() {
  const { t, i18n } = useTranslation();
  const drafts = useDraftStore((s) => s.drafts);
  const remove = useDraftStore((s) => s.remove);
  const userId = useCurrentUser()?.id;
  // The draft asked about; kept while the dialog closes, so that its title does not empty.
  const [discarding, setDiscarding] = useState<{ id: string; name: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const unfinished = unfinishedDrafts(drafts, userId);
  if (unfinished.length === 0 && !asking) return null;
  const nameOf = (entry: StoredDraft) => entry.draft.name.trim() || t('myBots.drafts.unnamed');

  return (
    <Card data-testid="draft-list">
      <CardHeader>
        <CardTitle className="text-base">{t('myBots.drafts.title', { count: unfinished.length })}</CardTitle>
        <CardDescription>{t('myBots.drafts.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {unfinished.map(([id, entry]) => (
            <li key={id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="draft-row">
              <Avatar src={entry.draft.imageUrl} name={nameOf(entry)} className="size-10 rounded-lg" decorative />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="truncate font-medium">{nameOf(entry)}</p>
                <p className="text-xs text-muted-foreground">
                  {t('myBots.drafts.edited', { when: timeAgo(entry.updatedAt, i18n.language) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button asChild size="sm">
                  <Link to={`${ROUTES.botsCreate}?draft=${encodeURIComponent(id)}`}>
                    <FilePen aria-hidden />
                    {t('myBots.drafts.continue')}
                  </Link>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setDiscarding({ id, name: nameOf(entry) });
                    setAsking(true);
                  }}
                  aria-label={t('myBots.drafts.discardNamed', { name: nameOf(entry) })}
                >
                  <Trash2 aria-hidden />
                  {t('myBots.drafts.discard')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('myBots.drafts.discardTitle', { name: discarding?.name ?? '' })}
        description={t('myBots.drafts.discardText')}
        confirmLabel={t('myBots.drafts.discard')}
        destructive
        onConfirm={() => {
          if (discarding) remove(discarding.id);
          setAsking(false);
        }}
      />
    </Card>
  );
}

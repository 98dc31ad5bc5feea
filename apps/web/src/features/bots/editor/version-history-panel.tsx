import { History, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot, BotVersion } from '@app/shared/bots/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useCreateVersion, useRestoreVersion, useVersions } from '../api';
import { timeAgo } from '../time-ago';

/** Version history (§2), for real: save the bot as a version with a changelog, list them, restore one. */
export function VersionHistoryPanel({ bot, onRestored }: { bot: Bot; onRestored(bot: Bot): void }) {
  const { t, i18n } = useTranslation();
  const versions = useVersions(bot.id);
  const create = useCreateVersion();
  const restore = useRestoreVersion();
  const [changelog, setChangelog] = useState('');
  const [restoring, setRestoring] = useState<BotVersion | null>(null);
  const canWrite = bot.myRole === 'owner' || bot.myRole === 'editor';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <History className="size-4" />
          {t('botEditor.versions.title')}
        </CardTitle>
        <CardDescription>{t('botEditor.versions.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canWrite ? (
          <form
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate(
                { id: bot.id, changelog: changelog.trim() },
                {
                  onSuccess: (v) => {
                    setChangelog('');
                    toast.success(t('botEditor.versions.saved', { version: v.version }));
                  },
                  onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.createVersion)),
                },
              );
            }}
          >
            <Input
              value={changelog}
              onChange={(e) => setChangelog(e.target.value)}
              placeholder={t('botEditor.versions.changelogPlaceholder')}
              aria-label={t('botEditor.versions.changelog')}
              maxLength={500}
            />
            <Button type="submit" disabled={!changelog.trim() || create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" /> : null}
              {t('botEditor.versions.save')}
            </Button>
          </form>
        ) : null}
        {versions.isError ? (
          <ErrorCard message={versions.error.message || BOT_FAILURES.versions} onRetry={() => void versions.refetch()} />
        ) : versions.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : versions.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('botEditor.versions.empty')}</p>
        ) : (
          <ol className="grid gap-2" data-testid="versions">
            {versions.data.items.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3">
                <span className="font-mono text-sm font-semibold">v{v.version}</span>
                <Badge variant={v.status === 'current' ? 'success' : 'outline'}>{t(`botEditor.versions.status.${v.status}`)}</Badge>
                <span className="min-w-0 flex-1 truncate text-sm">{v.changelog}</span>
                <span className="w-full text-xs text-muted-foreground sm:w-auto">
                  {v.author.displayName} · {timeAgo(v.createdAt, i18n.language)}
                </span>
                {canWrite && v.status === 'archived' ? (
                  <Button size="sm" variant="outline" onClick={() => setRestoring(v)}>
                    <RotateCcw />
                    {t('botEditor.versions.restore')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={t('botEditor.versions.restoreTitle', { version: restoring?.version })}
        description={t('botEditor.versions.restoreText')}
        confirmLabel={t('botEditor.versions.restore')}
        pending={restore.isPending}
        onConfirm={() =>
          restoring &&
          restore.mutate(
            { id: bot.id, versionId: restoring.id },
            {
              onSuccess: (restored) => {
                setRestoring(null);
                onRestored(restored);
                toast.success(t('botEditor.versions.restored', { version: restoring.version }));
              },
              onError: (err) => toast.error(translateMessage(err.message || BOT_FAILURES.restoreVersion)),
            },
          )
        }
      />
    </Card>
  );
}

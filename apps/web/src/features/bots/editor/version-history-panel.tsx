import { History, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BOT_LIMITS } from '@app/shared/bots/constants';
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
import './texts';

/** The server records a restore with this English changelog; the panel says it in the reader's language. */
const RESTORED = /^Restored version (\d+)$/;

/**
 * Version history (§2), for real: owners and editors save the bot as last saved as a version with a changelog and
 * restore an archived one (after a confirmation); viewers see the list.
 */
export function VersionHistoryPanel({ bot, onRestored }: { bot: Bot; onRestored(bot: Bot): void }) {
  const { t, i18n } = useTranslation();
  const versions = useVersions(bot.id);
  const create = useCreateVersion();
  const restore = useRestoreVersion();
  const [changelog, setChangelog] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<BotVersion | null>(null);
  const canWrite = bot.myRole === 'owner' || bot.myRole === 'editor';
  const changelogOf = (v: BotVersion) => {
    const restored = RESTORED.exec(v.changelog);
    return restored ? t('botEditor.versions.restoredChangelog', { version: restored[1] }) : v.changelog;
  };

  return (
    <Card data-testid="version-history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <History className="size-4" />
          {t('botEditor.versions.title')}
        </CardTitle>
        <CardDescription>{t(canWrite ? 'botEditor.versions.text' : 'botEditor.versions.readOnly')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canWrite ? (
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              const sent = changelog;
              create.mutate(
                { id: bot.id, changelog: sent.trim() },
                {
                  onSuccess: (v) => {
                    // Text typed while saving stays.
                    setChangelog((c) => (c === sent ? '' : c));
                    toast.success(t('botEditor.versions.saved', { version: v.version }));
                  },
                  onError: (err) => setError(err.message || BOT_FAILURES.createVersion),
                },
              );
            }}
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                value={changelog}
                onChange={(e) => {
                  setChangelog(e.target.value);
                  setError(null);
                }}
                placeholder={t('botEditor.versions.changelogPlaceholder')}
                aria-label={t('botEditor.versions.changelog')}
                aria-invalid={error ? true : undefined}
                aria-describedby="version-hint"
                maxLength={BOT_LIMITS.changelogMax}
                data-testid="version-changelog"
              />
              <Button type="submit" className="shrink-0" disabled={!changelog.trim() || create.isPending} data-testid="save-version">
                {create.isPending ? <Loader2 className="animate-spin" /> : null}
                {t('botEditor.versions.save')}
              </Button>
            </div>
            <p id="version-hint" className="text-xs text-muted-foreground">
              {t('botEditor.versions.savedStateHint')}
            </p>
            {error ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {translateMessage(error)}
              </p>
            ) : null}
          </form>
        ) : null}
        {versions.isError ? (
          <ErrorCard message={versions.error.message || BOT_FAILURES.versions} onRetry={() => void versions.refetch()} />
        ) : versions.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : versions.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{t('botEditor.versions.empty')}</p>
        ) : (
          <ol className="grid max-h-96 gap-2 overflow-y-auto" data-testid="versions" aria-label={t('botEditor.versions.title')}>
            {versions.data.items.map((v) => (
              <li key={v.id} className="grid gap-1.5 rounded-lg border p-3" data-testid="version">
                <div className="flex items-center gap-2">
                  <span className="font-mono text-sm font-semibold">v{v.version}</span>
                  <Badge variant={v.status === 'current' ? 'success' : 'outline'}>{t(`botEditor.versions.status.${v.status}`)}</Badge>
                  {canWrite && v.status === 'archived' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-auto h-7"
                      onClick={() => setRestoring(v)}
                      aria-label={t('botEditor.versions.restoreN', { version: v.version })}
                    >
                      <RotateCcw />
                      {t('botEditor.versions.restore')}
                    </Button>
                  ) : null}
                </div>
                <p className="break-words text-sm">{changelogOf(v)}</p>
                <p className="text-xs text-muted-foreground">
                  {v.author.displayName} ·{' '}
                  <time dateTime={v.createdAt} title={new Date(v.createdAt).toLocaleString(i18n.language)}>
                    {timeAgo(v.createdAt, i18n.language)}
                  </time>
                </p>
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
              onError: (err) => {
                setRestoring(null);
                toast.error(translateMessage(err.message || BOT_FAILURES.restoreVersion));
              },
            },
          )
        }
      />
    </Card>
  );
}

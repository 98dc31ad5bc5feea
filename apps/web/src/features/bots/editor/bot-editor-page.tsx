import { FileQuestion, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot, BotTemplate } from '@app/shared/bots/schemas';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { PageSkeleton } from '@/components/page-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/store';
import { ApiRequestError } from '@/lib/api-client';
import { useBot } from '../api';
import { BotEditor } from './bot-editor';
import { draftFromBot, emptyDraft, useDraftStore } from './draft-store';
import { TemplatePicker } from './template-picker';
import './texts';

/**
 * /bots/create?draft=, /create, /create/bot, /bots/edit/{id}?draft= and /my-bots/{id}/edit (§2, §4
 * draft flow): without ?draft= a new draft is made (from the bot when editing) and the URL names it,
 * so that a reload finds it again.
 */
export function BotEditorPage() {
  const { botId } = useParams();
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft');
  const entry = useDraftStore((s) => (draftId ? s.drafts[draftId] : undefined));
  const createDraft = useDraftStore((s) => s.create);
  const userId = useCurrentUser()?.id;
  // The draft names the bot it edits; the route's id only matters until the draft exists.
  const bot = useBot(entry?.botId ?? botId);
  // Guards against making two drafts for one visit (effects run twice in development); cleared once the URL names a
  // draft, so that coming back here without ?draft= (the sidebar's Create link) starts a new one.
  const made = useRef(false);

  useEffect(() => {
    if (draftId) {
      made.current = false;
      return;
    }
    if (made.current) return;
    if (!botId) {
      made.current = true;
      setParams({ draft: createDraft({ draft: emptyDraft(), tagText: '', userId }) }, { replace: true });
    } else if (bot.data && canEdit(bot.data)) {
      made.current = true;
      setParams(
        { draft: createDraft({ draft: draftFromBot(bot.data), botId, tagText: bot.data.tags.join(', '), userId }) },
        { replace: true },
      );
    }
  }, [draftId, botId, bot.data, createDraft, setParams, userId]);

  if (!draftId) {
    if (botId && bot.isError) return <LoadError error={bot.error} retry={() => void bot.refetch()} />;
    if (bot.data && !canEdit(bot.data)) return <CannotEdit botId={bot.data.id} />;
    return <PageSkeleton />;
  }
  if (!entry) return <DraftNotFound />;
  if (entry.botId && !bot.data) {
    return bot.isError ? <LoadError error={bot.error} retry={() => void bot.refetch()} /> : <PageSkeleton />;
  }
  // A viewer (or someone whose editor role was taken away) could only meet a 403 on save: say so now; the draft stays.
  if (bot.data && entry.botId && !canEdit(bot.data)) return <CannotEdit botId={bot.data.id} />;
  if (!entry.botId && !entry.templateId) {
    const pick = (template: BotTemplate | null) => useDraftStore.getState().applyTemplate(draftId, template);
    return <TemplatePicker onPick={pick} onScratch={() => pick(null)} />;
  }
  return <BotEditor key={draftId} draftId={draftId} entry={entry} bot={bot.data} />;
}

/** Owners and editors change a bot (§6); the server enforces it, the page only says so before any typing. */
const canEdit = (bot: Bot) => bot.myRole === 'owner' || bot.myRole === 'editor';

function CannotEdit({ botId }: { botId: string }) {
  const { t } = useTranslation();
  return (
    <NotFoundCard
      icon={Lock}
      title={t('botEditor.cannotEdit')}
      text={t('botEditor.cannotEditText')}
      action={
        <Button asChild>
          <Link to={ROUTES.bot(botId)}>{t('botEditor.openBot')}</Link>
        </Button>
      }
    />
  );
}

function LoadError({ error, retry }: { error: Error; retry(): void }) {
  const missing = error instanceof ApiRequestError && (error.status === 404 || error.status === 403);
  return <ErrorCard message={missing ? error.message : BOT_FAILURES.loadDraft} onRetry={missing ? undefined : retry} />;
}

function DraftNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-lg border-dashed">
      <CardContent className="grid place-items-center gap-3 p-10 text-center">
        <FileQuestion className="size-10 text-muted-foreground" />
        <h1 className="text-lg font-semibold" data-testid="draft-not-found">
          {t('botEditor.draftNotFound')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('botEditor.draftNotFoundText')}</p>
        <Button asChild>
          <Link to={ROUTES.botsCreate}>{t('botEditor.startNew')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

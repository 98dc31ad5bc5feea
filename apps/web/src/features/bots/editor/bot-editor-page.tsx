import { FileQuestion } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { BotTemplate } from '@app/shared/bots/schemas';
import { ErrorCard } from '@/components/error-card';
import { PageSkeleton } from '@/components/page-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiRequestError } from '@/lib/api-client';
import { useBot } from '../api';
import { BotEditor } from './bot-editor';
import { draftFromBot, draftFromTemplate, emptyDraft, useDraftStore } from './draft-store';
import { TemplatePicker } from './template-picker';

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
  const bot = useBot(botId ?? entry?.botId);
  const made = useRef(false);

  useEffect(() => {
    if (draftId || made.current) return;
    if (!botId) {
      made.current = true;
      setParams({ draft: createDraft({ draft: emptyDraft(), tagText: '' }) }, { replace: true });
    } else if (bot.data) {
      made.current = true;
      setParams({ draft: createDraft({ draft: draftFromBot(bot.data), botId, tagText: bot.data.tags.join(', ') }) }, { replace: true });
    }
  }, [draftId, botId, bot.data, createDraft, setParams]);

  if (!draftId) {
    if (botId && bot.isError) return <LoadError error={bot.error} retry={() => void bot.refetch()} />;
    return <PageSkeleton />;
  }
  if (!entry) return <DraftNotFound />;
  if (entry.botId && !bot.data) {
    return bot.isError ? <LoadError error={bot.error} retry={() => void bot.refetch()} /> : <PageSkeleton />;
  }
  if (!entry.botId && !entry.templateId) {
    const pick = (template: BotTemplate | null) =>
      useDraftStore
        .getState()
        .update(
          draftId,
          template
            ? { draft: draftFromTemplate(template), templateId: template.id, tagText: (template.fields.tags ?? []).join(', ') }
            : { templateId: 'scratch' },
        );
    return <TemplatePicker onPick={pick} onScratch={() => pick(null)} />;
  }
  return <BotEditor key={draftId} draftId={draftId} entry={entry} bot={bot.data} />;
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

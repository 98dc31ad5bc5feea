import { AlertCircle, Eye, EyeOff, Loader2, Save } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { Bot } from '@app/shared/bots/schemas';
import { DRAFT_FIELD_TAB } from '@app/shared/bots/validation';
import { ErrorCard } from '@/components/error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useObjectUrl } from './avatar-field';
import { BasicTab } from './basic-tab';
import { CollaboratorsPanel } from './collaborators-panel';
import { draftFromBot, useDraftStore, type StoredDraft } from './draft-store';
import { PersonalityTab } from './personality-tab';
import { DraftPreview } from './preview';
import { useSaveBot } from './save-bot';
import { SettingsTab } from './settings-tab';
import { EDITOR_TABS, useEditor, type EditorTab } from './use-editor';
import { VersionHistoryPanel } from './version-history-panel';
import { BotLorebookPanel } from '@/features/lorebooks/bot-lorebook-panel';
import { VisibilityTab } from './visibility-tab';
import './texts';

// The server names bot fields; the draft calls the avatar imageUrl.
const draftFieldOf = (field: string | undefined) => (field === 'avatarUrl' || field === 'avatar' ? 'imageUrl' : field?.split('.')[0]);

/** The four tabs of §2 over a stored draft, with the live preview and the save buttons. */
export function BotEditor({ draftId, entry, bot }: { draftId: string; entry: StoredDraft; bot?: Bot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editor = useEditor(draftId, entry);
  const removeDraft = useDraftStore((s) => s.remove);
  const { save, saving } = useSaveBot();
  const [tab, setTab] = useState<EditorTab>('basic');
  const [preview, setPreview] = useState(true);
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  // A new bot's chosen picture waits for its first save; the preview shows it meanwhile.
  const pendingAvatarUrl = useObjectUrl(pendingAvatar);
  const editing = Boolean(entry.botId);
  const isOwner = !editing || bot?.myRole === 'owner';
  const form = useRef<HTMLDivElement>(null);
  const errorCount = Object.keys(editor.validation.errors).length;

  // Shows every error, opens the tab of the first one and puts the cursor in its field.
  const showErrors = () => {
    editor.setAttempted(true);
    const field = Object.keys(editor.validation.errors)[0];
    if (!field) return;
    setTab(DRAFT_FIELD_TAB[field] ?? 'basic');
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[role=tabpanel] [aria-invalid=true]')?.focus());
  };

  // Back to where the user came from (the draft stays in this browser); the bot or My Bots when the editor was opened directly.
  const cancel = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(entry.botId ? ROUTES.bot(entry.botId) : ROUTES.myBots);
  };

  // The draft is already kept in this browser at every keystroke; this says so, and shows what still blocks saving.
  const saveDraft = () => {
    editor.setAttempted(true);
    const first = Object.values(editor.validation.errors)[0];
    if (first) toast.info(`${t('botEditor.draftSaved')} ${t('botEditor.fixErrors', { error: translateMessage(first) })}`);
    else toast.success(t('botEditor.draftSaved'));
  };

  const submit = async () => {
    if (!editor.validation.valid) {
      // §5: nothing is saved; the draft's first error, and the tab that holds it.
      const message = Object.values(editor.validation.errors)[0];
      if (message) toast.error(t('botEditor.fixErrors', { error: translateMessage(message) }));
      showErrors();
      return;
    }
    editor.setServerError(null);
    try {
      const { bot: saved, warning } = await save({ draft: editor.draft, botId: entry.botId, isOwner, pendingAvatar });
      if (warning) toast.warning(translateMessage(warning));
      toast.success(editing ? t('botEditor.updated', { name: saved.name }) : t('botEditor.created', { name: saved.name }));
      removeDraft(draftId);
      void navigate(ROUTES.bot(saved.id));
    } catch (err) {
      const field = err instanceof ApiRequestError ? draftFieldOf(err.field) : undefined;
      editor.setServerError({ field, message: (err as Error).message || (editing ? BOT_FAILURES.update : BOT_FAILURES.create) });
      // §2: a failed save returns the user to the Basic tab.
      setTab('basic');
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {editing ? t('botEditor.editTitle', { name: bot?.name ?? entry.draft.name }) : t('botEditor.createTitle')}
          </h1>
          <p className="text-muted-foreground">{t('botEditor.subtitle')}</p>
        </div>
        <Button variant="outline" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
          {preview ? <EyeOff /> : <Eye />}
          {preview ? t('botEditor.hidePreview') : t('botEditor.showPreview')}
        </Button>
      </header>

      {/* A failed save: the server's words in the spec's Error card, and under the field it names. */}
      {editor.serverError ? <ErrorCard message={editor.serverError.message} /> : null}

      <div
        className={
          preview ? 'grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]' : 'grid grid-cols-[minmax(0,1fr)] gap-6'
        }
      >
        <Card ref={form}>
          <CardContent className="p-4 sm:p-6">
            <Tabs value={tab} onValueChange={(v) => setTab(v as EditorTab)}>
              <TabsList className="w-full justify-start sm:w-auto">
                {EDITOR_TABS.map((key) => (
                  <TabsTrigger key={key} value={key} data-testid={`tab-${key}`}>
                    {t(`botEditor.tabs.${key}`)}
                    {editor.tabHasError(key) ? (
                      <span
                        className="size-2 rounded-full bg-destructive"
                        role="img"
                        aria-label={t('botEditor.tabHasErrors')}
                        data-testid="tab-error-dot"
                      />
                    ) : null}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="basic">
                <BasicTab
                  editor={editor}
                  tagText={entry.tagText}
                  botId={entry.botId}
                  pendingAvatar={pendingAvatar}
                  onPendingAvatar={setPendingAvatar}
                />
              </TabsContent>
              <TabsContent value="personality">
                <PersonalityTab editor={editor} />
              </TabsContent>
              <TabsContent value="settings">
                <SettingsTab editor={editor} />
              </TabsContent>
              <TabsContent value="visibility">
                <VisibilityTab editor={editor} canChangeVisibility={isOwner} hasPendingAvatar={pendingAvatar !== null} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        {preview ? (
          <aside className="lg:sticky lg:top-20 lg:self-start">
            <DraftPreview draft={editor.draft} imageUrl={pendingAvatarUrl ?? editor.draft.imageUrl} />
          </aside>
        ) : null}
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {errorCount ? (
          // Why the save button is held, and a way to the first field that holds it.
          <Button
            variant="ghost"
            size="sm"
            className="mr-auto max-w-full text-destructive hover:text-destructive"
            onClick={showErrors}
            data-testid="show-errors"
          >
            <AlertCircle />
            <span className="truncate">{t('botEditor.errorCount', { count: errorCount })}</span>
          </Button>
        ) : null}
        <Button variant="ghost" onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={saveDraft} data-testid="save-draft">
          <Save className="max-sm:hidden" />
          {t('botEditor.saveDraft')}
        </Button>
        <Button onClick={() => void submit()} disabled={!editor.validation.valid || saving} aria-busy={saving} data-testid="save-bot">
          {saving ? <Loader2 className="animate-spin" /> : null}
          {editing ? t('botEditor.update') : t('botEditor.create')}
        </Button>
      </div>

      {editing && bot && entry.botId ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <VersionHistoryPanel
            bot={bot}
            onRestored={(restored) =>
              useDraftStore.getState().update(draftId, { draft: draftFromBot(restored), tagText: restored.tags.join(', ') })
            }
          />
          <CollaboratorsPanel bot={bot} />
          {bot.myRole === 'owner' ? <BotLorebookPanel botId={bot.id} /> : null}
        </div>
      ) : null}
    </div>
  );
}

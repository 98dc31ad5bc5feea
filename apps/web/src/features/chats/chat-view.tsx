import { AlertCircle, ChevronDown, Coins, Download, GitBranch, Info, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import type { Chat } from '@app/shared/chats/schemas';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ApiRequestError, apiDownload } from '@/lib/api-client';
import { useAppInfo } from '@/lib/app-info';
import { translateMessage } from '@/lib/messages';
import { PersonaPicker } from '@/features/personas/persona-picker';
import { cn } from '@/lib/cn';
import { branchChat, chatKeys } from './api';
import { MessagesSkeleton } from './chat-skeleton';
import { headerSubtitle, subtitleText } from './chat-title';
import { Composer } from './composer';
import { GroupMembersDialog } from '@/features/chat-groups/group-dialogs';
import { AUTO, ReplyAs } from '@/features/chat-groups/reply-as';
import '@/features/chat-groups/texts';
import { ChatLorebooksButton } from '@/features/lorebooks/chat-lorebooks-button';
import { MessageBubble } from './message-bubble';
import { PromptDialog } from './prompt-dialog';
import { exchangesOf, RateButton, RatePrompt, useBotRating, useRatePrompt } from './rating';
import { useConversation } from './use-conversation';
import { useStickToBottom } from './use-stick-to-bottom';
import './texts';

/** A conversation: the messages (older pages on demand), the streaming reply, and the box to write in. */
export function ChatView({ chat, onNewChat, onChatChanged }: { chat: Chat; onNewChat(): void; onChatChanged(chat: Chat): void }) {
  const { t, i18n } = useTranslation();
  const conversation = useConversation(chat.id);
  const info = useAppInfo();
  const lastMessage = conversation.messages.at(-1);
  const scroller = useStickToBottom<HTMLDivElement>(`${conversation.messages.length}:${lastMessage?.content.length ?? 0}`);
  const lastReplyId = [...conversation.messages].reverse().find((m) => m.role === 'assistant')?.id;
  const outOfTokens = conversation.error instanceof ApiRequestError && conversation.error.code === 'INSUFFICIENT_TOKENS';
  const act = (work: Promise<unknown>) => void work.catch((err: Error) => toast.error(translateMessage(err.message)));
  const rating = useBotRating(chat.bot.id, chat.myRating);
  // Asks for stars after a few exchanges said here (rating.tsx exchangesOf).
  const ratePrompt = useRatePrompt(chat.bot.id, rating.rating, exchangesOf(conversation.messages));
  const [promptOf, setPromptOf] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [branching, setBranching] = useState(false);
  const branch = async (messageId: string) => {
    setBranching(true);
    try {
      const created = await branchChat(chat.id, messageId);
      // The lists only: the open chat's own query would start another chat on /chat/{botId}?new=1.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
      toast.success(t('chat.branched'));
      await navigate(ROUTES.chatById(created.id));
    } finally {
      setBranching(false);
    }
  };
  // A group chat (issue 20 §3): its characters by id, who replies next, and its members' dialog.
  const group = chat.group;
  const speakers = new Map((group?.bots ?? []).map((b) => [b.id, b]));
  const [membersOpen, setMembersOpen] = useState(false);
  const [replyAs, setReplyAs] = useState<string>(AUTO);
  // Manual turns have no "auto"; a character who left can't be chosen.
  const chosen = replyAs !== AUTO && speakers.has(replyAs) ? replyAs : group?.turnOrder === 'manual' ? (group.bots[0]?.id ?? AUTO) : AUTO;
  // Messages before the user's first one are greetings: no model was asked for them.
  const firstUserIndex = conversation.messages.findIndex((m) => m.role === 'user');
  // What tells this chat from the others with the same character(s): its own title, or when it began.
  const subtitle = headerSubtitle(chat, i18n.language);
  const subtitleLine = subtitleText(subtitle, (date) => t('chat.startedAt', { date }));
  const [offlineOpen, setOfflineOpen] = useState(false);

  return (
    <div className="-my-2 flex h-[calc(100dvh-7.5rem)] min-h-[28rem] flex-col gap-3 sm:-my-4">
      {/* The name keeps at least 14rem: when the buttons don't fit beside it (a phone), they go to a row of their own. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {group ? (
          <div className="flex min-w-[min(100%,14rem)] flex-1 items-center gap-3" data-testid="group-header">
            <span className="flex shrink-0 -space-x-3">
              {group.bots.slice(0, 3).map((b) => (
                <Avatar key={b.id} src={b.avatarUrl} name={b.name} className="size-9 ring-2 ring-background" decorative />
              ))}
            </span>
            <div className="grid min-w-0 justify-items-start">
              <h1 className="max-w-full truncate text-lg font-semibold" title={chat.title}>
                {chat.title}
              </h1>
              <span className="flex max-w-full items-baseline gap-1.5 text-xs text-muted-foreground">
                <button
                  type="button"
                  onClick={() => setMembersOpen(true)}
                  aria-haspopup="dialog"
                  className="shrink-0 rounded-sm underline-offset-2 hover:text-foreground hover:underline"
                  data-testid="group-members-button"
                >
                  {t('chatGroups.count', { count: group.bots.length })}
                  <span className="sr-only">: {t('chatGroups.manage')}</span>
                </button>
                <span aria-hidden>·</span>
                <span className="min-w-0 truncate" title={subtitleLine} data-testid="chat-subtitle">
                  {subtitleLine}
                </span>
              </span>
            </div>
          </div>
        ) : (
          <div className="flex min-w-[min(100%,14rem)] flex-1">
            <Link to={ROUTES.bot(chat.bot.id)} className="flex min-w-0 items-center gap-3 rounded-md hover:opacity-90">
              {/* The name is right beside it: the picture adds nothing to read out. */}
              <Avatar src={chat.bot.avatarUrl} name={chat.bot.name} className="size-10" decorative />
              <div className="grid min-w-0">
                <h1 className="truncate text-lg font-semibold leading-tight" title={chat.bot.name}>
                  {chat.bot.name}
                </h1>
                <span className="truncate text-xs text-muted-foreground" title={subtitleLine} data-testid="chat-subtitle">
                  {subtitleLine}
                </span>
              </div>
            </Link>
          </div>
        )}
        {chat.parentId ? (
          <Link
            to={ROUTES.chatById(chat.parentId)}
            className="flex shrink-0 items-center gap-1 rounded-md p-1 text-xs text-muted-foreground hover:text-foreground"
            aria-label={t('chat.branchOf')}
            data-testid="branch-parent"
          >
            <GitBranch className="size-3.5" aria-hidden />
            <span className="hidden sm:inline">{t('chat.branchOf')}</span>
          </Link>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
          <PersonaPicker chat={chat} onChanged={onChatChanged} />
          {/* A group's stars would go to one of its characters: rated on their own pages instead. */}
          {group ? null : <RateButton rating={rating} />}
          <ChatLorebooksButton chatId={chat.id} botIds={group ? group.bots.map((b) => b.id) : [chat.botId]} />
          <Button
            variant="ghost"
            size="sm"
            data-testid="export-chat"
            aria-label={t('chat.exportJsonl')}
            title={t('chat.exportJsonl')}
            onClick={() =>
              apiDownload(`/api/chats/${chat.id}/export?format=jsonl`, 'chat.jsonl').catch(() => toast.error(t('chat.exportFailed')))
            }
          >
            <Download />
          </Button>
          <Button variant="outline" size="sm" onClick={onNewChat} data-testid="new-chat" aria-label={t('chat.newChat')}>
            <Plus />
            <span className="hidden sm:inline">{t('chat.newChat')}</span>
          </Button>
        </div>
      </header>

      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto rounded-xl border bg-card/50 p-3 sm:p-4"
        aria-live="polite"
        aria-busy={conversation.streaming}
      >
        {conversation.loadError ? (
          <ErrorCard message={conversation.loadError.message} onRetry={() => void conversation.reload()} />
        ) : conversation.loading ? (
          <MessagesSkeleton role="status" aria-label={t('common.loading')} />
        ) : (
          <ol className="grid gap-4">
            {conversation.hasMore ? (
              <li className="text-center">
                <Button variant="ghost" size="sm" onClick={() => act(conversation.loadOlder())}>
                  {t('chat.loadEarlier')}
                </Button>
              </li>
            ) : null}
            {conversation.messages.map((message, index) => (
              <MessageBubble
                key={message.id}
                message={message}
                bot={message.speaker ?? (message.botId ? speakers.get(message.botId) : undefined) ?? chat.bot}
                showName={group !== null && message.role === 'assistant'}
                isLastReply={message.id === lastReplyId}
                busy={conversation.streaming || branching}
                onRegenerate={() => act(conversation.regenerate(message.id))}
                onShowVariant={(index) => act(conversation.showVariant(message, index))}
                onEdit={(content) =>
                  conversation.edit(message.id, content).catch((err: Error) => void toast.error(translateMessage(err.message)))
                }
                onDelete={() => act(conversation.remove(message.id))}
                onShowPrompt={firstUserIndex >= 0 && index > firstUserIndex ? () => setPromptOf(message.id) : null}
                onBranch={() => act(branch(message.id))}
              />
            ))}
            {ratePrompt.show && !conversation.streaming && !group ? (
              <li>
                <RatePrompt botName={chat.bot.name} rating={rating} onDismiss={ratePrompt.dismiss} />
              </li>
            ) : null}
          </ol>
        )}
      </div>

      {/* Below the conversation, so that its arrival (a call of its own) moves nothing already drawn. */}
      {info.data?.model.offline ? (
        // One line on a phone (the chevron shows the rest); whole, and read out whole, everywhere.
        <Alert className="gap-2 px-3 py-1.5 text-xs sm:gap-3 sm:py-2" data-testid="offline-notice">
          <Info />
          <span id="offline-notice-text" className={cn('min-w-0 flex-1', !offlineOpen && 'line-clamp-1 sm:line-clamp-none')}>
            {t('chat.offline')}
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="-my-1 size-6 text-muted-foreground sm:hidden"
            aria-expanded={offlineOpen}
            aria-controls="offline-notice-text"
            aria-label={t('chat.offlineMore')}
            onClick={() => setOfflineOpen((open) => !open)}
            data-testid="offline-notice-toggle"
          >
            <ChevronDown className={cn('transition-transform', offlineOpen && 'rotate-180')} />
          </Button>
        </Alert>
      ) : null}

      {conversation.error ? (
        <Alert variant="destructive" className="py-2" role="alert">
          {outOfTokens ? <Coins /> : <AlertCircle />}
          <div className="flex flex-1 flex-wrap items-center justify-between gap-2 text-sm">
            <span>{translateMessage(conversation.error.message)}</span>
            {outOfTokens ? (
              <Button asChild size="sm" variant="outline">
                <Link to={ROUTES.tokens}>{t('chat.getTokens')}</Link>
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}

      {group ? (
        <ReplyAs
          bots={group.bots}
          manual={group.turnOrder === 'manual'}
          value={chosen}
          onChange={setReplyAs}
          disabled={conversation.streaming}
        />
      ) : null}
      <Composer
        streaming={conversation.streaming}
        onSend={(text) => void conversation.send(text, chosen === AUTO ? undefined : chosen)}
        onStop={conversation.stop}
      />
      {group ? <GroupMembersDialog chat={chat} open={membersOpen} onOpenChange={setMembersOpen} onChanged={onChatChanged} /> : null}
      <PromptDialog chatId={chat.id} messageId={promptOf} onClose={() => setPromptOf(null)} />
    </div>
  );
}

import { ChevronLeft, ChevronRight, GitBranch, Loader2, Pencil, RefreshCw, ScrollText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/shared/chats/schemas';
import { ChatBubble } from '@/components/chat-bubble';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import './texts';

interface MessageBubbleProps {
  message: ChatMessage;
  bot: { name: string; avatarUrl: string | null };
  isLastReply: boolean;
  busy: boolean;
  onRegenerate(): void;
  onShowVariant(index: number): void;
  onEdit(content: string): Promise<void>;
  onDelete(): void;
  /** Opens the Prompt panel of a reply (what the model was sent); none for a greeting, which had no prompt. */
  onShowPrompt: (() => void) | null;
  /** A new chat with the history up to this message (issue 20 §4). */
  onBranch(): void;
  /** In a group chat, a reply says whose it is. */
  showName?: boolean;
}

/**
 * One message: Markdown for formatting, never raw HTML (react-markdown leaves HTML out unless a
 * plugin lets it in); the reply's alternatives with arrows; regenerate, edit, branch and delete.
 */
export function MessageBubble({
  message,
  bot,
  isLastReply,
  busy,
  onRegenerate,
  onShowVariant,
  onEdit,
  onDelete,
  onShowPrompt,
  onBranch,
  showName = false,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const mine = message.role === 'user';
  const streaming = message.status === 'streaming';

  return (
    <li
      className={cn('group flex gap-3', mine && 'flex-row-reverse')}
      data-testid={mine ? 'user-message' : 'bot-message'}
      data-status={message.status}
    >
      {mine ? null : <Avatar src={bot.avatarUrl} name={bot.name} className="size-8 shrink-0" />}
      <div className={cn('grid max-w-[85%] gap-1', mine && 'justify-items-end')}>
        {showName ? (
          <span className="text-xs font-medium text-muted-foreground" data-testid="speaker">
            {bot.name}
          </span>
        ) : null}
        {editing ? (
          <form
            className="grid w-[min(36rem,80vw)] gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void onEdit(draft.trim()).then(() => setEditing(false));
            }}
          >
            <Textarea value={draft} onChange={(e) => setDraft(e.target.value)} aria-label={t('chat.editMessage')} autoFocus />
            <div className="flex justify-end gap-2">
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="sm" type="submit" disabled={!draft.trim()}>
                {t('common.save')}
              </Button>
            </div>
          </form>
        ) : (
          <ChatBubble
            text={message.content}
            mine={mine}
            className={cn(message.status === 'failed' && 'border border-destructive/50')}
            after={
              streaming ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground" aria-label={t('chat.typing')}>
                  <Loader2 className="size-3.5 animate-spin" />
                </span>
              ) : null
            }
          />
        )}
        {message.status === 'failed' ? (
          <p className="text-xs text-destructive" role="alert">
            {translateMessage(message.error ?? 'The reply could not be completed')}
          </p>
        ) : message.status === 'stopped' ? (
          <p className="text-xs text-muted-foreground">{t('chat.stopped')}</p>
        ) : null}
        {!editing && !streaming ? (
          <div className="flex items-center gap-0.5 text-muted-foreground opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            {message.variants.length > 1 ? (
              <span className="flex items-center text-xs">
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  disabled={busy || message.variantIndex === 0}
                  onClick={() => onShowVariant(message.variantIndex - 1)}
                  aria-label={t('chat.previousVariant')}
                >
                  <ChevronLeft />
                </Button>
                <span data-testid="variant-position">
                  {message.variantIndex + 1}/{message.variants.length}
                </span>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  disabled={busy || message.variantIndex >= message.variants.length - 1}
                  onClick={() => onShowVariant(message.variantIndex + 1)}
                  aria-label={t('chat.nextVariant')}
                >
                  <ChevronRight />
                </Button>
              </span>
            ) : null}
            {!mine && (isLastReply || message.status === 'failed') ? (
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                disabled={busy}
                onClick={onRegenerate}
                aria-label={message.status === 'failed' ? t('chat.retry') : t('chat.regenerate')}
                title={message.status === 'failed' ? t('chat.retry') : t('chat.regenerate')}
                data-testid="regenerate"
              >
                <RefreshCw />
              </Button>
            ) : null}
            {!mine && onShowPrompt ? (
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                onClick={onShowPrompt}
                aria-label={t('chat.promptButton')}
                title={t('chat.promptButton')}
                data-testid="show-prompt"
              >
                <ScrollText />
              </Button>
            ) : null}
            {mine ? (
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                disabled={busy}
                onClick={() => (setDraft(message.content), setEditing(true))}
                aria-label={t('chat.edit')}
              >
                <Pencil />
              </Button>
            ) : null}
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              disabled={busy || message.status === 'streaming'}
              onClick={onBranch}
              aria-label={t('chat.branch')}
              title={t('chat.branch')}
              data-testid="branch"
            >
              <GitBranch />
            </Button>
            <Button size="icon" variant="ghost" className="size-7" disabled={busy} onClick={onDelete} aria-label={t('common.delete')}>
              <Trash2 />
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';
import { cn } from '@/lib/cn';
import { chatKeys, useRateBot, type Chat, type ChatMessage } from './api';
import './texts';

/**
 * Real 1–5 ratings, given after chatting (they feed the bot's average): the header's button
 * shows the caller's stars and changes them; after a few exchanges the conversation asks once.
 */
export function useBotRating(botId: string, initial: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rate = useRateBot();
  const [rating, setRating] = useState(initial);
  const give = (stars: number, then?: () => void) =>
    rate.mutate(
      { botId, rating: stars },
      {
        onSuccess: () => {
          setRating(stars);
          toast.success(t('chat.rated', { count: stars }));
          // The open chats show the new stars; only the lists are asked again (refetching an open
          // /chat/{botId}?new=1 would start yet another chat).
          queryClient.setQueriesData<Chat>({ queryKey: chatKeys.open }, (chat) =>
            chat && chat.bot.id === botId ? { ...chat, myRating: stars } : chat,
          );
          void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
          then?.();
        },
        onError: (err) => toast.error(translateMessage(err.message)),
      },
    );
  return { rating, give, pending: rate.isPending };
}

type BotRating = ReturnType<typeof useBotRating>;

function StarPicker({ rating, onPick, disabled }: { rating: number | null; onPick(stars: number): void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center" role="group" aria-label={t('chat.rate')}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Button
          key={n}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t('chat.stars', { count: n })}
          aria-pressed={rating === n}
          disabled={disabled}
          onClick={() => onPick(n)}
        >
          <Star className={cn('text-amber-400', rating !== null && n <= rating && 'fill-amber-400')} />
        </Button>
      ))}
    </div>
  );
}

/** The header's button: "Rate", or the caller's stars; a click opens the five stars. */
export function RateButton({ rating }: { rating: BotRating }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) return <StarPicker rating={rating.rating} disabled={rating.pending} onPick={(n) => rating.give(n, () => setOpen(false))} />;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setOpen(true)}
      aria-label={rating.rating ? t('chat.yourRating', { count: rating.rating }) : t('chat.rate')}
      data-testid="rate-button"
    >
      <Star className={cn(rating.rating && 'fill-amber-400 text-amber-400')} />
      <span className="hidden sm:inline">{rating.rating ?? t('chat.rate')}</span>
    </Button>
  );
}

const dismissedKey = (botId: string) => `charachat:rate-prompt-dismissed:${botId}`;

/** Whether the conversation should ask for stars: not rated yet, not declined, and a few exchanges in. */
export function useRatePrompt(botId: string, rating: number | null, exchanges: number) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(botId)) === '1');
  return {
    show: rating === null && !dismissed && exchanges >= RATE_PROMPT_AFTER,
    dismiss() {
      localStorage.setItem(dismissedKey(botId), '1');
      setDismissed(true);
    },
  };
}

/**
 * Finished replies to the user's own messages, said in this chat: a greeting answers no one, and a
 * branch's history or an imported chat's was said elsewhere (the user hasn't talked to the bot here yet).
 */
export function exchangesOf(messages: ChatMessage[]): number {
  return messages.filter((m, i) => m.role === 'assistant' && m.status === 'complete' && !m.copied && messages[i - 1]?.role === 'user')
    .length;
}

/** The number of finished replies to the user's own messages after which the chat asks for a rating. */
const RATE_PROMPT_AFTER = 3;

/** The card at the end of the conversation that asks for stars once. */
export function RatePrompt({ botName, rating, onDismiss }: { botName: string; rating: BotRating; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-2 rounded-xl border bg-card p-3 text-center shadow-sm"
      data-testid="rate-prompt"
    >
      <p className="text-sm font-medium">{t('chat.ratePrompt', { name: botName })}</p>
      <StarPicker rating={rating.rating} disabled={rating.pending} onPick={(n) => rating.give(n)} />
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        {t('chat.notNow')}
      </Button>
    </div>
  );
}

import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ROUTES } from '@app/shared/app/routes';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Button } from '@/components/ui/button';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useCurrentUser } from '@/features/auth/store';
import { apiDownload } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useToggleFavorite } from '../api';

/** The public chat link of a bot. */
export const chatLinkOf = (botId: string) => `${window.location.origin}${ROUTES.chatWith(botId)}`;

/** Copies the bot's chat link (the card's Share) and says so. */
export function useShareBot() {
  const { t } = useTranslation();
  return async (botId: string) => {
    const link = chatLinkOf(botId);
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('botCard.linkCopied'));
    } catch {
      // No clipboard (an insecure origin, a denied permission): show the link to copy by hand.
      toast.info(link);
    }
  };
}

/** The heart: favorites are kept on the server per user; visitors are asked to sign in. */
export function FavoriteButton({ botId, favorited, className }: { botId: string; favorited: boolean; className?: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const showSignIn = useAuthModal((s) => s.show);
  const toggle = useToggleFavorite();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const on = optimistic ?? favorited;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-pressed={on}
      aria-label={on ? t('botCard.unfavorite') : t('botCard.favorite')}
      title={on ? t('botCard.unfavorite') : t('botCard.favorite')}
      onClick={() => {
        if (!user) return showSignIn('signin');
        setOptimistic(!on);
        toggle({ id: botId, favorite: !on })
          .catch((err: Error) => toast.error(translateMessage(err.message)))
          .finally(() => setOptimistic(null));
      }}
    >
      <Heart className={on ? 'fill-rose-500 text-rose-500' : undefined} />
    </Button>
  );
}

/** A Start Chat link, for every variant of the card. */
export function StartChatLink({ botId, className, size = 'sm' }: { botId: string; className?: string; size?: 'sm' | 'default' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Button asChild size={size} className={className}>
      <Link to={ROUTES.chatWith(botId)}>{t('botCard.startChat')}</Link>
    </Button>
  );
}

/** Downloads a bot as a Character Card: png (for SillyTavern and the others), json or yaml. */
export function exportBot(bot: Pick<BotSummary, 'id' | 'name'>, format: 'json' | 'yaml' | 'png') {
  return apiDownload(`/api/bots/${bot.id}/export?format=${format}`, `${bot.name}.${format}`).catch((err: Error) =>
    toast.error(translateMessage(err.message || BOT_FAILURES.export)),
  );
}

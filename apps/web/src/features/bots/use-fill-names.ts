import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/store';
import { fillNames } from './fill-names';

/**
 * A card's macros as this reader sees them in full texts (the bot's page, the editor's preview):
 * {{user}} is the signed-in reader's display name, written as its owner wrote it, or "you" for a
 * signed-out one, capitalized where a sentence opens with it.
 * @example const fill = useFillNames(bot.name); fill(bot.firstMessage)
 */
export function useFillNames(botName: string): (text: string) => string {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const you = user?.displayName ?? t('botDetail.you');
  return (text) => fillNames(text, botName, you, { pronoun: !user });
}

import { CalendarCheck, Coins, Compass, Lock, MessageCircle, PartyPopper, Users, WandSparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/messages';
import type { AchievementCategory, Rarity } from '@app/shared/gamification/achievements';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { timeAgo } from '@/features/bots/time-ago';
import { cn } from '@/lib/cn';
import type { AchievementEntry } from './achievement-view';
import './texts';

/** One icon per category: the catalogue's own icon names would pull every lucide icon into the bundle. */
const CATEGORY_ICONS: Record<AchievementCategory, LucideIcon> = {
  chat: MessageCircle,
  creation: WandSparkles,
  social: Users,
  exploration: Compass,
  loyalty: CalendarCheck,
  special: Coins,
  seasonal: PartyPopper,
};

/** Rarity colours, readable on light and dark. */
export const RARITY_CLASSES: Record<Rarity, string> = {
  common: 'bg-muted text-muted-foreground',
  uncommon: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  rare: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  epic: 'bg-violet-500/15 text-violet-700 dark:text-violet-300',
  legendary: 'bg-amber-500/20 text-amber-800 dark:text-amber-300',
};

/** An achievement: icon, name, description, rarity and points; a hidden locked one shows nothing but that it exists. */
export function AchievementCard({ entry, compact = false }: { entry: AchievementEntry; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const locked = entry.unlockedAt === null;
  const Icon = entry.masked ? Lock : CATEGORY_ICONS[entry.category];
  // The catalogue's texts are English (shared): shown in the reader's language, as on /achievements.
  const name = entry.masked ? t('profileGamification.achievements.hiddenName') : translateMessage(entry.name);
  const description = entry.masked ? t('profileGamification.achievements.hiddenDescription') : translateMessage(entry.description);
  return (
    <Card className={cn('flex min-w-0 items-start gap-3 p-3', locked && 'border-dashed bg-muted/30')} data-achievement={entry.id}>
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-lg',
          locked ? 'bg-muted text-muted-foreground' : RARITY_CLASSES[entry.rarity],
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate font-medium">{name}</p>
        {compact ? null : <p className="line-clamp-2 text-xs text-muted-foreground">{description}</p>}
        <div className="flex flex-wrap items-center gap-1.5">
          {entry.masked ? null : (
            <Badge variant="outline" className={cn('border-transparent', RARITY_CLASSES[entry.rarity])}>
              {t(`profileGamification.achievements.rarities.${entry.rarity}`)}
            </Badge>
          )}
          {entry.masked ? null : <Badge variant="secondary">{t('profileGamification.achievements.points', { count: entry.points })}</Badge>}
          <span className="text-xs text-muted-foreground">
            {locked
              ? t('profileGamification.achievements.locked')
              : t('profileGamification.achievements.unlockedAt', { when: timeAgo(entry.unlockedAt!, i18n.language) })}
          </span>
        </div>
      </div>
    </Card>
  );
}

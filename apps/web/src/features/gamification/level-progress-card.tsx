import { ChevronUp, Flame, PartyPopper, Sparkles, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useGamificationUser, useRanks } from './api';
import { noteLevel } from './level-memory';
import { catalogueText, ProgressBar, RankIcon } from './parts';
import './texts';

/** Shows 'Level Up!' for 3 seconds when the level rises above the one seen before (§2.3, §4). */
export function useLevelUp(userId: string | undefined, level: number | undefined): number | null {
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (!userId || level === undefined) return;
    const rise = noteLevel(userId, level);
    if (!rise) return;
    // Shown from a timer callback too (not in the effect's own pass), and hidden when its 3 seconds are over.
    const show = setTimeout(() => setShown(rise.level));
    const hide = setTimeout(() => setShown(null), Math.max(0, rise.until - Date.now()));
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [userId, level]);
  return shown;
}

/**
 * The level progress card (§2.3): level and rank with its icon, the prestige badge, the XP bar,
 * and with details the total XP, the streak, the rank's perks and the next rank; `compact` is the
 * one-line variant. The level is read from the server (and again every minute while shown).
 */
export function LevelProgressCard({
  userId,
  showDetails = true,
  compact = false,
  className,
}: {
  userId: string;
  showDetails?: boolean;
  compact?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const user = useGamificationUser(userId);
  const ranks = useRanks();
  const level = user.data?.level;
  const levelUp = useLevelUp(userId, level?.level);
  const number = new Intl.NumberFormat(i18n.language);

  if (user.isError) return <ErrorCard message={user.error.message} onRetry={() => void user.refetch()} />;
  if (!level) {
    return (
      <Card className={className} aria-busy="true" data-testid="level-card-loading">
        <CardContent className="grid gap-3 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-xl" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-4 w-20" />
            </div>
          </div>
          <Skeleton className="h-2" />
          {compact ? null : <Skeleton className="h-16" />}
        </CardContent>
      </Card>
    );
  }

  const atTop = level.xpToNextLevel === 0;
  const percent = atTop ? 100 : (level.xp / (level.xp + level.xpToNextLevel)) * 100;
  const rankName = level.rank ? catalogueText(level.rank.name) : t('gamification.level.novice');
  const nextRank = ranks.data?.items.find((r) => r.minLevel > level.level);

  const overlay =
    levelUp !== null ? (
      <div
        className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 rounded-xl bg-gradient-to-br from-violet-600/95 via-fuchsia-600/95 to-amber-500/95 text-white"
        role="status"
        data-testid="level-up-overlay"
      >
        <PartyPopper className="size-8 motion-safe:animate-bounce" aria-hidden />
        <p className="text-2xl font-extrabold tracking-tight">{t('gamification.level.levelUp')}</p>
        <p className="text-sm text-white/90">{t('gamification.level.reached', { level: levelUp })}</p>
      </div>
    ) : null;

  const title = (
    <div className="flex min-w-0 items-center gap-3">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-muted [&_svg]:size-6">
        <RankIcon id={level.rank?.id} />
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold leading-tight" data-testid="level-number">
          {t('gamification.level.levelN', { level: level.level })}
          {level.prestigeLevel > 0 ? (
            <Badge variant="premium" data-testid="prestige-badge">
              <Star aria-hidden />
              {t('gamification.level.prestige', { level: level.prestigeLevel })}
            </Badge>
          ) : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{rankName}</p>
      </div>
    </div>
  );

  const bar = (
    <div className="grid gap-1">
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span className="tabular-nums" data-testid="level-xp">
          {t('gamification.level.xpOf', { xp: number.format(level.xp), next: number.format(level.xp + level.xpToNextLevel) })}
        </span>
        <span>
          {atTop
            ? t('gamification.level.maxLevel')
            : t('gamification.level.xpNeeded', { count: level.xpToNextLevel, value: number.format(level.xpToNextLevel) })}
        </span>
      </div>
      <ProgressBar value={percent} label={t('gamification.level.title')} barClassName="bg-gradient-to-r from-violet-500 to-fuchsia-500" />
    </div>
  );

  if (compact) {
    return (
      <Card className={cn('relative overflow-hidden', className)} data-testid="level-card">
        {overlay}
        <CardContent className="grid gap-3 p-4">
          {title}
          {bar}
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1">
              <Sparkles className="size-3.5" aria-hidden />
              <span data-testid="total-xp">{t('gamification.xp', { value: number.format(level.totalXp) })}</span>
            </span>
            <span className="flex items-center gap-1">
              <Flame className="size-3.5 text-orange-500" aria-hidden />
              {level.streakDays} {t('gamification.level.dayStreak')}
            </span>
            <span>{rankName}</span>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className={cn('relative overflow-hidden', className)} data-testid="level-card">
      {overlay}
      <CardContent className="grid gap-4 p-5">
        {title}
        {bar}
        {showDetails ? (
          <div className="grid gap-3">
            <div className="grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-muted/60 p-3">
                <p className="text-xs text-muted-foreground">{t('gamification.level.totalXp')}</p>
                <p className="text-lg font-semibold tabular-nums" data-testid="total-xp">
                  {number.format(level.totalXp)}
                </p>
              </div>
              <div className="rounded-lg bg-muted/60 p-3">
                <p className="text-xs text-muted-foreground">{t('gamification.level.streak')}</p>
                <p className="flex items-center gap-1 text-lg font-semibold">
                  <Flame className="size-4 text-orange-500" aria-hidden />
                  {t('gamification.level.streakDays', { count: level.streakDays })}
                </p>
              </div>
            </div>
            {level.rank?.perks.length ? (
              <div className="grid gap-1.5">
                <p className="text-xs font-medium text-muted-foreground">{t('gamification.level.perks')}</p>
                <div className="flex flex-wrap gap-1.5">
                  {level.rank.perks.map((perk) => (
                    <Tooltip key={perk.type} content={catalogueText(perk.description)}>
                      <button
                        type="button"
                        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
                      >
                        <Badge variant="outline">{t(`gamification.perks.${perk.type}`, { value: number.format(perk.value) })}</Badge>
                      </button>
                    </Tooltip>
                  ))}
                </div>
              </div>
            ) : null}
            <div className="flex items-center gap-3 rounded-lg border border-dashed p-3" data-testid="next-rank">
              <ChevronUp className="size-5 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0 text-sm">
                <p className="font-medium">{t('gamification.level.nextRank')}</p>
                <p className="text-muted-foreground">
                  {nextRank
                    ? t('gamification.level.nextRankIn', { name: catalogueText(nextRank.name), count: nextRank.minLevel - level.level })
                    : t('gamification.level.topRank')}
                </p>
                {level.nextMilestone ? (
                  <p className="text-xs text-muted-foreground">{t('gamification.level.nextMilestone', { level: level.nextMilestone })}</p>
                ) : null}
              </div>
              {nextRank ? <RankIcon id={nextRank.id} className="ml-auto size-6 shrink-0" /> : null}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { BarChart3, Flame, Gift, ListChecks, Target, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { useGamificationUser, useMissions, useRewards, useUserAchievements } from './api';
import { useLevelUp } from './level-progress-card';
import { catalogueText, ProgressBar, RankIcon } from './parts';
import { RewardClaimButton } from './rewards-panel';
import { questPercent, unclaimedCount } from './rules';
import './texts';

/** How many active missions the widget lists (§9). */
export const WIDGET_MISSIONS = 2;

/**
 * The gamification widget (§2.5): level and rank, the XP bar, streak, missions done and
 * achievements, the daily reward with its Claim button, the first active missions, and the way to
 * the statistics and the missions. `compact` is the sidebar's.
 */
export function GamificationWidget({
  compact = false,
  showLinks = true,
  onNavigate,
  className,
}: {
  compact?: boolean;
  /** The buttons to the statistics and the missions (the sidebar has links of its own just above). */
  showLinks?: boolean;
  onNavigate?: () => void;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const level = useGamificationUser(user?.id);
  const missions = useMissions(Boolean(user));
  const rewards = useRewards(Boolean(user));
  const achievements = useUserAchievements(Boolean(user));
  const levelUp = useLevelUp(user?.id, level.data?.level.level);
  const number = new Intl.NumberFormat(i18n.language);

  if (!user) {
    return (
      <Card className={className}>
        <CardContent className="p-4 text-sm text-muted-foreground">{t('gamification.widget.notAvailable')}</CardContent>
      </Card>
    );
  }
  if (level.isError) {
    // The sidebar stays quiet; the home page says so and offers to try again.
    return compact ? null : <ErrorCard message={level.error.message} onRetry={() => void level.refetch()} />;
  }
  if (!level.data || missions.isPending || rewards.isPending || achievements.isPending) {
    return (
      <Card className={className} aria-busy="true" data-testid="gamification-widget-loading">
        <CardContent className="grid gap-3 p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-lg" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-3 w-16" />
            </div>
          </div>
          <Skeleton className="h-2" />
          <Skeleton className={compact ? 'h-12' : 'h-24'} />
        </CardContent>
      </Card>
    );
  }

  const lv = level.data.level;
  const percent = lv.xpToNextLevel === 0 ? 100 : (lv.xp / (lv.xp + lv.xpToNextLevel)) * 100;
  const list = missions.data?.items ?? [];
  const active = list.filter((m) => m.userQuest?.status === 'active');
  const done = list.filter((m) => m.userQuest?.status === 'completed' || m.userQuest?.status === 'claimed').length;
  const unlocked = achievements.data?.items.filter((a) => a.completed).length ?? 0;
  const unclaimed = unclaimedCount(achievements.data?.items, list);
  const daily = rewards.data?.items.find((r) => r.id === 'daily');

  return (
    <Card
      className={cn('relative overflow-hidden', className)}
      data-testid={compact ? 'gamification-widget-compact' : 'gamification-widget'}
    >
      {levelUp !== null ? (
        <div
          className="absolute inset-0 z-10 flex flex-col items-center justify-center bg-gradient-to-br from-violet-600/95 to-fuchsia-600/95 text-white"
          role="status"
        >
          <p className="text-lg font-extrabold">{t('gamification.level.levelUp')}</p>
          <p className="text-xs">{t('gamification.level.reached', { level: levelUp })}</p>
        </div>
      ) : null}
      <CardContent className={cn('grid gap-3', compact ? 'p-3' : 'p-5')}>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted [&_svg]:size-5">
            <RankIcon id={lv.rank?.id} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold leading-tight" data-testid="widget-level">
              {t('gamification.level.levelN', { level: lv.level })}
            </p>
            <Badge variant="outline" className="mt-0.5">
              {t('gamification.widget.tier', { name: lv.rank ? catalogueText(lv.rank.name) : t('gamification.level.novice') })}
            </Badge>
          </div>
          {unclaimed > 0 ? (
            <Badge variant="premium" title={t('gamification.widget.unclaimed', { count: unclaimed })}>
              <Gift aria-hidden />
              <span className="sr-only">{t('gamification.widget.unclaimed', { count: unclaimed })}</span>
              <span aria-hidden>{unclaimed}</span>
            </Badge>
          ) : null}
        </div>

        <div className="grid gap-1">
          <ProgressBar
            value={percent}
            label={t('gamification.level.title')}
            barClassName="bg-gradient-to-r from-violet-500 to-fuchsia-500"
          />
          <p className="text-xs tabular-nums text-muted-foreground" data-testid="widget-xp">
            {t('gamification.level.xpOf', { xp: number.format(lv.xp), next: number.format(lv.xp + lv.xpToNextLevel) })}
          </p>
        </div>

        <dl className={cn('grid grid-cols-3 gap-2 text-center', compact && 'gap-1 text-xs')}>
          {[
            {
              label: t('gamification.widget.streak'),
              value: lv.streakDays,
              icon: <Flame className="size-3.5 text-orange-500" aria-hidden />,
            },
            {
              label: t('gamification.widget.missionsDone'),
              value: done,
              icon: <ListChecks className="size-3.5 text-primary" aria-hidden />,
            },
            {
              label: t('gamification.widget.achievements'),
              value: unlocked,
              icon: <Trophy className="size-3.5 text-amber-500" aria-hidden />,
            },
          ].map((stat) => (
            <div key={stat.label} className={cn('min-w-0 rounded-md bg-muted/60 px-1', compact ? 'py-1' : 'py-2')} title={stat.label}>
              <dt className="sr-only">{stat.label}</dt>
              <dd className="flex items-center justify-center gap-1 font-semibold tabular-nums">
                {stat.icon}
                {stat.value}
              </dd>
              {compact ? null : (
                <dd className="truncate text-[11px] text-muted-foreground" aria-hidden>
                  {stat.label}
                </dd>
              )}
            </div>
          ))}
        </dl>

        {daily ? (
          <div
            className={cn('flex items-center gap-2 rounded-lg border bg-amber-500/5 p-2.5', compact && 'flex-wrap')}
            data-testid="daily-reward"
          >
            <Gift className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium leading-tight">{t('gamification.widget.dailyReward')}</p>
              <p className="truncate text-xs text-muted-foreground">
                {daily.status === 'claimed'
                  ? t('gamification.widget.dailyRewardDone')
                  : t('gamification.widget.dailyRewardText', { value: number.format(daily.tokens) })}
              </p>
            </div>
            <div className={cn(compact && 'flex w-full justify-end')}>
              <RewardClaimButton reward={daily} />
            </div>
          </div>
        ) : null}

        {compact ? null : (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t('gamification.widget.activeMissions')}</p>
            {active.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('gamification.widget.noActiveMissions')}</p>
            ) : (
              <ul className="grid gap-2">
                {active.slice(0, WIDGET_MISSIONS).map((m) => {
                  const p = questPercent(m);
                  return (
                    <li key={m.id} className="grid gap-1 rounded-md border p-2" data-testid="widget-mission">
                      <div className="flex justify-between gap-2 text-sm">
                        <span className="truncate">{catalogueText(m.name)}</span>
                        <span className="tabular-nums text-muted-foreground">{p}%</span>
                      </div>
                      <ProgressBar value={p} label={catalogueText(m.name)} className="h-1.5" />
                    </li>
                  );
                })}
              </ul>
            )}
            {active.length > WIDGET_MISSIONS ? (
              <p className="text-xs text-muted-foreground">
                {t('gamification.widget.moreMissions', { count: active.length - WIDGET_MISSIONS })}
              </p>
            ) : null}
          </div>
        )}

        {showLinks ? (
          <div className="grid grid-cols-2 gap-2">
            <Button asChild size="sm" variant="outline">
              <Link to={ROUTES.gamification} onClick={onNavigate}>
                <BarChart3 aria-hidden />
                {t('gamification.widget.openProfile')}
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={ROUTES.missions} onClick={onNavigate}>
                <Target aria-hidden />
                {t('gamification.widget.openMissions')}
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { Flame, LogIn, MessagesSquare, Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAK_BONUS } from '@app/shared/gamification/levels';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useStreaks, useUserAchievements } from './api';
import { achievementStreak } from './rules';
import './texts';

interface Row {
  key: 'daily_login' | 'daily_chat' | 'achievements';
  current: number;
  best: number;
  milestone?: number | null;
}

const ICONS = { daily_login: LogIn, daily_chat: MessagesSquare, achievements: Trophy } as const;

/**
 * The streak tracker (§2.8): daily login and chat activity as the server counts them in the
 * user's time zone (POST /api/gamification/streaks), and achievements: the days in a row on which
 * one was unlocked, from the unlock dates the server gives (in this browser's days).
 */
export function StreakTracker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const streaks = useStreaks();
  const mine = useUserAchievements();
  const achievements = useMemo(() => (mine.data ? achievementStreak(mine.data.items) : null), [mine.data]);

  const rows: Row[] | null =
    streaks.data && achievements
      ? [
          ...streaks.data.map((s) => ({ key: s.type, current: s.currentStreak, best: s.longestStreak, milestone: s.milestone })),
          { key: 'achievements' as const, current: achievements.current, best: achievements.longest },
        ]
      : null;
  const login = streaks.data?.find((s) => s.type === 'daily_login')?.currentStreak ?? 0;

  return (
    <Card className={className} data-testid="streak-tracker">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flame className="size-5 text-orange-500" aria-hidden />
          {t('gamification.streaks.title')}
        </CardTitle>
        <CardDescription>{t('gamification.streaks.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="@container grid gap-3">
        {streaks.isError || mine.isError ? (
          <ErrorCard
            message={(streaks.error ?? mine.error)?.message ?? t('gamification.loadFailed')}
            onRetry={() => {
              void streaks.refetch();
              void mine.refetch();
            }}
          />
        ) : !rows ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)
        ) : (
          <>
            <ul className="grid gap-2 @xl:grid-cols-3">
              {rows.map((row) => {
                const Icon = ICONS[row.key];
                return (
                  <li key={row.key} className="grid gap-2 rounded-lg border p-3" data-testid={`streak-${row.key}`}>
                    <p className="flex items-center gap-2 text-sm font-medium">
                      <Icon className="size-4 text-muted-foreground" aria-hidden />
                      {t(`gamification.streaks.${row.key}`)}
                    </p>
                    <div className="flex items-end justify-between gap-2">
                      <div>
                        <p className="text-xs text-muted-foreground">{t('gamification.streaks.current')}</p>
                        <p className="flex items-center gap-1 text-xl font-bold tabular-nums" data-testid="streak-current">
                          <Flame className={row.current > 0 ? 'size-4 text-orange-500' : 'size-4 text-muted-foreground'} aria-hidden />
                          {t('gamification.streaks.days', { count: row.current })}
                        </p>
                      </div>
                      <div className="text-right">
                        <p className="text-xs text-muted-foreground">{t('gamification.streaks.best')}</p>
                        <p className="font-semibold tabular-nums">{t('gamification.streaks.days', { count: row.best })}</p>
                      </div>
                    </div>
                    {row.milestone ? (
                      <Badge variant="secondary" className="w-fit">
                        {t('gamification.streaks.milestone', { count: row.milestone })}
                      </Badge>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <p className="text-xs text-muted-foreground">
              {login >= STREAK_BONUS.minDays ? t('gamification.streaks.bonusActive') : t('gamification.streaks.bonus')}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { BarChart3, Coins, Flame, ListChecks, Lock, LogIn, Sparkles, Target, Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useAuthStore, useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { useAchievements, useGamificationUser, useMissions, useRewards, useUserAchievements } from './api';
import { LevelProgressCard } from './level-progress-card';
import { AchievementIcon, catalogueText, ProgressBar, RankIcon, StatCard } from './parts';
import { RewardClaimButton, RewardsPanel } from './rewards-panel';
import { isMasked, questPercent, withProgress } from './rules';
import { StreakTracker } from './streak-tracker';
import './texts';

/** Display counts of §9: the profile's missions and achievements. */
const PROFILE_MISSIONS = 5;
const PROFILE_ACHIEVEMENTS = 6;

/** /gamification: the gamification profile of §2.6, with the streaks (§2.8) and the rewards panel (§2.10). */
export function GamificationPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const showAuthModal = useAuthModal((s) => s.show);
  const sessionLoading = useAuthStore((s) => s.isLoading);

  const header = <PageHeader icon={BarChart3} title={t('gamification.profile.title')} subtitle={t('gamification.profile.subtitle')} />;

  // While the session is restored, not yet 'sign in'.
  if (!user && sessionLoading) {
    return (
      <div className="grid grid-cols-1 gap-5" aria-busy="true">
        {header}
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="grid grid-cols-1 gap-5">
        {header}
        <EmptyState icon={<Lock />} title={t('gamification.profile.signIn')} testId="gamification-signed-out" />
        <Button className="w-fit justify-self-center" onClick={() => showAuthModal('signin')}>
          <LogIn aria-hidden />
          {t('gamification.profile.signInButton')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-5">
      {header}
      <Profile userId={user.id} />
    </div>
  );
}

function Profile({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const level = useGamificationUser(userId);
  const missions = useMissions();
  const catalogue = useAchievements();
  const mine = useUserAchievements();
  const rewards = useRewards();
  const number = new Intl.NumberFormat(i18n.language);
  const achievements = useMemo(
    () => (catalogue.data && mine.data ? withProgress(catalogue.data.items, mine.data.items) : null),
    [catalogue.data, mine.data],
  );

  if (level.isError) return <ErrorCard message={level.error.message} onRetry={() => void level.refetch()} />;
  if (!level.data) {
    return (
      <div className="grid grid-cols-1 gap-5" aria-busy="true" data-testid="gamification-loading">
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-10" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  const lv = level.data.level;
  const percent = lv.xpToNextLevel === 0 ? 100 : (lv.xp / (lv.xp + lv.xpToNextLevel)) * 100;
  const completedMissions = missions.data?.items.filter(
    (m) => m.userQuest?.status === 'completed' || m.userQuest?.status === 'claimed',
  ).length;
  const unlocked = mine.data?.items.filter((a) => a.completed).length;
  const daily = rewards.data?.items.find((r) => r.id === 'daily');
  // Open quests first, then the rest of the catalogue.
  const shownMissions = missions.data
    ? [...missions.data.items]
        .sort((a, b) => rankOfStatus(a.userQuest?.status) - rankOfStatus(b.userQuest?.status))
        .slice(0, PROFILE_MISSIONS)
    : null;

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard icon={<Sparkles />} label={t('gamification.profile.level')} value={lv.level} testId="profile-level" />
        <StatCard
          icon={<BarChart3 />}
          label={t('gamification.profile.xp')}
          value={<span data-testid="profile-xp">{number.format(lv.totalXp)}</span>}
        />
        <StatCard
          icon={<RankIcon id={lv.rank?.id} />}
          label={t('gamification.profile.rank')}
          value={<span className="text-xl">{lv.rank ? catalogueText(lv.rank.name) : t('gamification.level.novice')}</span>}
        />
      </div>

      <Card>
        <CardContent className="grid gap-2 p-5">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="font-medium">
              {lv.xpToNextLevel === 0 ? t('gamification.level.maxLevel') : t('gamification.profile.toNextLevel', { level: lv.level + 1 })}
            </span>
            <span className="tabular-nums text-muted-foreground">
              {t('gamification.level.xpOf', { xp: number.format(lv.xp), next: number.format(lv.xp + lv.xpToNextLevel) })}
            </span>
          </div>
          <ProgressBar
            value={percent}
            label={t('gamification.level.title')}
            barClassName="bg-gradient-to-r from-violet-500 to-fuchsia-500"
          />
        </CardContent>
      </Card>

      {daily ? (
        <Card data-testid="profile-daily-reward">
          <CardContent className="flex flex-wrap items-center gap-3 p-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-500/15 text-amber-600 dark:text-amber-400">
              <Coins className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t('gamification.profile.dailyReward')}</p>
              <p className="text-sm text-muted-foreground">
                {t('gamification.profile.dailyRewardText', { value: number.format(daily.tokens) })}
              </p>
            </div>
            <RewardClaimButton reward={daily} size="default" />
          </CardContent>
        </Card>
      ) : null}

      <Tabs defaultValue="stats">
        <TabsList className="w-full justify-start sm:w-auto">
          <TabsTrigger value="stats">{t('gamification.profile.tabs.stats')}</TabsTrigger>
          <TabsTrigger value="missions">{t('gamification.profile.tabs.missions')}</TabsTrigger>
          <TabsTrigger value="achievements">{t('gamification.profile.tabs.achievements')}</TabsTrigger>
        </TabsList>

        <TabsContent value="stats" className="grid grid-cols-1 gap-5">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              icon={<ListChecks />}
              label={t('gamification.profile.missionsCompleted')}
              value={completedMissions ?? '…'}
              testId="stat-missions"
            />
            <StatCard icon={<Trophy />} label={t('gamification.profile.achievements')} value={unlocked ?? '…'} testId="stat-achievements" />
            <StatCard icon={<Flame />} label={t('gamification.profile.dayStreak')} value={lv.streakDays} testId="stat-streak" />
            <StatCard
              icon={<Coins />}
              label={t('gamification.profile.tokensSpent')}
              value={level.data.tokensSpent ?? 0}
              testId="stat-tokens-spent"
            />
          </div>
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
            <LevelProgressCard userId={userId} />
            <StreakTracker />
          </div>
          <RewardsPanel />
        </TabsContent>

        <TabsContent value="missions" className="grid grid-cols-1 gap-3">
          {missions.isError ? (
            <ErrorCard message={missions.error.message} onRetry={() => void missions.refetch()} />
          ) : !shownMissions ? (
            <Skeleton className="h-48" />
          ) : shownMissions.length === 0 ? (
            <EmptyState icon={<Target />} title={t('gamification.profile.noMissions')} />
          ) : (
            <ul className="grid gap-2">
              {shownMissions.map((m) => {
                const p = questPercent(m);
                return (
                  <li key={m.id} className="grid gap-1.5 rounded-lg border bg-card p-3" data-testid="profile-mission">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium">{catalogueText(m.name)}</span>
                      <span className="flex gap-1.5">
                        <Badge variant="secondary">{t(`gamification.questTypes.${m.type}`)}</Badge>
                        {m.userQuest ? <Badge variant="outline">{t(`gamification.status.${m.userQuest.status}`)}</Badge> : null}
                      </span>
                    </div>
                    <p className="text-sm text-muted-foreground">{catalogueText(m.description)}</p>
                    <div className="flex items-center gap-2">
                      <ProgressBar value={p} label={catalogueText(m.name)} className="h-1.5" />
                      <span className="text-xs tabular-nums text-muted-foreground">{p}%</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <Button asChild variant="outline" className="w-fit">
            <Link to={ROUTES.missions}>
              <Target aria-hidden />
              {t('gamification.profile.allMissions')}
            </Link>
          </Button>
        </TabsContent>

        <TabsContent value="achievements" className="grid grid-cols-1 gap-3">
          {catalogue.isError || mine.isError ? (
            <ErrorCard
              message={(catalogue.error ?? mine.error)?.message ?? t('gamification.loadFailed')}
              onRetry={() => {
                void catalogue.refetch();
                void mine.refetch();
              }}
            />
          ) : !achievements ? (
            <Skeleton className="h-48" />
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {/* The first six, unlocked and locked mixed: the most advanced first. */}
              {[...achievements]
                .sort((a, b) => Number(b.completed) - Number(a.completed) || b.progress - a.progress)
                .slice(0, PROFILE_ACHIEVEMENTS)
                .map((a) => {
                  const masked = isMasked(a);
                  return (
                    <li
                      key={a.id}
                      className={cn('flex items-center gap-3 rounded-lg border bg-card p-3', !a.completed && 'opacity-75')}
                      data-testid="profile-achievement"
                    >
                      <span
                        className={cn(
                          'flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
                          a.completed ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
                        )}
                      >
                        {masked || !a.completed ? <Lock aria-hidden /> : <AchievementIcon name={a.icon} />}
                      </span>
                      <div className="min-w-0">
                        <p className="truncate font-medium">{masked ? t('gamification.achievements.hiddenName') : catalogueText(a.name)}</p>
                        <p className="truncate text-xs text-muted-foreground">
                          {masked ? t('gamification.achievements.hiddenDescription') : catalogueText(a.description)}
                        </p>
                      </div>
                    </li>
                  );
                })}
            </ul>
          )}
          <Button asChild variant="outline" className="w-fit">
            <Link to={ROUTES.achievements}>
              <Trophy aria-hidden />
              {t('gamification.profile.allAchievements')}
            </Link>
          </Button>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function rankOfStatus(status: string | undefined): number {
  return { active: 0, completed: 1 }[status ?? ''] ?? 2;
}

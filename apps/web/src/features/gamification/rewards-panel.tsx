import { Award, CalendarCheck, Check, Coins, Gift, Loader2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RewardList } from '@app/shared/gamification/schemas';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useClaimReward, useRewards } from './api';
import { errorText, ProgressBar } from './parts';
import './texts';

type Reward = RewardList['items'][number];

const ICONS = { daily: Gift, weekly: CalendarCheck, achievements: Award } as const;

/** A reward's Claim button: Claim, Claiming... (disabled), Claimed; a refused claim says why. */
export function RewardClaimButton({ reward, size = 'sm' }: { reward: Reward; size?: 'sm' | 'default' }) {
  const { t, i18n } = useTranslation();
  const claim = useClaimReward();
  const number = new Intl.NumberFormat(i18n.language);
  if (reward.status === 'claimed') {
    return (
      <Badge variant="success" className="px-3 py-1 text-sm" data-testid={`reward-claimed-${reward.id}`}>
        <Check aria-hidden />
        {t('gamification.claimed')}
      </Badge>
    );
  }
  if (reward.status === 'locked') {
    return (
      <Badge variant="outline" className="px-3 py-1 text-sm text-muted-foreground">
        <Lock aria-hidden />
        {t('gamification.rewards.locked')}
      </Badge>
    );
  }
  return (
    <Button
      size={size}
      variant="premium"
      disabled={claim.isPending}
      data-testid={`reward-claim-${reward.id}`}
      onClick={() =>
        claim.mutate(reward.id, {
          onSuccess: (answer) =>
            toast.success(
              t('gamification.rewards.claimedToast', { tokens: number.format(answer.tokens), balance: number.format(answer.balance) }),
              {
                duration: 5000,
              },
            ),
          onError: (error) => toast.error(errorText(t, error), { duration: 5000 }),
        })
      }
    >
      {claim.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Coins aria-hidden />}
      {claim.isPending ? t('gamification.claiming') : t('gamification.claim')}
    </Button>
  );
}

/** The rewards panel (§2.10): the daily bonus, the weekly challenge and the achievement bonus, from the server. */
export function RewardsPanel({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const rewards = useRewards();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card className={className} data-testid="rewards-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden />
          {t('gamification.rewards.title')}
        </CardTitle>
        <CardDescription>{t('gamification.rewards.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {rewards.isError ? (
          <ErrorCard message={rewards.error.message} onRetry={() => void rewards.refetch()} />
        ) : rewards.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-20" />)
        ) : (
          rewards.data.items.map((reward) => {
            const Icon = ICONS[reward.id as keyof typeof ICONS] ?? Gift;
            return (
              <div
                key={reward.id}
                className={cn('flex flex-wrap items-center gap-3 rounded-lg border p-3', reward.status === 'claimed' && 'opacity-70')}
                data-testid={`reward-${reward.id}`}
                data-status={reward.status}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-500/15 text-amber-600 dark:text-amber-400">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {t(`gamification.rewards.${reward.id}`)}
                    <Badge variant="secondary">
                      <Coins aria-hidden />
                      {t('gamification.tokens', { count: reward.tokens, value: number.format(reward.tokens) })}
                    </Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">{t(`gamification.rewards.${reward.id}Text`)}</p>
                  {reward.progress.target > 1 && reward.status !== 'claimed' ? (
                    <div className="flex items-center gap-2">
                      <ProgressBar
                        value={(Math.min(reward.progress.current, reward.progress.target) / reward.progress.target) * 100}
                        label={t(`gamification.rewards.${reward.id}`)}
                        className="h-1.5"
                      />
                      <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">
                        {t('gamification.rewards.progress', {
                          current: Math.min(reward.progress.current, reward.progress.target),
                          target: reward.progress.target,
                        })}
                      </span>
                    </div>
                  ) : null}
                </div>
                <div className="flex w-full justify-end sm:w-auto">
                  <RewardClaimButton reward={reward} />
                </div>
              </div>
            );
          })
        )}
      </CardContent>
    </Card>
  );
}

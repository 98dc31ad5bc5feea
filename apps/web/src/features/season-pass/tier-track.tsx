import { Check, Crown, Gift, Loader2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Track } from '@app/shared/season-pass/rules';
import type { CurrentSeason, SeasonTier } from '@app/shared/season-pass/schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useClaimTier } from './api';
import { errorText, REWARD_ICONS, rewardText } from './parts';
import './texts';

type Me = NonNullable<CurrentSeason['me']>;

/** The track of tiers: each tier's XP, whether it is reached, and its free and premium rewards with their state. */
export function TierTrack({ season }: { season: CurrentSeason }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('seasonPass.track.title')}</CardTitle>
        <CardDescription>{t('seasonPass.track.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3" aria-label={t('seasonPass.track.title')}>
          {season.tiers.map((tier) => (
            <TierRow key={tier.tier} seasonId={season.id} tier={tier} me={season.me} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function TierRow({ seasonId, tier, me }: { seasonId: string; tier: SeasonTier; me: Me | null }) {
  const { t, i18n } = useTranslation();
  const reached = me !== null && me.seasonXp >= tier.xpRequired;
  return (
    <li
      className={cn(
        'grid gap-3 rounded-lg border p-3 sm:grid-cols-[9rem_1fr_1fr] sm:items-center',
        reached && 'border-primary/40 bg-primary/5',
      )}
      data-testid={`season-tier-${tier.tier}`}
      data-reached={reached}
    >
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full border-2 font-bold tabular-nums',
            reached ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/30 text-muted-foreground',
          )}
          aria-hidden
        >
          {tier.tier}
        </span>
        <div className="grid">
          <span className="font-medium">{t('seasonPass.track.tier', { tier: tier.tier })}</span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {t('seasonPass.track.xpRequired', { xp: new Intl.NumberFormat(i18n.language).format(tier.xpRequired) })}
          </span>
          <span className="sr-only">{reached ? t('seasonPass.track.reached') : t('seasonPass.track.locked')}</span>
        </div>
      </div>
      <RewardCell seasonId={seasonId} tier={tier} track="free" me={me} reached={reached} />
      <RewardCell seasonId={seasonId} tier={tier} track="premium" me={me} reached={reached} />
    </li>
  );
}

function RewardCell({
  seasonId,
  tier,
  track,
  me,
  reached,
}: {
  seasonId: string;
  tier: SeasonTier;
  track: Track;
  me: Me | null;
  reached: boolean;
}) {
  const { t, i18n } = useTranslation();
  const claim = useClaimTier();
  const reward = track === 'free' ? tier.freeReward : tier.premiumReward;
  const Icon = REWARD_ICONS[reward.type];
  const TrackIcon = track === 'free' ? Gift : Crown;
  const claimed = me?.claimed.some((c) => c.tier === tier.tier && c.track === track) ?? false;
  const needsPass = track === 'premium' && me !== null && !me.purchased;
  const text = rewardText(t, i18n.language, reward);
  const id = `${tier.tier}-${track}`;

  let action;
  if (claimed) {
    action = (
      // Solid behind its text: the tinted rows under a tinted badge fall below 4.5:1.
      <Badge variant="outline" className="bg-background px-2.5 py-1" data-testid={`claimed-${id}`}>
        <Check className="text-success" aria-hidden />
        {t('seasonPass.track.claimed')}
      </Badge>
    );
  } else if (me && reached && !needsPass) {
    action = (
      <Button
        size="sm"
        variant={track === 'premium' ? 'premium' : 'default'}
        disabled={claim.isPending}
        data-testid={`claim-${id}`}
        aria-label={t('seasonPass.track.claimLabel', { reward: text, tier: tier.tier })}
        onClick={() =>
          claim.mutate(
            { seasonId, tier: tier.tier, track },
            {
              onSuccess: () => toast.success(t('seasonPass.track.claimedToast', { reward: text }), { duration: 5000 }),
              onError: (error) => toast.error(errorText(t, error), { duration: 5000 }),
            },
          )
        }
      >
        {claim.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {claim.isPending ? t('seasonPass.track.claiming') : t('seasonPass.track.claim')}
      </Button>
    );
  } else {
    action = (
      <Badge variant="outline" className="px-2.5 py-1 text-muted-foreground" data-testid={`locked-${id}`}>
        <Lock aria-hidden />
        {needsPass && reached ? t('seasonPass.track.needsPass') : t('seasonPass.track.locked')}
      </Badge>
    );
  }

  return (
    <div
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-md p-2',
        track === 'premium' ? 'bg-amber-500/10 dark:bg-amber-400/10' : 'bg-muted/50',
      )}
      data-testid={`reward-${id}`}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-md',
          track === 'premium' ? 'bg-amber-500/20 text-amber-700 dark:text-amber-300' : 'bg-background text-primary',
        )}
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1">
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <TrackIcon className="size-3" aria-hidden />
          {t(`seasonPass.track.${track}`)}
        </span>
        <span className="line-clamp-2 break-words text-sm font-medium" title={text}>
          {text}
        </span>
      </div>
      {action}
    </div>
  );
}

import { CalendarRange, Coins, Crown, Gem, LogIn, Sparkles, Ticket, TrendingUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CurrentSeason } from '@app/shared/season-pass/schemas';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthModal } from '@/features/auth/auth-modal-store';
import { useAuthStore, useCurrentUser } from '@/features/auth/store';
import { useCurrentSeason, useGems, usePurchasePass, useTokens } from './api';
import { errorText, ProgressBar } from './parts';
import { PurchaseDialog } from './purchase-dialog';
import { TierTrack } from './tier-track';
import './texts';

/**
 * /season: the running season's pass (gamification.md §3, §4, §7; issue 19). Anyone sees the
 * season and its track; a signed-in user sees their season XP and tier, buys the pass with gems
 * and claims the rewards reached. No season running: the server's 404, shown as an empty state.
 */
export function SeasonPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const sessionLoading = useAuthStore((s) => s.isLoading);
  // While the session is restored, not yet a visitor's view.
  const season = useCurrentSeason(user?.id ?? null, !sessionLoading || user !== null);

  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader icon={Ticket} title={t('seasonPass.title')} subtitle={t('seasonPass.subtitle')} />
      {season.isError ? (
        <ErrorCard message={t('seasonPass.loadFailed')} onRetry={() => void season.refetch()} />
      ) : season.data === undefined ? (
        <div className="grid gap-5" aria-busy="true" role="status" aria-label={t('common.loading')} data-testid="season-loading">
          <Skeleton className="h-40" />
          <Skeleton className="h-72" />
        </div>
      ) : season.data === null ? (
        <EmptyState icon={<CalendarRange />} title={t('seasonPass.none')} hint={t('seasonPass.noneHint')} testId="season-none" />
      ) : (
        <>
          <Summary season={season.data} signedIn={user !== null} />
          <TierTrack season={season.data} />
        </>
      )}
    </div>
  );
}

function Summary({ season, signedIn }: { season: CurrentSeason; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const showAuthModal = useAuthModal((s) => s.show);
  const number = new Intl.NumberFormat(i18n.language);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).formatRange(
    new Date(season.startsAt),
    new Date(season.endsAt),
  );
  // The days left as of the page's opening (a page left open over midnight keeps its count until it reads again).
  const [openedAt] = useState(() => Date.now());
  const daysLeft = Math.max(0, Math.ceil((Date.parse(season.endsAt) - openedAt) / 86_400_000));
  const me = season.me;

  return (
    <Card data-testid="season-summary">
      <CardContent className="grid gap-5 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold" data-testid="season-name">
              {season.name}
            </h2>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              <CalendarRange className="size-4" aria-hidden />
              <span>{dates}</span>
              <span aria-hidden>·</span>
              <span>{t('seasonPass.daysLeft', { count: daysLeft })}</span>
            </p>
          </div>
          {me?.purchased ? (
            <Badge variant="premium" className="px-3 py-1 text-sm" data-testid="season-pass-owned">
              <Crown aria-hidden />
              {t('seasonPass.owned')}
            </Badge>
          ) : null}
        </div>

        {me ? (
          <Standing season={season} me={me} />
        ) : signedIn ? null : (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4"
            data-testid="season-signed-out"
          >
            <p className="text-sm">{t('seasonPass.signIn')}</p>
            <Button onClick={() => showAuthModal('signin')}>
              <LogIn aria-hidden />
              {t('seasonPass.signInButton')}
            </Button>
          </div>
        )}

        {me ? (
          <PassAndBalances season={season} purchased={me.purchased} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('seasonPass.priceNote', {
              gems: t('seasonPass.reward.gems', { count: season.priceGems, value: number.format(season.priceGems) }),
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Stat({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg bg-muted/50 p-3">
      <span className="text-primary [&_svg]:size-5" aria-hidden>
        {icon}
      </span>
      <div className="grid min-w-0">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid={testId}>
          {value}
        </span>
      </div>
    </div>
  );
}

function Standing({ season, me }: { season: CurrentSeason; me: NonNullable<CurrentSeason['me']> }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const next = season.tiers.find((tier) => tier.xpRequired > me.seasonXp);
  const previous = [...season.tiers].reverse().find((tier) => tier.xpRequired <= me.seasonXp);
  const from = previous?.xpRequired ?? 0;
  const percent = next ? ((me.seasonXp - from) / Math.max(1, next.xpRequired - from)) * 100 : 100;
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Stat icon={<Sparkles />} label={t('seasonPass.seasonXp')} value={number.format(me.seasonXp)} testId="season-xp" />
        <Stat
          icon={<TrendingUp />}
          label={t('seasonPass.tier')}
          value={t('seasonPass.tierOf', { tier: me.tier, tiers: season.tiers.length })}
          testId="season-tier"
        />
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">{next ? t('seasonPass.toNext', { tier: next.tier }) : t('seasonPass.allReached')}</span>
          {next ? (
            <span className="tabular-nums text-muted-foreground" data-testid="season-next">
              {t('seasonPass.xpOf', { xp: number.format(me.seasonXp), next: number.format(next.xpRequired) })}
            </span>
          ) : null}
        </div>
        <ProgressBar value={percent} label={next ? t('seasonPass.toNext', { tier: next.tier }) : t('seasonPass.allReached')} />
      </div>
    </div>
  );
}

function PassAndBalances({ season, purchased }: { season: CurrentSeason; purchased: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const gems = useGems(true);
  const tokens = useTokens(true);
  const purchase = usePurchasePass();
  const [confirming, setConfirming] = useState(false);
  const price = t('seasonPass.reward.gems', { count: season.priceGems, value: number.format(season.priceGems) });

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <div className="flex items-center gap-1.5">
          <Gem className="size-4 text-primary" aria-hidden />
          <dt className="text-muted-foreground">{t('seasonPass.gems')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="season-gems">
            {gems.data ? number.format(gems.data.totalGems) : <Skeleton className="h-4 w-10" />}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Coins className="size-4 text-primary" aria-hidden />
          <dt className="text-muted-foreground">{t('seasonPass.tokens')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="season-tokens">
            {tokens.data ? number.format(tokens.data.balance) : <Skeleton className="h-4 w-10" />}
          </dd>
        </div>
      </dl>
      {purchased ? (
        <p className="text-sm text-muted-foreground">{t('seasonPass.ownedText')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">{t('seasonPass.unlockText')}</p>
          <Button variant="premium" onClick={() => setConfirming(true)} data-testid="season-buy">
            <Crown aria-hidden />
            {t('seasonPass.buy', { gems: price })}
          </Button>
        </div>
      )}
      <PurchaseDialog
        open={confirming}
        onOpenChange={setConfirming}
        seasonName={season.name}
        price={season.priceGems}
        balance={gems.data?.totalGems}
        pending={purchase.isPending}
        onConfirm={() =>
          purchase.mutate(season.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('seasonPass.purchase.done'), { duration: 5000 });
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(errorText(t, error), { duration: 5000 });
            },
          })
        }
      />
    </div>
  );
}

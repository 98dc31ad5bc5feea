import { Check, Crown, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { nextTier, tierRank, type PaidPlan } from '@app/shared/subscriptions/plans';
import type { PlanView, Subscription } from '@app/shared/subscriptions/schemas';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { PaymentsUnavailable, usePaymentsOff } from '../purchases/payments-unavailable';
import { useStartSubscription, useSubscription } from './api';
import { formatDate, formatMoney } from './format';
import './texts';

/**
 * /subscription: the three plans side by side (stacked on phones), the current one marked, Subscribe
 * or Upgrade on the ones above it. ?upgrade=true brings the next tier forward and focuses its button.
 */
export function SubscriptionPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const subscription = useSubscription();
  const start = useStartSubscription((path) => void navigate(path));
  const paymentsOff = usePaymentsOff();
  const upgrade = params.get('upgrade') === 'true';
  const target = subscription.data ? nextTier(subscription.data.tier) : null;
  const focused = upgrade && target ? target : null;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('subscriptions.title')}</h1>
        <p className="text-muted-foreground">{t('subscriptions.subtitle')}</p>
      </header>
      {subscription.isPending ? (
        <div className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : subscription.isError ? (
        <ErrorCard message={subscription.error.message} onRetry={() => void subscription.refetch()} />
      ) : (
        <>
          <CurrentPlan subscription={subscription.data} language={i18n.language} />
          {paymentsOff && <PaymentsUnavailable />}
          {start.isError && (
            <Alert variant="destructive" role="alert">
              {translateMessage(start.error.message)}
            </Alert>
          )}
          <ul className="grid gap-4 md:grid-cols-3" aria-label={t('subscriptions.plansLabel')}>
            {subscription.data.plans.map((plan) => (
              <PlanCard
                key={plan.tier}
                plan={plan}
                current={subscription.data.tier}
                highlighted={focused === plan.tier}
                pending={start.isPending && start.variables === plan.tier}
                disabled={start.isPending || paymentsOff}
                onSubscribe={(tier) => start.mutate(tier)}
                language={i18n.language}
              />
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            {t('subscriptions.footnote')}{' '}
            <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.settingsBilling}>
              {t('subscriptions.manage')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function CurrentPlan({ subscription, language }: { subscription: Subscription; language: string }) {
  const { t } = useTranslation();
  if (subscription.tier === 'free') return null;
  return (
    <Alert data-testid="current-plan">
      <Crown aria-hidden />
      <p>
        {subscription.cancelAtPeriodEnd
          ? t('subscriptions.endsOn', { plan: badgeOf(subscription), date: formatDate(subscription.currentPeriodEnd!, language) })
          : t('subscriptions.renewsOn', { plan: badgeOf(subscription), date: formatDate(subscription.currentPeriodEnd!, language) })}
      </p>
    </Alert>
  );
}

const badgeOf = (s: Subscription) => s.plans.find((p) => p.tier === s.tier)?.badge ?? 'FREE';

function PlanCard(props: {
  plan: PlanView;
  current: Subscription['tier'];
  highlighted: boolean;
  pending: boolean;
  disabled: boolean;
  onSubscribe(plan: PaidPlan): void;
  language: string;
}) {
  const { t } = useTranslation();
  const { plan, current, highlighted } = props;
  const buttonRef = useRef<HTMLButtonElement>(null);
  // ?upgrade=true: the next tier's button comes into view with the focus on it.
  useEffect(() => {
    if (!highlighted || !buttonRef.current) return;
    buttonRef.current.scrollIntoView({ block: 'center' });
    buttonRef.current.focus();
  }, [highlighted]);
  const isCurrent = plan.tier === current;
  const above = tierRank(plan.tier) > tierRank(current);
  const tokens = new Intl.NumberFormat(props.language).format(plan.monthlyTokens);
  const title = `${plan.badge}`;
  return (
    <li
      className={cn(
        'relative grid content-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
        isCurrent && 'border-primary',
        props.highlighted && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
      aria-current={isCurrent ? 'true' : undefined}
      data-testid={`plan-${plan.tier}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          {plan.tier === 'ultimate' ? (
            <Sparkles className="size-5 text-primary" aria-hidden />
          ) : plan.tier === 'premium' ? (
            <Crown className="size-5 text-primary" aria-hidden />
          ) : null}
          {title}
        </h2>
        {isCurrent ? <Badge variant={plan.tier === 'free' ? 'secondary' : 'premium'}>{t('subscriptions.current')}</Badge> : null}
      </div>
      <p>
        <span className="text-3xl font-bold tabular-nums">{formatMoney(plan.price, plan.currency, props.language)}</span>{' '}
        <span className="text-sm text-muted-foreground">{t('subscriptions.perMonth')}</span>
      </p>
      <ul className="grid gap-2 text-sm">
        {plan.perks.map((perk) => (
          <li key={perk} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{t(`subscriptions.${perk}`, { tokens, multiplier: plan.xpMultiplier })}</span>
          </li>
        ))}
      </ul>
      {plan.tier !== 'free' && above ? (
        <Button
          ref={buttonRef}
          variant={props.highlighted || plan.tier === 'premium' ? 'default' : 'outline'}
          disabled={props.disabled}
          onClick={() => props.onSubscribe(plan.tier as PaidPlan)}
          data-testid={`subscribe-${plan.tier}`}
        >
          {props.pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {current === 'free' ? t('subscriptions.subscribe', { plan: plan.badge }) : t('subscriptions.upgrade', { plan: plan.badge })}
        </Button>
      ) : isCurrent && plan.tier !== 'free' ? (
        <Button variant="outline" asChild>
          <Link to={ROUTES.settingsBilling}>{t('subscriptions.manage')}</Link>
        </Button>
      ) : null}
    </li>
  );
}

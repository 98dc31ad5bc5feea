import { CalendarClock, Crown, ExternalLink, FileText, Loader2, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { nextTier, PLANS } from '@app/shared/subscriptions/plans';
import type { Subscription } from '@app/shared/subscriptions/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { useInvoices, useOpenPortal, usePurchaseHistory, useSetCancel, useSubscription } from './api';
import { formatDate, formatMoney } from './format';
import './texts';

/** /settings/billing: the plan and its renewal, cancel or resume, Stripe's portal, invoices and purchases. */
export function BillingSection() {
  return (
    <>
      <PlanCard />
      <InvoicesCard />
      <PurchasesCard />
    </>
  );
}

function PlanCard() {
  const { t, i18n } = useTranslation();
  const subscription = useSubscription();
  const setCancel = useSetCancel();
  const portal = useOpenPortal();
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);

  if (subscription.isPending) return <Skeleton className="h-48 rounded-xl" aria-busy="true" aria-label={t('common.loading')} />;
  if (subscription.isError) return <ErrorCard message={subscription.error.message} onRetry={() => void subscription.refetch()} />;
  const s: Subscription = subscription.data;
  const plan = PLANS[s.tier];
  const date = s.currentPeriodEnd ? formatDate(s.currentPeriodEnd, i18n.language) : null;
  const upgradeTo = nextTier(s.tier);

  return (
    <Card data-testid="billing-plan">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          <Crown className="size-5 text-primary" aria-hidden />
          {t('billing.plan')}
          <Badge variant={s.tier === 'free' ? 'secondary' : 'premium'} data-testid="billing-plan-badge">
            {plan.badge}
          </Badge>
          {s.status === 'past_due' ? <Badge variant="destructive">{t('billing.pastDue')}</Badge> : null}
        </CardTitle>
        <CardDescription>
          {s.tier === 'free'
            ? t('billing.freeText')
            : t('billing.planText', {
                price: formatMoney(plan.priceMinor / 100, plan.currency, i18n.language),
                tokens: new Intl.NumberFormat(i18n.language).format(plan.monthlyTokens),
              })}
        </CardDescription>
      </CardHeader>
      {date ? (
        <CardContent>
          <p className="flex items-center gap-2 text-sm" data-testid="billing-renewal">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
            {s.cancelAtPeriodEnd ? t('billing.endsOn', { date }) : t('billing.renewsOn', { date })}
          </p>
          {setCancel.isError || portal.isError ? (
            <Alert variant="destructive" role="alert" className="mt-3">
              {translateMessage((setCancel.error ?? portal.error)!.message)}
            </Alert>
          ) : null}
        </CardContent>
      ) : null}
      <CardFooter className="flex flex-wrap gap-2">
        {upgradeTo ? (
          <Button asChild>
            <Link to={s.tier === 'free' ? ROUTES.subscription : ROUTES.upgrade}>
              {s.tier === 'free' ? t('billing.seePlans') : t('billing.upgrade', { plan: PLANS[upgradeTo].badge })}
            </Link>
          </Button>
        ) : null}
        {s.tier !== 'free' && !s.cancelAtPeriodEnd ? (
          <Button variant="outline" onClick={() => setConfirming('cancel')} data-testid="billing-cancel">
            {t('billing.cancel')}
          </Button>
        ) : null}
        {s.tier !== 'free' && s.cancelAtPeriodEnd ? (
          <Button variant="outline" onClick={() => setConfirming('resume')} data-testid="billing-resume">
            {t('billing.resume')}
          </Button>
        ) : null}
        {s.portal ? (
          <Button variant="ghost" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
            {t('billing.portal')}
          </Button>
        ) : null}
      </CardFooter>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'resume' ? t('billing.resumeTitle') : t('billing.cancelTitle')}
        description={
          confirming === 'resume'
            ? t('billing.resumeText', { date: date ?? '' })
            : t('billing.cancelText', { plan: plan.badge, date: date ?? '' })
        }
        confirmLabel={confirming === 'resume' ? t('billing.resume') : t('billing.cancelConfirm')}
        destructive={confirming === 'cancel'}
        pending={setCancel.isPending}
        onConfirm={() => {
          if (!confirming) return;
          setCancel.mutate(confirming, { onSettled: () => setConfirming(null) });
        }}
      />
    </Card>
  );
}

function InvoicesCard() {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileText className="size-5 text-muted-foreground" aria-hidden />
          {t('billing.invoices')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <Skeleton className="h-20" aria-busy="true" aria-label={t('common.loading')} />
        ) : invoices.isError ? (
          <ErrorCard message={invoices.error.message} onRetry={() => void invoices.refetch()} />
        ) : invoices.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('billing.noInvoices')}</p>
        ) : (
          <ul className="divide-y text-sm" data-testid="billing-invoices">
            {invoices.data.items.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium">
                  {PLANS[invoice.plan].badge} · {formatDate(invoice.periodStart, i18n.language)} –{' '}
                  {formatDate(invoice.periodEnd, i18n.language)}
                </span>
                <span className="text-muted-foreground">
                  {t('billing.invoiceTokens', { tokens: new Intl.NumberFormat(i18n.language).format(invoice.tokensCredited) })}
                </span>
                <span className="tabular-nums">{formatMoney(invoice.amount, invoice.currency, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PurchasesCard() {
  const { t, i18n } = useTranslation();
  const purchases = usePurchaseHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Receipt className="size-5 text-muted-foreground" aria-hidden />
          {t('billing.purchases')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {purchases.isPending ? (
          <Skeleton className="h-20" aria-busy="true" aria-label={t('common.loading')} />
        ) : purchases.isError ? (
          <ErrorCard message={purchases.error.message} onRetry={() => void purchases.refetch()} />
        ) : purchases.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('billing.noPurchases')}{' '}
            <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.tokens}>
              {t('billing.toWallet')}
            </Link>
          </p>
        ) : (
          <ul className="divide-y text-sm">
            {purchases.data.items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium">
                  {t(p.kind === 'gems' ? 'billing.gems' : 'billing.tokens', {
                    count: p.credits,
                    value: new Intl.NumberFormat(i18n.language).format(p.credits),
                  })}
                </span>
                <span className="text-muted-foreground">{formatDate(p.createdAt, i18n.language)}</span>
                <Badge variant={p.status === 'paid' ? 'success' : p.status === 'pending' ? 'outline' : 'secondary'}>
                  {t(`billing.purchaseStatus.${p.status}`)}
                </Badge>
                <span className="tabular-nums">{formatMoney(p.amount, p.currency, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { CheckCircle2, CircleX, CreditCard, FlaskConical, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { PLANS } from '@app/shared/subscriptions/plans';
import type { SubscriptionCheckout } from '@app/shared/subscriptions/schemas';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { useSandboxCheckoutAction, useSubscriptionCheckout } from './api';
import { formatMoney } from './format';
import './texts';

/**
 * /subscription/checkout/{id}: where a subscription is paid in the sandbox (it says plainly that
 * no money moves, with Pay and Cancel), and where Stripe Checkout returns the subscriber
 * (?result=success waits for Stripe's events to activate it).
 */
export function SubscriptionCheckoutPage() {
  const { t, i18n } = useTranslation();
  const { checkoutId = '' } = useParams();
  const [params] = useSearchParams();
  const returnedPaid = params.get('result') === 'success';
  const checkout = useSubscriptionCheckout(checkoutId, returnedPaid);
  const action = useSandboxCheckoutAction(checkoutId);

  if (checkout.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-md gap-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (checkout.isError) {
    if (checkout.error instanceof ApiRequestError && checkout.error.status === 404)
      return <NotFoundCard title={t('subscriptions.checkout.notFound')} />;
    return <ErrorCard message={checkout.error.message} onRetry={() => void checkout.refetch()} />;
  }
  const c = checkout.data;
  const sandboxPending = c.status === 'pending' && c.provider === 'sandbox';
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('subscriptions.checkout.title')}</h1>
      <Card data-testid="subscription-checkout">
        <CardHeader>
          <CardTitle className="text-lg">{t('subscriptions.checkout.plan', { plan: PLANS[c.plan].badge })}</CardTitle>
          <CardDescription>
            {t('subscriptions.checkout.price', {
              price: formatMoney(c.amount, c.currency, i18n.language),
              tokens: new Intl.NumberFormat(i18n.language).format(c.monthlyTokens),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Status checkout={c} waiting={returnedPaid} />
          {sandboxPending && (
            <Alert>
              <FlaskConical aria-hidden />
              <div>
                <p className="font-semibold">{t('subscriptions.checkout.sandboxTitle')}</p>
                <p>{t('subscriptions.checkout.sandboxText')}</p>
              </div>
            </Alert>
          )}
          {action.isError && (
            <Alert variant="destructive" role="alert">
              {translateMessage(action.error.message)}
            </Alert>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {sandboxPending ? (
            <>
              <Button disabled={action.isPending} onClick={() => action.mutate('complete')} data-testid="subscription-pay">
                {action.isPending && action.variables === 'complete' ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard />}
                {t('subscriptions.checkout.pay')}
              </Button>
              <Button variant="outline" disabled={action.isPending} onClick={() => action.mutate('cancel')}>
                {t('subscriptions.checkout.cancel')}
              </Button>
            </>
          ) : c.status === 'pending' && c.checkoutUrl && !returnedPaid ? (
            <Button asChild>
              <a href={c.checkoutUrl}>{t('subscriptions.checkout.continue')}</a>
            </Button>
          ) : (
            <Button asChild variant={c.status === 'completed' ? 'default' : 'outline'}>
              <Link to={c.status === 'completed' ? ROUTES.settingsBilling : ROUTES.subscription}>
                {c.status === 'completed' ? t('subscriptions.checkout.toBilling') : t('subscriptions.checkout.toPlans')}
              </Link>
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}

function Status({ checkout, waiting }: { checkout: SubscriptionCheckout; waiting: boolean }) {
  const { t } = useTranslation();
  if (checkout.status === 'completed') {
    return (
      <p className="flex items-center gap-2 font-medium text-success" role="status" data-testid="subscription-checkout-status">
        <CheckCircle2 className="size-5" aria-hidden />
        {t('subscriptions.checkout.completed', { plan: PLANS[checkout.plan].badge })}
      </p>
    );
  }
  if (checkout.status === 'pending') {
    return waiting ? (
      <p className="flex items-center gap-2 text-muted-foreground" role="status" data-testid="subscription-checkout-status">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        {t('subscriptions.checkout.confirming')}
      </p>
    ) : (
      <p className="text-muted-foreground" data-testid="subscription-checkout-status">
        {t('subscriptions.checkout.pending')}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 font-medium text-destructive" role="status" data-testid="subscription-checkout-status">
      <CircleX className="size-5" aria-hidden />
      {t(`subscriptions.checkout.status.${checkout.status}`)}
    </p>
  );
}

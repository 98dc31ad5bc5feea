import { CheckCircle2, CircleX, CreditCard, FlaskConical, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { Purchase } from '@app/shared/purchases/schemas';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/messages';
import { usePurchase, useSandboxAction } from './api';
import './texts';

/**
 * /checkout/{id}: where a purchase is paid in the sandbox (no Stripe: it says plainly that no
 * money moves, with Pay and Cancel), and where Stripe Checkout returns the buyer (?result=success
 * waits for Stripe's webhook to credit the purchase).
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { purchaseId = '' } = useParams();
  const [params] = useSearchParams();
  const returnedPaid = params.get('result') === 'success';
  const purchase = usePurchase(purchaseId, returnedPaid);
  const action = useSandboxAction(purchaseId);

  if (purchase.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-md gap-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (purchase.isError) {
    if (purchase.error instanceof ApiRequestError && purchase.error.status === 404) return <NotFoundCard title={t('checkout.notFound')} />;
    return <ErrorCard message={purchase.error.message} onRetry={() => void purchase.refetch()} />;
  }
  const p = purchase.data;
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('checkout.title')}</h1>
      <Card data-testid="checkout">
        <CardHeader>
          <CardTitle className="text-lg">
            <ItemName purchase={p} />
          </CardTitle>
          <CardDescription>
            {new Intl.NumberFormat(undefined, { style: 'currency', currency: p.currency.toUpperCase() }).format(p.amount)}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Status purchase={p} waiting={returnedPaid} />
          {p.status === 'pending' && p.provider === 'sandbox' && (
            <Alert>
              <FlaskConical aria-hidden />
              <div>
                <p className="font-semibold">{t('checkout.sandboxTitle')}</p>
                <p>{t('checkout.sandboxText')}</p>
              </div>
            </Alert>
          )}
          {action.isError && <Alert variant="destructive">{translateMessage(action.error.message)}</Alert>}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {p.status === 'pending' && p.provider === 'sandbox' ? (
            <>
              <Button disabled={action.isPending} onClick={() => action.mutate('complete')}>
                <CreditCard />
                {t('checkout.pay')}
              </Button>
              <Button variant="outline" disabled={action.isPending} onClick={() => action.mutate('cancel')}>
                {t('checkout.cancel')}
              </Button>
            </>
          ) : p.status === 'pending' && p.checkoutUrl && !returnedPaid ? (
            <Button asChild>
              <a href={p.checkoutUrl}>{t('checkout.continue')}</a>
            </Button>
          ) : (
            <Button asChild variant={p.status === 'paid' ? 'default' : 'outline'}>
              <Link to={ROUTES.tokens}>{t('checkout.toWallet')}</Link>
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}

function ItemName({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language).format(purchase.credits);
  return (
    <>
      {purchase.kind === 'gems'
        ? t('checkout.gems', { count: purchase.credits, value: count })
        : t('checkout.tokens', { count: purchase.credits, value: count })}
    </>
  );
}

function Status({ purchase, waiting }: { purchase: Purchase; waiting: boolean }) {
  const { t } = useTranslation();
  if (purchase.status === 'paid') {
    return (
      <p className="flex items-center gap-2 font-medium text-success" role="status" data-testid="checkout-status">
        <CheckCircle2 className="size-5" aria-hidden />
        {t('checkout.paid')}
      </p>
    );
  }
  if (purchase.status === 'pending') {
    return waiting ? (
      <p className="flex items-center gap-2 text-muted-foreground" role="status" data-testid="checkout-status">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        {t('checkout.confirming')}
      </p>
    ) : (
      <p className="text-muted-foreground" data-testid="checkout-status">
        {t('checkout.pending')}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 font-medium text-destructive" role="status" data-testid="checkout-status">
      <CircleX className="size-5" aria-hidden />
      {t(`checkout.status.${purchase.status}`)}
    </p>
  );
}

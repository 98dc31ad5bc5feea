import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ZPaymentReviewList } from '@app/shared/admin-economy/schemas';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api-client';
import { ListStates } from './list-states';
import './texts';

/**
 * Payments held for review (issue 37): Stripe said they were paid at another amount or currency
 * than their price, so nothing was credited or started. The admin settles each with the buyer in
 * Stripe's dashboard (the session id names it): refund it, or credit by hand.
 */
export function PaymentReviewsPanel() {
  const { t, i18n } = useTranslation();
  const reviews = useQuery({
    queryKey: ['admin', 'payment-reviews'],
    queryFn: async () => (await api('/api/admin/economy/payment-reviews', { schema: ZPaymentReviewList })).items,
  });

  return (
    <Card data-testid="payment-reviews">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-5" aria-hidden />
          {t('adminEconomy.reviews.title')}
        </CardTitle>
        <CardDescription>{t('adminEconomy.reviews.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListStates
          query={reviews}
          loadFailed={t('adminEconomy.reviews.loadFailed')}
          empty={t('adminEconomy.reviews.empty')}
          rowClassName="h-12"
          isEmpty={(data) => data.length === 0}
        >
          {(data) => (
            <ul className="divide-y">
              {data.map((r) => (
                <li key={`${r.kind}:${r.id}`} className="grid gap-1 py-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="destructive">{t('adminEconomy.reviews.mismatch')}</Badge>
                    <span className="font-medium">{t(`adminEconomy.reviews.kinds.${r.kind}`, { item: r.item })}</span>
                    <Link to={ROUTES.profile(r.username)} className="hover:underline">
                      @{r.username}
                    </Link>
                  </div>
                  <p className="break-all text-xs text-muted-foreground">
                    {t('adminEconomy.reviews.priced', {
                      price: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: r.currency.toUpperCase() }).format(
                        r.amount,
                      ),
                    })}
                    {' · '}
                    {new Date(r.createdAt).toLocaleString(i18n.language)}
                    {r.providerSessionId ? ` · ${r.providerSessionId}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  );
}

import { Gem, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { gemBalanceTone } from '@app/shared/gems/rules';
import { GEM_MESSAGES } from '@app/shared/gems/messages';
import { ErrorCard } from '@/components/error-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useStartPurchase } from '../purchases/api';
import { PaymentsUnavailable, usePaymentsOff } from '../purchases/payments-unavailable';
import { PackCard } from '../tokens/pack-card';
import { TransactionList } from '../tokens/transaction-list';
import { useGemBalance, useGemPackages } from './api';
import './texts';

const TONE_CLASS = { green: 'text-success', yellow: 'text-amber-700 dark:text-amber-400', red: 'text-destructive' } as const;
/** gamification.md §9: the panel shows the last 5 transactions. */
const RECENT = 5;

/** The gem balance panel (gamification.md §2.7): balance coloured by its size, spent, earned, packages to buy, the last movements. */
export function GemBalancePanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const balance = useGemBalance();
  const [buying, setBuying] = useState(false);
  const packages = useGemPackages(buying);
  const start = useStartPurchase((path) => void navigate(path));
  const paymentsOff = usePaymentsOff();
  const number = new Intl.NumberFormat(i18n.language);
  const eur = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });

  return (
    <Card data-testid="gem-panel">
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Gem className="size-5 text-primary" aria-hidden />
          {t('gems.title')}
        </CardTitle>
        <Button
          variant={buying ? 'secondary' : 'default'}
          size="sm"
          aria-expanded={buying}
          aria-controls="gem-packages"
          onClick={() => setBuying((b) => !b)}
        >
          <ShoppingBag />
          {buying ? t('gems.hidePackages') : t('gems.buy')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {balance.isPending ? (
          <div className="grid grid-cols-3 gap-3" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : balance.isError ? (
          <ErrorCard message={balance.error.message} onRetry={() => void balance.refetch()} />
        ) : (
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{t('gems.balance')}</dt>
              <dd
                className={cn('text-2xl font-bold tabular-nums', TONE_CLASS[gemBalanceTone(balance.data.totalGems)])}
                data-testid="gem-balance"
              >
                {number.format(balance.data.totalGems)}
              </dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{t('gems.spent')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{number.format(balance.data.spentGems)}</dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{t('gems.earned')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{number.format(balance.data.earnedGems)}</dd>
            </div>
          </dl>
        )}

        {start.isError && (
          <Alert variant="destructive" data-testid="gem-purchase-error">
            <div>
              {/* gamification.md §8: the spec's words, in every language. */}
              <p className="font-semibold">{GEM_MESSAGES.purchaseFailed}</p>
              <p>{t('gems.purchaseFailedHint')}</p>
            </div>
          </Alert>
        )}

        {buying && (
          <section id="gem-packages" aria-label={t('gems.packages')}>
            {paymentsOff ? (
              <PaymentsUnavailable />
            ) : packages.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} className="h-28" />
                ))}
              </div>
            ) : packages.isError ? (
              <ErrorCard message={packages.error.message} onRetry={() => void packages.refetch()} />
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {packages.data.items.map((p) => {
                  const name = t(`gems.packageNames.${p.id}`, { defaultValue: p.name });
                  const buyLabel = t('gems.buyFor', { price: eur.format(p.priceEur) });
                  return (
                    <PackCard
                      key={p.id}
                      name={name}
                      amount={
                        <>
                          {number.format(p.gems)} <span className="text-sm font-medium text-muted-foreground">{t('gems.unit')}</span>
                        </>
                      }
                      price={
                        <>
                          {eur.format(p.priceEur)}
                          {p.discount > 0 && (
                            <span className="ml-2 font-medium text-success">{t('gems.discount', { value: p.discount })}</span>
                          )}
                        </>
                      }
                      isPopular={p.isPopular}
                      popularLabel={t('gems.popular')}
                      buyLabel={buyLabel}
                      buyName={t('gems.buyPackage', { action: buyLabel, name, gems: number.format(p.gems) })}
                      disabled={start.isPending}
                      onBuy={() => start.mutate({ kind: 'gems', packageId: p.id })}
                    />
                  );
                })}
              </ul>
            )}
          </section>
        )}

        {balance.data && (
          <section aria-labelledby="gem-recent">
            <h3 id="gem-recent" className="mb-1 text-sm font-semibold">
              {t('gems.recent')}
            </h3>
            {balance.data.transactions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('gems.noTransactions')}</p>
            ) : (
              <TransactionList items={balance.data.transactions.slice(0, RECENT)} unit="gems" />
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}

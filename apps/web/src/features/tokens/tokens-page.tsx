import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { translateMessage } from '@/lib/messages';
import { GemBalancePanel } from '../gems/gem-balance-panel';
import { useStartPurchase } from '../purchases/api';
import { PaymentsUnavailable, usePaymentsOff } from '../purchases/payments-unavailable';
import { useTokenBalance, useTokenHistory, useTokenPacks } from './api';
import { PackCard } from './pack-card';
import { TransactionList } from './transaction-list';
import './texts';

/** /tokens: the wallet. Token balance, packs to buy, the whole token history, where tokens come from and go; and the gems. */
export function TokensPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const balance = useTokenBalance(true);
  const packs = useTokenPacks();
  const history = useTokenHistory();
  const start = useStartPurchase((path) => void navigate(path));
  const paymentsOff = usePaymentsOff();
  const number = new Intl.NumberFormat(i18n.language);
  const eur = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const entries = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-5">
      <PageHeader
        icon={Coins}
        title={t('tokensPage.title')}
        subtitle={t('tokensPage.subtitle')}
        iconClassName="bg-amber-500/15 text-amber-600 dark:text-amber-400"
      />

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('tokensPage.balance')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {balance.isPending ? (
            <Skeleton className="h-10 w-40" />
          ) : balance.isError ? (
            <ErrorCard message={balance.error.message} onRetry={() => void balance.refetch()} />
          ) : (
            <p className="text-4xl font-bold tabular-nums" data-testid="tokens-balance">
              {number.format(balance.data.balance)}{' '}
              <span className="text-base font-medium text-muted-foreground">{t('tokensPage.unit')}</span>
            </p>
          )}

          {start.isError && <Alert variant="destructive">{translateMessage(start.error.message)}</Alert>}

          <section aria-labelledby="token-packs">
            <h2 id="token-packs" className="mb-2 text-sm font-semibold">
              {t('tokensPage.packs')}
            </h2>
            {paymentsOff ? (
              <PaymentsUnavailable />
            ) : packs.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-28" />
                ))}
              </div>
            ) : packs.isError ? (
              <ErrorCard message={packs.error.message} onRetry={() => void packs.refetch()} />
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {packs.data.items.map((p) => {
                  const name = t(`tokensPage.packNames.${p.id}`, { defaultValue: p.name });
                  const buyLabel = t('tokensPage.buyFor', { price: eur.format(p.priceEur) });
                  return (
                    <PackCard
                      key={p.id}
                      name={name}
                      amount={number.format(p.tokens)}
                      price={eur.format(p.priceEur)}
                      isPopular={p.isPopular}
                      popularLabel={t('tokensPage.popular')}
                      buyLabel={buyLabel}
                      buyName={t('tokensPage.buyPack', { action: buyLabel, name, tokens: number.format(p.tokens) })}
                      disabled={start.isPending}
                      onBuy={() => start.mutate({ kind: 'tokens', packId: p.id })}
                    />
                  );
                })}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>

      <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('tokensPage.history')}</CardTitle>
          </CardHeader>
          <CardContent>
            {history.isPending ? (
              <div className="grid gap-2">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-12" />
                ))}
              </div>
            ) : history.isError ? (
              <ErrorCard message={history.error.message} onRetry={() => void history.refetch()} />
            ) : entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('tokensPage.noHistory')}</p>
            ) : (
              <>
                <TransactionList items={entries} unit="tokens" />
                {history.hasNextPage && (
                  <Button
                    variant="outline"
                    className="mt-3 w-full"
                    disabled={history.isFetchingNextPage}
                    onClick={() => void history.fetchNextPage()}
                  >
                    {history.isFetchingNextPage ? t('common.loading') : t('tokensPage.more')}
                  </Button>
                )}
              </>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('tokensPage.howTitle')}</CardTitle>
            <CardDescription>{t('tokensPage.howText')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <div>
              <h3 className="font-semibold">{t('tokensPage.inTitle')}</h3>
              <ul className="list-disc pl-5 text-muted-foreground">
                <li>{t('tokensPage.inSignup')}</li>
                <li>{t('tokensPage.inPacks')}</li>
                <li>{t('tokensPage.inPlan')}</li>
                <li>{t('tokensPage.inReferrals')}</li>
                <li>{t('tokensPage.inRefunds')}</li>
              </ul>
            </div>
            <div>
              <h3 className="font-semibold">{t('tokensPage.outTitle')}</h3>
              <ul className="list-disc pl-5 text-muted-foreground">
                <li>{t('tokensPage.outReplies')}</li>
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>

      <GemBalancePanel />
    </div>
  );
}

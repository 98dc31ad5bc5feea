import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Skeleton } from '@/components/ui/skeleton';
import { numberFormat } from '@/lib/intl';
import { useTokenBalance } from './api';

/** The header's token balance; a click leads to the tokens page. */
export function TokenBadge() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useTokenBalance(true);
  if (isPending) return <Skeleton className="h-8 w-16 rounded-full" />;
  if (isError) return null;
  return (
    <Link
      to={ROUTES.tokens}
      data-testid="token-badge"
      className="flex h-8 items-center gap-1.5 rounded-full border bg-card px-3 text-sm font-semibold tabular-nums transition-colors hover:bg-accent"
      aria-label={t('header.tokenBalance', { count: data.balance })}
      title={t('header.tokenBalance', { count: data.balance })}
    >
      <Coins className="size-4 text-amber-500" />
      {numberFormat(i18n.language).format(data.balance)}
    </Link>
  );
}

import { ArrowDownLeft, ArrowUpRight, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LedgerTransaction } from '@app/shared/tokens/schemas';
import { cn } from '@/lib/cn';
import './texts';

const ICONS = { earn: ArrowDownLeft, spend: ArrowUpRight, purchase: ShoppingCart } as const;

/** Movements of a balance (gems or tokens), the latest first: what, when, how much, and the balance after. */
export function TransactionList({ items, unit }: { items: LedgerTransaction[]; unit: 'gems' | 'tokens' }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <ul className="divide-y" data-testid={`${unit}-transactions`}>
      {items.map((x) => {
        const Icon = ICONS[x.type];
        const credit = x.type !== 'spend';
        return (
          <li key={x.id} className="flex items-center gap-3 py-2.5">
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full',
                credit ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium">{t(`ledger.reasons.${x.reason}`, { defaultValue: x.reason })}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={x.timestamp}>
                  {new Date(x.timestamp).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
            </div>
            <div className="text-right tabular-nums">
              <p className={cn('text-sm font-semibold', credit ? 'text-success' : 'text-foreground')}>
                {credit ? '+' : '−'}
                {number.format(x.amount)}
              </p>
              <p className="text-xs text-muted-foreground">{t('ledger.balanceAfter', { value: number.format(x.balanceAfter) })}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import type { Purchase } from '@app/shared/purchases/schemas';
import type { PurchaseRow } from './settle';

/** A purchase as the API shows it: the price in major units, times as ISO strings. */
export function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    kind: row.kind,
    itemId: row.itemId,
    status: row.status,
    amount: row.amountMinor / 100,
    currency: row.currency,
    credits: row.credits,
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    owed: row.owed,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

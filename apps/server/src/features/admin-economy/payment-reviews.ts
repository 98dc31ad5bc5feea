import { desc, eq } from 'drizzle-orm';
import type { PaymentReview } from '@app/shared/admin-economy/schemas';
import type { Database } from '../../db/client';
import { purchases } from '../../db/schema/payments';
import { subscriptionCheckouts } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';

/** The list answers at most this many of each kind (there should be none; many means an integration to fix). */
const LIMIT = 100;

/**
 * The payments held for review: purchases and subscription checkouts that Stripe said were paid
 * with another amount or currency than their price (status amount_mismatch), newest first.
 */
export async function paymentReviews(db: Database): Promise<PaymentReview[]> {
  const [bought, subscribed] = await Promise.all([
    db
      .select({ row: purchases, username: users.username })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.status, 'amount_mismatch'))
      .orderBy(desc(purchases.createdAt))
      .limit(LIMIT),
    db
      .select({ row: subscriptionCheckouts, username: users.username })
      .from(subscriptionCheckouts)
      .innerJoin(users, eq(users.id, subscriptionCheckouts.userId))
      .where(eq(subscriptionCheckouts.status, 'amount_mismatch'))
      .orderBy(desc(subscriptionCheckouts.createdAt))
      .limit(LIMIT),
  ]);
  const items: PaymentReview[] = [
    ...bought.map(({ row, username }) => ({
      kind: 'purchase' as const,
      id: row.id,
      userId: row.userId,
      username,
      item: row.itemId,
      amount: row.amountMinor / 100,
      currency: row.currency,
      providerSessionId: row.providerSessionId,
      createdAt: row.createdAt.toISOString(),
    })),
    ...subscribed.map(({ row, username }) => ({
      kind: 'subscription' as const,
      id: row.id,
      userId: row.userId,
      username,
      item: row.plan,
      amount: row.amountMinor / 100,
      currency: row.currency,
      providerSessionId: row.providerSessionId,
      createdAt: row.createdAt.toISOString(),
    })),
  ];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

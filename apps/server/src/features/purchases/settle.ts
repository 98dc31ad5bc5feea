import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { wallets } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/payments';
import type { RecordEvent } from '../../events/bus';
import { postLedgerEntry, type LedgerPosting } from '../tokens';

export type PurchaseRow = typeof purchases.$inferSelect;

/** What a settlement moved, to count once the transaction commits (countPosting). */
export interface Settlement {
  purchase: PurchaseRow;
  postings: LedgerPosting[];
}

/**
 * Marks a pending purchase paid and credits its gems or tokens, in the caller's transaction. The
 * conditional update lets exactly one of any number of concurrent calls through (webhook retries,
 * double clicks); the others answer null. The credit's key names the purchase, a second line of
 * defence against paying twice.
 */
export async function settlePaid(
  tx: Transaction,
  record: RecordEvent,
  purchaseId: string,
  paymentId: string | null = null,
): Promise<Settlement | null> {
  const [purchase] = await tx
    .update(purchases)
    .set({ status: 'paid', paidAt: new Date(), checkoutUrl: null, ...(paymentId ? { providerPaymentId: paymentId } : {}) })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  if (!purchase) return null;
  const posting: LedgerPosting = {
    userId: purchase.userId,
    currency: purchase.kind,
    amount: purchase.credits,
    reason: 'purchase',
    reference: purchase.id,
    contentType: purchase.itemId,
    idempotencyKey: `purchase:${purchase.id}`,
  };
  await postLedgerEntry(tx, posting, null);
  record('purchase.paid', {
    purchaseId: purchase.id,
    userId: purchase.userId,
    kind: purchase.kind,
    credits: purchase.credits,
    amountMinor: purchase.amountMinor,
    currency: purchase.currency,
  });
  return { purchase, postings: [posting] };
}

/**
 * Refunds a paid purchase: takes its credits back through the ledger as far as the balance allows
 * (the wallet row is locked first, so nothing spends it meanwhile) and records the rest as owed.
 * Only a paid purchase is refunded, once; otherwise null.
 */
export async function settleRefunded(tx: Transaction, record: RecordEvent, purchaseId: string): Promise<Settlement | null> {
  const [paid] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')))
    .for('update');
  if (!paid) return null;
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.userId, paid.userId), eq(wallets.currency, paid.kind)))
    .for('update');
  const recovered = Math.min(paid.credits, Math.max(0, wallet?.balance ?? 0));
  const owed = paid.credits - recovered;
  const postings: LedgerPosting[] = [];
  if (recovered > 0) {
    const posting: LedgerPosting = {
      userId: paid.userId,
      currency: paid.kind,
      amount: -recovered,
      reason: 'purchase_refund',
      reference: paid.id,
      contentType: paid.itemId,
      idempotencyKey: `purchase-refund:${paid.id}`,
    };
    await postLedgerEntry(tx, posting, null);
    postings.push(posting);
  }
  const [purchase] = await tx
    .update(purchases)
    .set({ status: 'refunded', owed, closedAt: new Date() })
    .where(eq(purchases.id, paid.id))
    .returning();
  record('purchase.refunded', { purchaseId: paid.id, userId: paid.userId, kind: paid.kind, recovered, owed });
  return { purchase: purchase!, postings };
}

/**
 * Holds a pending purchase that Stripe says was paid with another amount or currency than its
 * own (a price changed by hand in the dashboard, a wrong integration): nothing is credited, and
 * the admins see it in Admin › Economy to settle with the buyer. Null unless it was pending.
 */
export async function settleMismatched(tx: Transaction, purchaseId: string, paymentId: string | null): Promise<PurchaseRow | null> {
  const [purchase] = await tx
    .update(purchases)
    .set({ status: 'amount_mismatch', checkoutUrl: null, closedAt: sql`now()`, ...(paymentId ? { providerPaymentId: paymentId } : {}) })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  return purchase ?? null;
}

/** Closes a purchase that was never paid (the checkout expired or was cancelled). Null unless it was pending. */
export async function settleExpired(tx: Transaction, purchaseId: string): Promise<PurchaseRow | null> {
  const [purchase] = await tx
    .update(purchases)
    .set({ status: 'expired', checkoutUrl: null, closedAt: sql`now()` })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  return purchase ?? null;
}

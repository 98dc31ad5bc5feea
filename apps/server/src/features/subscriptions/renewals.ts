import { and, eq, inArray, lte } from 'drizzle-orm';
import { addMonth, PLANS } from '@app/shared/subscriptions/plans';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import type { DomainEvents } from '../../events/bus';
import { countPosting, type LedgerMetrics, type LedgerPosting } from '../tokens';
import { applySubscriptionState, lockSubscriber, recordPaidPeriod } from './store';

/** How often the renewal job looks for sandbox subscriptions whose period has ended. */
export const RENEWAL_SCAN_MS = 60_000;
/** A scan renews at most this many; the next scan takes the rest. */
const BATCH = 200;
/** A subscription left unrenewed for long (the server was off) catches up at most this many periods at once. */
const MAX_CATCH_UP = 12;

/**
 * Sandbox renewals (Stripe renews its own and tells by invoice.paid): every sandbox subscription
 * whose period has ended either ends (cancelAtPeriodEnd) or starts its next period, recording an
 * invoice and crediting the allowance once. Each one is handled in a transaction that locks the
 * row and checks again that it is still due, so runs that overlap (twice, or on two instances)
 * renew it once; the invoice's unique period and the ledger key are the second line.
 *
 * `renew: false` (the sandbox is off: Stripe took over, or payments are off) ends every due one
 * instead: a period nobody paid for is never credited.
 */
export async function renewDueSandboxSubscriptions(
  deps: { db: Database; events: DomainEvents; metrics: LedgerMetrics },
  now = new Date(),
  opts: { renew: boolean } = { renew: true },
): Promise<{ renewed: number; ended: number }> {
  const { db, events, metrics } = deps;
  const due = and(
    eq(subscriptions.provider, 'sandbox'),
    inArray(subscriptions.status, ['active', 'past_due']),
    lte(subscriptions.currentPeriodEnd, now),
  );
  const candidates = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(due).limit(BATCH);
  let renewed = 0;
  let ended = 0;
  for (const { userId } of candidates) {
    const postings = await events.inTransaction(db, async (tx, record) => {
      await lockSubscriber(tx, userId); // the account first, as every subscription write does (no deadlock with a checkout)
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), due))
        .for('update');
      if (!row) return null; // renewed or ended meanwhile, by another run
      const base = {
        userId,
        plan: row.tier,
        provider: 'sandbox' as const,
        providerSubscriptionId: row.providerSubscriptionId,
        providerCustomerId: null,
      };
      if (row.cancelAtPeriodEnd || !opts.renew) {
        await applySubscriptionState(
          tx,
          record,
          {
            ...base,
            status: 'canceled',
            currentPeriodStart: row.currentPeriodStart,
            currentPeriodEnd: row.currentPeriodEnd,
            cancelAtPeriodEnd: true,
          },
          { takeOver: false },
        );
        ended += 1;
        return [];
      }
      const posted: LedgerPosting[] = [];
      let start = row.currentPeriodEnd;
      let end = addMonth(start);
      for (let i = 1; i < MAX_CATCH_UP && end <= now; i += 1) {
        start = end;
        end = addMonth(start);
      }
      // Only the period that covers now is paid and credited: the months the server was off are skipped, not billed.
      posted.push(
        ...(await recordPaidPeriod(tx, {
          ...base,
          providerInvoiceId: null,
          amountMinor: PLANS[row.tier].priceMinor,
          currency: PLANS[row.tier].currency,
          periodStart: start,
          periodEnd: end,
        })),
      );
      await applySubscriptionState(
        tx,
        record,
        { ...base, status: 'active', currentPeriodStart: start, currentPeriodEnd: end, cancelAtPeriodEnd: false },
        { takeOver: false },
      );
      renewed += 1;
      return posted;
    });
    for (const posting of postings ?? []) countPosting(metrics, posting);
  }
  return { renewed, ended };
}

import { addMonth } from '@app/shared/subscriptions/plans';
import type { Transaction } from '../../db/client';
import type { RecordEvent } from '../../events/bus';
import type { JobQueue } from '../../jobs/queue';
import type { LedgerPosting } from '../tokens';
import { applySubscriptionState, recordPaidPeriod, type ApplyResult, type CheckoutRow } from './store';

/** The job that ends, with Stripe, a subscription an upgrade replaced. */
export const CANCEL_REPLACED_JOB = 'subscriptions.cancel-replaced';

/**
 * A subscription replaced while still entitled (an upgrade paid through a new checkout) is ended
 * with its provider after this transaction commits: a persisted job, retried until Stripe agrees.
 * The sandbox has nothing to end (the row was rewritten).
 */
export async function endReplaced(tx: Transaction, jobs: JobQueue, applied: ApplyResult): Promise<void> {
  if (applied.replaced?.provider !== 'stripe') return;
  await endWithStripe(tx, jobs, applied.replaced.providerSubscriptionId);
}

/** Ends a Stripe subscription at once (prorated), after this transaction commits, retried until Stripe agrees. */
export async function endWithStripe(tx: Transaction, jobs: JobQueue, providerSubscriptionId: string): Promise<void> {
  await jobs.enqueue(tx, CANCEL_REPLACED_JOB, { providerSubscriptionId }, { dedupeKey: providerSubscriptionId, maxAttempts: 10 });
}

/**
 * The sandbox's Pay: what Stripe's checkout.session.completed and the first invoice.paid do
 * together. The subscription starts now for a month (an upgrade replaces the current one at once
 * and starts a new period), and the first period's allowance is credited once. The checkout must
 * already be marked completed by the caller (the conditional update that lets one click through).
 */
export async function activateSandboxCheckout(
  tx: Transaction,
  record: RecordEvent,
  jobs: JobQueue,
  checkout: CheckoutRow,
  now = new Date(),
): Promise<LedgerPosting[]> {
  const providerSubscriptionId = `sub_sandbox_${checkout.id}`;
  const periodEnd = addMonth(now);
  const applied = await applySubscriptionState(
    tx,
    record,
    {
      userId: checkout.userId,
      plan: checkout.plan,
      status: 'active',
      provider: 'sandbox',
      providerSubscriptionId,
      providerCustomerId: null,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
    },
    { takeOver: true },
  );
  await endReplaced(tx, jobs, applied);
  return recordPaidPeriod(tx, {
    userId: checkout.userId,
    plan: checkout.plan,
    provider: 'sandbox',
    providerSubscriptionId,
    providerInvoiceId: null,
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
    periodStart: now,
    periodEnd,
  });
}

import { and, eq } from 'drizzle-orm';
import { addMonth, PAID_PLANS, PLANS, type PaidPlan } from '@app/shared/subscriptions/plans';
import type { Transaction } from '../../db/client';
import { subscriptionCheckouts } from '../../db/schema/subscriptions';
import type { RecordEvent } from '../../events/bus';
import type { JobQueue } from '../../jobs/queue';
import type { StripeEventHandler, StripeEventWarn } from '../purchases';
import type { LedgerPosting } from '../tokens';
import { endReplaced, endWithStripe } from './activation';
import { applySubscriptionState, lockSubscriber, recordPaidPeriod, type SubscriptionRow, type SubscriptionState } from './store';

/**
 * Stripe's objects as read here. API versions moved fields (2025-03 "basil": an invoice's
 * subscription under parent.subscription_details, a subscription's period on its items), so the
 * reader looks in both places instead of trusting one typing.
 */
type Loose = Record<string, unknown>;
const at = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Loose)[key] : undefined), o);
const str = (o: unknown, ...paths: string[]) => {
  for (const p of paths) {
    const v = at(o, p);
    if (typeof v === 'string' && v) return v;
    if (v && typeof v === 'object' && typeof (v as Loose).id === 'string') return (v as Loose).id as string;
  }
  return null;
};
const num = (o: unknown, ...paths: string[]) => {
  for (const p of paths) {
    const v = at(o, p);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
};
const fromUnix = (s: number | null) => (s === null ? null : new Date(s * 1000));
const planOf = (v: string | null): PaidPlan | null => ((PAID_PLANS as readonly string[]).includes(v ?? '') ? (v as PaidPlan) : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stripe's subscription statuses in ours: active and trialing give the perks, past_due keeps them while Stripe retries. */
function statusOf(stripeStatus: string | null): SubscriptionState['status'] {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled'; // canceled, incomplete_expired, paused
  }
}

/** Who and which plan an object is about: its metadata, set on the session and the subscription (and so on its invoices). */
function ownerOf(metadata: unknown) {
  const userId = str(metadata, 'userId');
  const plan = planOf(str(metadata, 'plan'));
  if (userId && UUID.test(userId) && plan) return { userId, plan };
  return null;
}

/**
 * The subscriptions' part of POST /api/payments/stripe/webhook (in the transaction that records
 * the event id, so each event acts once): a paid Checkout Session in subscription mode starts the
 * subscription (or replaces the current one: an upgrade), customer.subscription.updated and
 * .deleted move the tier, status, period and end flag, and invoice.paid records the invoice and
 * credits the plan's monthly tokens once per subscription and period.
 */
export function subscriptionStripeEvents(jobs: JobQueue): StripeEventHandler {
  return async (tx, record, event, warn) => {
    const object: unknown = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (str(object, 'mode') !== 'subscription') return null;
        return checkoutCompleted(tx, record, jobs, object, warn);
      case 'checkout.session.expired':
        if (str(object, 'mode') !== 'subscription') return null;
        await closeCheckout(tx, object, 'canceled');
        return [];
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionMoved(tx, record, object, event.type === 'customer.subscription.deleted', warn);
      case 'invoice.paid':
        return invoicePaid(tx, record, jobs, object, warn);
      default:
        return null;
    }
  };
}

async function closeCheckout(tx: Transaction, session: unknown, status: 'completed' | 'canceled' | 'amount_mismatch') {
  const checkoutId = str(session, 'metadata.checkoutId', 'client_reference_id');
  const sessionId = str(session, 'id');
  if (!checkoutId || !UUID.test(checkoutId) || !sessionId) return null;
  const [checkout] = await tx
    .update(subscriptionCheckouts)
    .set({ status, checkoutUrl: null, completedAt: status === 'completed' ? new Date() : null })
    .where(
      and(
        eq(subscriptionCheckouts.id, checkoutId),
        eq(subscriptionCheckouts.providerSessionId, sessionId),
        eq(subscriptionCheckouts.status, 'pending'),
      ),
    )
    .returning();
  return checkout ?? null;
}

async function checkoutCompleted(tx: Transaction, record: RecordEvent, jobs: JobQueue, session: unknown, warn: StripeEventWarn) {
  const paid = ['paid', 'no_payment_required'].includes(str(session, 'payment_status') ?? '');
  if (!paid) return []; // paid later by a slow method: async_payment_succeeded follows
  const checkout = await closeCheckout(tx, session, 'completed');
  const providerSubscriptionId = str(session, 'subscription');
  if (!checkout || !providerSubscriptionId) {
    warn('a subscription Checkout Session that is no pending checkout of ours', { sessionId: str(session, 'id') });
    return [];
  }
  // Only the plan's price starts the plan: another amount or currency is held for an admin (issue 37).
  const charged = { amount: num(session, 'amount_total'), currency: str(session, 'currency')?.toLowerCase() ?? null };
  if (charged.amount !== checkout.amountMinor || charged.currency !== checkout.currency) {
    warn('a subscription Checkout Session paid with another amount or currency than its plan: held for review, not activated', {
      checkoutId: checkout.id,
      expected: { amount: checkout.amountMinor, currency: checkout.currency },
      paid: charged,
    });
    await tx.update(subscriptionCheckouts).set({ status: 'amount_mismatch' }).where(eq(subscriptionCheckouts.id, checkout.id));
    // It would go on billing that amount every month: ended now; what was paid is the admins' to refund or honour.
    await endWithStripe(tx, jobs, providerSubscriptionId);
    return [];
  }
  const current = await lockSubscriber(tx, checkout.userId);
  // invoice.paid or customer.subscription.* may have come first and set the real period.
  const known = current?.providerSubscriptionId === providerSubscriptionId ? current : null;
  const now = new Date();
  const applied = await applySubscriptionState(
    tx,
    record,
    {
      userId: checkout.userId,
      plan: checkout.plan,
      status: 'active',
      provider: 'stripe',
      providerSubscriptionId,
      providerCustomerId: str(session, 'customer'),
      currentPeriodStart: known?.currentPeriodStart ?? now,
      currentPeriodEnd: known?.currentPeriodEnd ?? addMonth(now),
      cancelAtPeriodEnd: known?.cancelAtPeriodEnd ?? false,
    },
    { takeOver: true },
  );
  await endReplaced(tx, jobs, applied);
  return [];
}

/** Whether the checkout a subscription was made by (its metadata's checkoutId) was paid at another amount: then nothing of it counts. */
async function heldForReview(tx: Transaction, metadata: unknown): Promise<boolean> {
  const checkoutId = str(metadata, 'checkoutId');
  if (!checkoutId || !UUID.test(checkoutId)) return false;
  const [row] = await tx
    .select({ status: subscriptionCheckouts.status })
    .from(subscriptionCheckouts)
    .where(eq(subscriptionCheckouts.id, checkoutId))
    .limit(1);
  return row?.status === 'amount_mismatch';
}

async function subscriptionMoved(tx: Transaction, record: RecordEvent, sub: unknown, deleted: boolean, warn: StripeEventWarn) {
  const providerSubscriptionId = str(sub, 'id');
  if (!providerSubscriptionId) return [];
  const owner = ownerOf(at(sub, 'metadata'));
  if (!owner) {
    warn('a subscription that is no subscription of ours', { providerSubscriptionId });
    return [];
  }
  // Its checkout was paid at another amount: it gives nothing; its end (which we asked for) still applies.
  if (!deleted && (await heldForReview(tx, at(sub, 'metadata')))) return [];
  const current: SubscriptionRow | null = await lockSubscriber(tx, owner.userId);
  const mine = current?.providerSubscriptionId === providerSubscriptionId ? current : null;
  const start = fromUnix(num(sub, 'items.data.0.current_period_start', 'current_period_start'));
  const end = fromUnix(num(sub, 'items.data.0.current_period_end', 'current_period_end'));
  const plan = planOf(str(sub, 'items.data.0.price.metadata.plan')) ?? owner.plan;
  await applySubscriptionState(
    tx,
    record,
    {
      userId: owner.userId,
      plan: mine?.tier ?? plan,
      status: deleted ? 'canceled' : statusOf(str(sub, 'status')),
      provider: 'stripe',
      providerSubscriptionId,
      providerCustomerId: str(sub, 'customer'),
      currentPeriodStart: start ?? mine?.currentPeriodStart ?? new Date(),
      currentPeriodEnd: end ?? mine?.currentPeriodEnd ?? addMonth(new Date()),
      cancelAtPeriodEnd: at(sub, 'cancel_at_period_end') === true,
    },
    { takeOver: false },
  );
  return [];
}

async function invoicePaid(
  tx: Transaction,
  record: RecordEvent,
  jobs: JobQueue,
  invoice: unknown,
  warn: StripeEventWarn,
): Promise<LedgerPosting[] | null> {
  const providerSubscriptionId = str(invoice, 'parent.subscription_details.subscription', 'subscription');
  if (!providerSubscriptionId) return null; // not a subscription's invoice
  const invoiceId = str(invoice, 'id');
  const owner = ownerOf(at(invoice, 'parent.subscription_details.metadata') ?? at(invoice, 'subscription_details.metadata'));
  if (!owner || !invoiceId) {
    warn('an invoice of a subscription that is no subscription of ours', { providerSubscriptionId, invoiceId });
    return [];
  }
  if (await heldForReview(tx, at(invoice, 'parent.subscription_details.metadata') ?? at(invoice, 'subscription_details.metadata'))) {
    warn('an invoice of a subscription whose checkout is held for review (amount mismatch): not credited', {
      providerSubscriptionId,
      invoiceId,
    });
    return [];
  }
  const start = fromUnix(num(invoice, 'lines.data.0.period.start', 'period_start'));
  const end = fromUnix(num(invoice, 'lines.data.0.period.end', 'period_end'));
  if (!start || !end) {
    warn('an invoice without a period', { invoiceId });
    return [];
  }
  const current = await lockSubscriber(tx, owner.userId);
  const mine = current?.providerSubscriptionId === providerSubscriptionId ? current : null;
  const plan = mine?.tier ?? owner.plan;
  const postings = await recordPaidPeriod(tx, {
    userId: owner.userId,
    plan,
    provider: 'stripe',
    providerSubscriptionId,
    providerInvoiceId: invoiceId,
    amountMinor: num(invoice, 'amount_paid') ?? PLANS[plan].priceMinor,
    currency: str(invoice, 'currency') ?? PLANS[plan].currency,
    periodStart: start,
    periodEnd: end,
  });
  // A paid period is an active subscription for that period (a first invoice may come before the
  // checkout's event; a new subscription's first one replaces the current subscription, as the checkout would).
  const applied = await applySubscriptionState(
    tx,
    record,
    {
      userId: owner.userId,
      plan,
      status: 'active',
      provider: 'stripe',
      providerSubscriptionId,
      providerCustomerId: str(invoice, 'customer'),
      // Periods follow each other: an invoice that ends before the known period starts is a late one and moves nothing back.
      currentPeriodStart: mine && end <= mine.currentPeriodStart ? mine.currentPeriodStart : start,
      currentPeriodEnd: mine && end <= mine.currentPeriodStart ? mine.currentPeriodEnd : end,
      cancelAtPeriodEnd: mine?.cancelAtPeriodEnd ?? false,
    },
    { takeOver: str(invoice, 'billing_reason') === 'subscription_create' },
  );
  await endReplaced(tx, jobs, applied);
  return postings;
}

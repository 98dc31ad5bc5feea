import { eq } from 'drizzle-orm';
import { PLAN_LIST, PLANS, type PaidPlan, type SubscriptionTier } from '@app/shared/subscriptions/plans';
import type { Subscription, SubscriptionCheckout, SubscriptionInvoice } from '@app/shared/subscriptions/schemas';
import type { Executor, Transaction } from '../../db/client';
import { type subscriptionCheckouts, subscriptionInvoices, subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { RecordEvent } from '../../events/bus';
import { postLedgerEntry, type LedgerPosting } from '../tokens';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof subscriptionCheckouts.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;
type Status = SubscriptionRow['status'];
type Provider = SubscriptionRow['provider'];

/** Statuses that keep the plan's perks: past due too, while the provider retries the payment. */
const ENTITLED: readonly Status[] = ['active', 'past_due'];
export const isEntitled = (status: Status) => ENTITLED.includes(status);

/** The tier a row gives: its plan while entitled, else free. */
export const tierOf = (row: SubscriptionRow | null | undefined): SubscriptionTier => (row && isEntitled(row.status) ? row.tier : 'free');

export async function subscriptionOf(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Locks the subscriber's account row for the rest of the transaction and answers their
 * subscription as it is now. Every transaction that writes a subscription takes this lock first
 * (the checkout row, if any, before it; the subscription row after it), so that two paid
 * checkouts of one user run one after the other and the second sees the first's subscription:
 * the subscription row alone can't be locked before it exists, and a read without a lock let
 * ten checkouts paid at once each start a subscription and credit an allowance (issue 37).
 */
export async function lockSubscriber(tx: Transaction, userId: string): Promise<SubscriptionRow | null> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return subscriptionOf(tx, userId);
}

/** The plans as the API shows them. */
export const planViews = () =>
  PLAN_LIST.map((p) => ({
    tier: p.tier,
    badge: p.badge,
    price: p.priceMinor / 100,
    priceMinor: p.priceMinor,
    currency: p.currency,
    monthlyTokens: p.monthlyTokens,
    xpMultiplier: p.xpMultiplier,
    perks: [...p.perks],
  }));

/** GET /api/subscription's answer for a row (or none). */
/** GET /api/subscription's answer for `userId`; `portal`: whether Stripe's customer portal is there (Stripe billing). */
export async function subscriptionAnswerOf(db: Executor, userId: string, portal: boolean): Promise<Subscription> {
  return toSubscription(await subscriptionOf(db, userId), portal);
}

export function toSubscription(row: SubscriptionRow | null, portal: boolean): Subscription {
  const tier = tierOf(row);
  const shown = row && row.status !== 'canceled';
  return {
    tier,
    status: row ? row.status : 'none',
    currentPeriodEnd: shown ? row.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: shown ? row.cancelAtPeriodEnd : false,
    xpMultiplier: PLANS[tier].xpMultiplier,
    provider: shown ? row.provider : null,
    portal: portal && !!row?.providerCustomerId,
    plans: planViews(),
  };
}

export const toCheckout = (row: CheckoutRow): SubscriptionCheckout => ({
  id: row.id,
  plan: row.plan,
  status: row.status,
  amount: row.amountMinor / 100,
  currency: row.currency,
  monthlyTokens: PLANS[row.plan].monthlyTokens,
  provider: row.provider,
  checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

export const toInvoice = (row: InvoiceRow): SubscriptionInvoice => ({
  id: row.id,
  plan: row.plan,
  amount: row.amountMinor / 100,
  currency: row.currency,
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  tokensCredited: row.tokensCredited,
  provider: row.provider,
  paidAt: row.paidAt.toISOString(),
});

/** What the provider says a subscription is now. */
export interface SubscriptionState {
  userId: string;
  plan: PaidPlan;
  status: Status;
  provider: Provider;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ApplyResult {
  row: SubscriptionRow | null;
  /** The provider subscription this one replaced while it was still entitled (an upgrade), to end with the provider. */
  replaced: { provider: Provider; providerSubscriptionId: string } | null;
}

/**
 * Writes what the provider says of a subscription into the user's row, in the caller's
 * transaction (the account row, then the subscription row locked first), and records `subscription.changed` when the tier, status,
 * period or end flag moved.
 *
 * A state about another subscription than the row's may take the row over only when `takeOver`
 * (a checkout just paid: a new subscription, or an upgrade) or when the row no longer gives
 * perks; otherwise it is about a replaced subscription, and changes nothing (null row).
 */
export async function applySubscriptionState(
  tx: Transaction,
  record: RecordEvent,
  state: SubscriptionState,
  opts: { takeOver: boolean },
): Promise<ApplyResult> {
  await lockSubscriber(tx, state.userId); // callers took it already; taken again here for any that did not (a no-op then)
  const [previous] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, state.userId)).for('update');
  const other = previous && previous.providerSubscriptionId !== state.providerSubscriptionId;
  if (other && isEntitled(previous.status) && !opts.takeOver) return { row: null, replaced: null };
  if (other && !isEntitled(state.status) && !opts.takeOver) return { row: null, replaced: null };
  const values = {
    tier: state.plan,
    status: state.status,
    provider: state.provider,
    providerSubscriptionId: state.providerSubscriptionId,
    providerCustomerId: state.providerCustomerId ?? previous?.providerCustomerId ?? null,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: new Date(),
    endedAt: isEntitled(state.status) || state.status === 'incomplete' ? null : (previous?.endedAt ?? new Date()),
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId: state.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  const before = tierOf(previous);
  const after = tierOf(row);
  const moved =
    !previous ||
    other ||
    previous.status !== row!.status ||
    previous.tier !== row!.tier ||
    previous.cancelAtPeriodEnd !== row!.cancelAtPeriodEnd ||
    previous.currentPeriodEnd.getTime() !== row!.currentPeriodEnd.getTime();
  // The account's tier (the session's user.tier, what the header and profiles read) follows, in the same transaction.
  if (!previous || before !== after) await tx.update(users).set({ tier: after }).where(eq(users.id, state.userId));
  if (moved) {
    const reason =
      after === 'free'
        ? before === 'free'
          ? 'updated'
          : 'ended'
        : before === 'free'
          ? 'subscribed'
          : before !== after
            ? 'upgraded'
            : previous && !other && previous.currentPeriodEnd.getTime() < row!.currentPeriodEnd.getTime()
              ? 'renewed'
              : previous && previous.cancelAtPeriodEnd !== row!.cancelAtPeriodEnd
                ? row!.cancelAtPeriodEnd
                  ? 'cancel_scheduled'
                  : 'resumed'
                : 'updated';
    record('subscription.changed', { userId: state.userId, tier: after, previousTier: before, status: row!.status, reason });
  }
  const replaced =
    other && previous && isEntitled(previous.status)
      ? { provider: previous.provider, providerSubscriptionId: previous.providerSubscriptionId }
      : null;
  return { row: row!, replaced };
}

/** One paid period of a subscription. */
export interface PaidPeriod {
  userId: string;
  plan: PaidPlan;
  provider: Provider;
  providerSubscriptionId: string;
  providerInvoiceId: string | null;
  amountMinor: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/** The ledger key of a period's allowance: one credit per subscription and period, whoever posts it. */
export const allowanceKey = (providerSubscriptionId: string, periodStart: Date) =>
  `subscription-allowance:${providerSubscriptionId}:${periodStart.toISOString()}`;

/**
 * Records a paid period and credits the plan's monthly tokens, once: the invoice row is unique per
 * subscription and period start (and per provider invoice), and the ledger key names the same
 * pair. Answers the posting made, or none when this period was recorded before.
 */
export async function recordPaidPeriod(tx: Transaction, period: PaidPeriod): Promise<LedgerPosting[]> {
  const tokens = PLANS[period.plan].monthlyTokens;
  const [invoice] = await tx
    .insert(subscriptionInvoices)
    .values({ ...period, tokensCredited: tokens })
    .onConflictDoNothing()
    .returning({ id: subscriptionInvoices.id });
  if (!invoice || tokens === 0) return [];
  const posting: LedgerPosting = {
    userId: period.userId,
    currency: 'tokens',
    amount: tokens,
    reason: 'subscription',
    reference: invoice.id,
    contentType: period.plan,
    idempotencyKey: allowanceKey(period.providerSubscriptionId, period.periodStart),
  };
  const result = await postLedgerEntry(tx, posting, null);
  return result.duplicate ? [] : [posting];
}

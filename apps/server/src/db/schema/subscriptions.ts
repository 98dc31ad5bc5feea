import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const PLANS = ['premium', 'ultimate'] as const;
const PROVIDERS = ['stripe', 'sandbox'] as const;

/**
 * A user's subscription: one row per user, rewritten when they subscribe again or upgrade (the
 * provider's subscription id then changes; events about the replaced one are ignored). Free is
 * no row, or a row whose status is no longer active or past_due.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: PLANS }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'incomplete', 'canceled'] }).notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** Stripe's sub_…; for the sandbox, sub_sandbox_{checkout id}. */
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Stripe's cus_… (the customer portal needs it); null for the sandbox. */
    providerCustomerId: text('provider_customer_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_subscription_unique').on(t.providerSubscriptionId),
    index('subscriptions_renewal_idx').on(t.provider, t.status, t.currentPeriodEnd),
  ],
);

/** One attempt to subscribe: pending until paid (Stripe's checkout.session.completed, or the sandbox page's Pay). */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    // amount_mismatch: Stripe reported another amount or currency; not activated, listed for the admins (issue 37).
    status: text('status', { enum: ['pending', 'completed', 'canceled', 'failed', 'amount_mismatch'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** The monthly price when it was made, in cents. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    providerSessionId: text('provider_session_id'),
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('subscription_checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscription_checkouts_session_unique').on(t.providerSessionId),
  ],
);

/**
 * One paid period: Stripe's invoice.paid, or a sandbox activation or renewal. At most one per
 * subscription and period start; its allowance is credited through the ledger with the key
 * subscription-allowance:{providerSubscriptionId}:{period start}.
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Stripe's in_…; null for the sandbox. */
    providerInvoiceId: text('provider_invoice_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    tokensCredited: bigint('tokens_credited', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_invoices_user_idx').on(t.userId, t.paidAt),
    uniqueIndex('subscription_invoices_period_unique').on(t.providerSubscriptionId, t.periodStart),
    uniqueIndex('subscription_invoices_provider_unique').on(t.providerInvoiceId),
    check('subscription_invoices_amounts', sql`${t.amountMinor} >= 0 and ${t.tokensCredited} >= 0`),
  ],
);

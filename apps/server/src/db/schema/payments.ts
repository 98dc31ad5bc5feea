import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One purchase of gems or tokens: made pending with its price and what it credits, then paid
 * (credited once through the ledger), expired, or refunded. The price and the credit are fixed
 * here when it is made, so a later price change never alters a purchase under way.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['gems', 'tokens'] }).notNull(),
    /** The gem package or token pack bought. */
    itemId: text('item_id').notNull(),
    /** The price in the currency's minor unit (cents). */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What paying credits: gems for 'gems', tokens for 'tokens'. */
    credits: bigint('credits', { mode: 'number' }).notNull(),
    // amount_mismatch: Stripe reported another amount or currency; not credited, listed for the admins (issue 37).
    status: text('status', { enum: ['pending', 'paid', 'expired', 'refunded', 'failed', 'amount_mismatch'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** The provider's checkout (a Stripe Checkout Session id); null for the sandbox. */
    providerSessionId: text('provider_session_id'),
    /** Stripe's payment intent, which its refunds name. */
    providerPaymentId: text('provider_payment_id'),
    checkoutUrl: text('checkout_url'),
    /** What a refund could not take back because it was already spent. */
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('purchases_provider_session_unique').on(t.providerSessionId),
    index('purchases_provider_payment_idx').on(t.providerPaymentId),
    check('purchases_amount_positive', sql`${t.amountMinor} > 0 and ${t.credits} > 0 and ${t.owed} >= 0`),
  ],
);

/** Every provider event handled, by its id: a retried or doubled delivery is recognised and skipped. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

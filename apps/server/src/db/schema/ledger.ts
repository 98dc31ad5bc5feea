import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One balance per user and currency; it never goes below zero (the check is the last line of defence). */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['tokens', 'gems'] }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('wallets_balance_non_negative', sql`${t.balance} >= 0`)],
);

/** Append-only: every balance change is one row, written in the same transaction as the balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['tokens', 'gems'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    /** What was bought or paid for ('text', 'image', 'season_pass'…), where it matters. */
    contentType: text('content_type'),
    /** The bot the movement was about (a reply's charge), kept after the bot is gone: no foreign key. */
    botId: uuid('bot_id'),
    /** A retry or a double click with the same key moves nothing twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_idempotency_unique').on(t.idempotencyKey), index('ledger_user_idx').on(t.userId, t.currency, t.id)],
);

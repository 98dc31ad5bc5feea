import { sql } from 'drizzle-orm';
import { bigint, check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the platform paid its model provider for API tokens (bots-header-auth.md §3 "API token
 * purchase"), recorded by the admins; the provider cost of the economy report. cost_rub is the
 * spec's stored column, 100 × price_paid_eur, written by the server. Migration 0006 seeds the
 * spec's default purchase (10 000 tokens for 150 EUR) once.
 */
export const apiTokenPurchases = pgTable(
  'api_token_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    tokensPurchased: bigint('tokens_purchased', { mode: 'number' }).notNull(),
    costUsd: numeric('cost_usd', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
    pricePaidEur: numeric('price_paid_eur', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    costRub: numeric('cost_rub', { precision: 16, scale: 4, mode: 'number' }).notNull(),
    supplier: text('supplier').notNull().default(''),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_token_purchases_date_idx').on(t.purchaseDate),
    check(
      'api_token_purchases_amounts',
      sql`${t.tokensPurchased} > 0 and ${t.pricePaidEur} > 0 and ${t.costUsd} >= 0 and ${t.costRub} >= 0`,
    ),
  ],
);

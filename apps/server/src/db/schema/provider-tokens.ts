import { sql } from 'drizzle-orm';
import { bigint, check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the platform paid its model provider for API tokens (bots-header-auth.md §3 "API token
 * purchase"), recorded by the admins; the provider cost of the economy report. cost_rub is the
 * spec's stored column, 100 × price_paid_eur, written by the server. Migration 0007 seeds the
 * default purchase once, and a later one makes it 150 000 tokens for the spec's 150 EUR, so that a
 * token costs the 0.001 EUR of the default pricing (decision 040). The admin page shows euros
 * alone; cost_usd and cost_rub stay in the table and the API.
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

import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PricingConfig } from '@app/shared/pricing/rules';
import { users } from './users';

/** The one pricing config the admins edit (row 1); absent until the first save, which means the defaults. */
export const pricingConfig = pgTable(
  'pricing_config',
  {
    id: integer('id').primaryKey().default(1),
    config: jsonb('config').$type<PricingConfig>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('pricing_config_single_row', sql`${t.id} = 1`)],
);

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A persona (issue 20 §2): who its owner is in a chat, as SillyTavern's personas. A user with
 * personas has exactly one default (the unique index holds the "at most"; the store keeps the
 * "at least"): a chat without a persona of its own uses it.
 */
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatarUrl: text('avatar_url'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personas_owner_idx').on(t.ownerId),
    uniqueIndex('personas_one_default_idx')
      .on(t.ownerId)
      .where(sql`is_default`),
  ],
);

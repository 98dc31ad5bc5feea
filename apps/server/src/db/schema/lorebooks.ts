import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LoreEntry, LoreSettings } from '@app/shared/lorebooks/schemas';
import { users } from './users';

/**
 * A lorebook (SillyTavern's world info; decision 030): its owner's, attached to bots they own and
 * to their chats. The entries are one JSON array, as SillyTavern keeps a world in one file: a
 * book is read and written whole (the prompt reads every entry, the editor saves the list).
 */
export const lorebooks = pgTable(
  'lorebooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').$type<LoreSettings>().notNull(),
    entries: jsonb('entries')
      .$type<LoreEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lorebooks_owner_updated_idx').on(t.ownerId, sql`${t.updatedAt} desc`)],
);

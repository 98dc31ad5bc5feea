import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImportReport } from '@app/shared/imports/schemas';
import { users } from './users';

/**
 * An import of another app's data (issue 20 §5: a SillyTavern user data folder), run as a job.
 * The upload waits in the private storage under `storage_key` until the job is over. The row is
 * written 'receiving' before the upload is read, so that a user has one active import at most
 * across every instance (the unique index; decision 036); the API never shows a receiving row.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['sillytavern'] }).notNull(),
    status: text('status', { enum: ['receiving', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** The stored upload; null once the job is over and the file is deleted. */
    storageKey: text('storage_key'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report').$type<ImportReport>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** While receiving: the last sign of life of the upload; a receiving row silent for long was left by a process that died. */
    aliveAt: timestamp('alive_at', { withTimezone: true }),
  },
  (t) => [
    index('imports_user_idx').on(t.userId, sql`${t.createdAt} desc`),
    // One import at a time per user, received, queued or running, whatever instance took it.
    uniqueIndex('imports_one_active_per_user')
      .on(t.userId)
      .where(sql`status in ('receiving', 'queued', 'running')`),
  ],
);

/**
 * What a user's imports already brought in, by the source file's content (`key`: its kind and
 * digest): an import that meets the same file again makes nothing twice. `target_id` is what the
 * file became (a bot, a chat, a lorebook, a persona), found again by later files of the folder.
 */
export const importedItems = pgTable(
  'imported_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The import that made it: a retried job counts what its own earlier attempt made as made, not as found. */
    importId: uuid('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The job that follows an import finds the bots it made by this.
    index('imported_items_import_idx')
      .on(t.importId)
      .where(sql`import_id is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every admin action (decision 023): written in the transaction of the action itself, so that an
 * action without its row (or a row without its action) cannot exist. The admin's account may be
 * deleted later; the row stays, without its author.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** `area.what` (ADMIN_ACTIONS in the shared package): user.banned, pricing.saved, ... */
    action: text('action').notNull(),
    /** What it acted on: a user, a bot's moderation request, a job, ... and its id (none for a singleton like the pricing). */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The facts of the action that the target's row no longer shows (the reason, the old and new role). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('admin_audit_log_action_idx').on(t.action, sql`${t.createdAt} desc`),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** System broadcasts sent by admins (POST /api/admin/broadcast); the notifications fan them out to every bell. */
export const adminBroadcasts = pgTable(
  'admin_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_broadcasts_created_idx').on(sql`${t.createdAt} desc`)],
);

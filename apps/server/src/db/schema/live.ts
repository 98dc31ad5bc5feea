import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The events of the users' live streams, kept for a while so that a stream that reconnects with
 * `Last-Event-ID` gets what it missed (decision 021). Without Redis this is the store every
 * instance shares; rows older than the retention are deleted by a periodic job. No foreign key:
 * rows live minutes, and an event for an account deleted meanwhile is harmless.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The settings sections of settings-and-referrals.md §3 that the user changes: each column holds
 * only what differs from the spec's defaults or was saved, and is read merged over the defaults
 * (packages/shared/src/account/sections.ts), so a new default reaches everyone who never changed it.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  privacy: jsonb('privacy').$type<Record<string, unknown>>().notNull().default({}),
  notifications: jsonb('notifications').$type<Record<string, unknown>>().notNull().default({}),
  appearance: jsonb('appearance').$type<Record<string, unknown>>().notNull().default({}),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  /** Security Alerts card: an email on a sign-in from a new device. */
  loginAlerts: boolean('login_alerts').notNull().default(true),
  /** When the digest job last sent this user a digest, so a period is sent once. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The IANA time zone that the browser reported, in which the digest's chosen time is read. */
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The privacy block list: blocking adds a user id, unblocking removes it. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: uuid('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] }), index('user_blocks_blocked_idx').on(t.blockedUserId)],
);

/** Named copies of the settings (backups) and the user's own presets; built-in presets live in code. */
export const settingsSnapshots = pgTable(
  'settings_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['backup', 'preset'] }).notNull(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_snapshots_user_idx').on(t.userId, t.kind, t.createdAt)],
);

/** The in-app notifications of the header's bell. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event: test, newMessage, newFollower, botUpdate, achievements, systemAlerts, ... */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /**
     * The title and body in each interface language, when the notice was written in both: the bell
     * shows the reader's language of the moment, so that switching it changes the old notices too.
     * `title` and `body` keep the words of the recipient's language at the time (null here: a test
     * send, or a row from before this column).
     */
    words: jsonb('words').$type<Record<'en' | 'ru', { title: string; body: string }>>(),
    /** A path of this site to open from the notification, if any. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * What the notification is about, for a notification that must exist once however often its
     * event is seen (a level reached, an achievement unlocked): a second insert with the same key
     * writes nothing. Null for the others.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_dedupe_unique').on(t.userId, t.dedupeKey),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Web Push subscriptions, one per browser that granted the permission. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

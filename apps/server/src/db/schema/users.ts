import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** Null for accounts that only sign in through the OIDC provider. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    tier: text('tier', { enum: ['free', 'premium', 'ultimate'] })
      .notNull()
      .default('free'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    avatarUrl: text('avatar_url'),
    /** Profile (settings-and-referrals.md §3): at most 160 characters. */
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    website: text('website').notNull().default(''),
    /** twitter, github, discord, instagram (settings-and-referrals.md §3); missing keys are empty. */
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The danger zone (§3): when the user asked for deletion and when it takes effect. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    scheduledDeletionAt: timestamp('scheduled_deletion_at', { withTimezone: true }),
    exportRequestedAt: timestamp('export_requested_at', { withTimezone: true }),
    /** The referral code given at signup (`?ref=`), kept for the referral program. */
    signupRef: text('signup_ref'),
    /** Set by an admin's ban (decision 023): no sign-in, no refresh; cleared by the unban. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Usernames are unique whatever their case: "Alice" and "alice" are one name.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
    // The Ctrl+K search's Users group: full text (names' words) and trigrams (typos, parts of a username); decision 025.
    index('users_search_fts_idx').using('gin', sql`to_tsvector('simple', ${t.username} || ' ' || ${t.displayName})`),
    index('users_search_trgm_idx').using('gin', sql`lower(${t.username} || ' ' || ${t.displayName}) gin_trgm_ops`),
    // The deletion job reads only the accounts whose date has come.
    index('users_scheduled_deletion_idx')
      .on(t.scheduledDeletionAt)
      .where(sql`${t.scheduledDeletionAt} is not null`),
  ],
);

/** A user's row as the database holds it (the session's user; never sent as it is: see users/serialize). */
export type UserRow = typeof users.$inferSelect;

/** Server-wide values created once (such as the cookie-signing secret), shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who follows whom (the profile widget's Follow button and follower count). */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('user_follows_followee_idx').on(t.followeeId)],
);

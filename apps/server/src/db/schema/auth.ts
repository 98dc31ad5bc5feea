import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per signed-in device. A session is also the family of its refresh tokens:
 * revoking it ends every token it ever issued.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** How the session began: password or oidc. */
    method: text('method', { enum: ['password', 'oidc'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the session ends unless a refresh extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastActiveAt)],
);

/** Short-lived bearer tokens, stored as SHA-256 hashes. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_tokens_session_idx').on(t.sessionId), index('access_tokens_expires_idx').on(t.expiresAt)],
);

/** Refresh tokens rotate on every use; `rotatedAt` marks a used one, whose reuse revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * A table of mailed single-use links (auth/mailed-links.ts): the token stored only as its hash,
 * the account and the address it was mailed to, its expiry and when it was used.
 */
const mailedLinks = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      email: text('email').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
    },
    (t) => [index(`${name}_user_idx`).on(t.userId, t.createdAt)],
  );

export const emailVerifications = mailedLinks('email_verifications');

/** Accounts at the OIDC provider linked to local users. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_accounts_provider_subject_unique').on(t.provider, t.subject), index('oauth_accounts_user_idx').on(t.userId)],
);

/**
 * Password reset links (issue 37 §4): the token is stored only as its hash, works once, for an
 * hour, and only while the account still has the address it was mailed to.
 */
export const passwordResets = mailedLinks('password_resets');

import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Two-factor authentication of a user (settings-and-referrals.md §3, §4). A row exists from the
 * setup on; `enabledAt` is set only after a first good code. The TOTP secret is sealed with the
 * server's key (lib/sealed.ts), never stored in the clear.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['app', 'sms', 'email'] }).notNull(),
  phone: text('phone'),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last TOTP time step accepted, so that no code is ever accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /**
   * The email and sms methods: the one-time code last sent outside a sign-in (to confirm the setup,
   * to turn two-factor off or to renew the backup codes), hashed, with its expiry and wrong tries.
   */
  pendingCodeHash: text('pending_code_hash'),
  pendingCodeExpiresAt: timestamp('pending_code_expires_at', { withTimezone: true }),
  pendingCodeAttempts: integer('pending_code_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten backup codes per setup, shown once, stored hashed, each usable once. */
export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_backup_codes_user_idx').on(t.userId)],
);

/**
 * The step between a good password and a good second factor: the login answers a challenge
 * token (stored hashed) and POST /api/auth/login/2fa completes it once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** For the email and sms methods: the code sent (hashed); the app method checks TOTP instead. */
    codeHash: text('code_hash'),
    /** How the first step was passed (password or oidc): the session opened at the end says so. */
    signInMethod: text('sign_in_method', { enum: ['password', 'oidc'] })
      .notNull()
      .default('password'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Text messages kept instead of sent while no SMS provider is configured (the dev outbox of sms). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReferralSettings } from '@app/shared/referrals/rules';
import { users } from './users';

/** One referral code per user (issue 16): 6–10 uppercase letters or digits, unique. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_unique').on(t.code)],
);

/** A visit of a referral link (POST /api/referral/click), with the address it came from. */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_clicks_referrer_idx').on(t.referrerId, t.createdAt)],
);

/**
 * A referred user's attachment to their referrer: one per referred user (the unique index makes a
 * second attach, even a concurrent one, impossible). status: pending (the referrer's bonus waits for
 * the email to be verified), confirmed (paid), flagged (waits for an admin), rejected (by an admin),
 * ineligible (disposable address: attached, never rewarded). reason says why it is flagged or ineligible.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    ip: text('ip').notNull(),
    /** signup, apply or register: how the attachment was made. */
    via: text('via', { enum: ['signup', 'apply', 'register'] }).notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'flagged', 'rejected', 'ineligible'] }).notNull(),
    reason: text('reason', { enum: ['disposable_email', 'ip_burst', 'referrer_ip'] }),
    /** Tokens the referrer earned from this referred user so far (registration and purchase bonuses), capped at maxBonusPerUser. */
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    /** The registration bonus the referrer was credited (0 until confirmed). */
    registrationBonus: integer('registration_bonus').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('referrals_referred_unique').on(t.referredId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_code_ip_idx').on(t.code, t.ip, t.createdAt),
    index('referrals_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The referrer's bonus for one purchase of a referred user: held while the purchase can be
 * refunded (until release_at, released by a job), then paid; cancelled by a refund inside the hold,
 * reversed (taken back through the ledger) by a refund after it. One per purchase.
 */
export const referralPurchaseBonuses = pgTable(
  'referral_purchase_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The purchase's id (no foreign key: the purchases area owns that table). */
    purchaseId: uuid('purchase_id').notNull(),
    valueEur: text('value_eur').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['held', 'paid', 'cancelled', 'reversed'] }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    /** Tokens a reversal took back (at most what the balance held). */
    recovered: integer('recovered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referral_purchase_bonuses_purchase_unique').on(t.purchaseId),
    index('referral_purchase_bonuses_referrer_idx').on(t.referrerId, t.createdAt),
    index('referral_purchase_bonuses_release_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** The program's settings the admins edit (row 1); absent until the first save, which means the defaults. */
export const referralConfig = pgTable(
  'referral_config',
  {
    id: integer('id').primaryKey().default(1),
    config: jsonb('config').$type<ReferralSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('referral_config_single_row', sql`${t.id} = 1`)],
);

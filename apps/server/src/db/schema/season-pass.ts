import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SeasonTier } from '@app/shared/season-pass/schemas';
import { users } from './users';

/**
 * A season of the season pass (issue 19, decision 028): its dates (start included, end excluded),
 * the price of its pass in gems and its tiers, written whole by an admin (tiers 1…N, each with the
 * XP it asks and a reward on the free and the premium track). Seasons never overlap: a write takes
 * the table's lock and looks for another season in its dates first.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    priceGems: integer('price_gems').notNull(),
    tiers: jsonb('tiers').$type<SeasonTier[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seasons_ends_at_idx').on(t.endsAt), check('seasons_dates_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * A pass bought: once per season and user (the key), paid in gems on the ledger in the same
 * transaction (key `season-pass:{season}:{user}`). A season with passes can't be deleted.
 */
export const seasonPasses = pgTable(
  'season_passes',
  {
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceGems: integer('price_gems').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] })],
);

/**
 * A tier's reward claimed on one track, once per season, user, tier and track (the key): the row
 * and the reward's payment commit together, so a second claim finds the row and pays nothing.
 */
export const seasonClaims = pgTable(
  'season_claims',
  {
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    track: text('track', { enum: ['free', 'premium'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId, t.tier, t.track] })],
);

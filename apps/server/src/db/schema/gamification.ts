import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's progression (issue 17): total XP (the level and rank follow from it, shared
 * gamification/levels.ts) and prestige. A row appears with the first award.
 */
export const userProgress = pgTable('user_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalXp: bigint('total_xp', { mode: 'number' }).notNull().default(0),
  prestigeLevel: integer('prestige_level').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every XP award, once per (user, source, source id): a repeated or retried event finds its row and
 * pays nothing. `localDay` is the day in the user's time zone when it was earned (the daily message
 * cap and the daily-login streak count by it). `base` is the table's amount, `amount` what was
 * added after the streak, plan and rank multipliers.
 */
export const xpAwards = pgTable(
  'xp_awards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    base: integer('base').notNull(),
    amount: integer('amount').notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_awards_once').on(t.userId, t.source, t.sourceId),
    index('xp_awards_user_day_idx').on(t.userId, t.source, t.localDay),
    // The leaderboards count a user's awards past their cursor (decision 026).
    index('xp_awards_user_id_idx').on(t.userId, t.id),
    // The XP a user earned between two instants (a season's XP, decision 028).
    index('xp_awards_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * An admin's XP grant (POST /api/gamification/xp), kept as the audit of who gave whom how much and
 * why; its award in xp_awards has source 'admin_grant' and this row's id.
 */
export const xpGrants = pgTable(
  'xp_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('xp_grants_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An achievement a user unlocked (the catalogue is shared/gamification/achievements.ts): written
 * once when the server's counts first reach its requirements, claimed once (its rewards paid then).
 */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] }), index('user_achievements_achievement_idx').on(t.achievementId)],
);

/** A badge a user owns (from a legendary achievement, later from seasons and contests); up to 3 equipped. */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id').notNull(),
    source: text('source').notNull(),
    equipped: boolean('equipped').notNull().default(false),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);

/**
 * A user's run of a quest (the catalogue is shared/gamification/quests.ts), one per quest and
 * period: the local day (daily, and the day a challenge started), the local week's Monday, the
 * month, the quarter (seasonal), or 'once' (story, tutorial). Progress is not stored: it is
 * counted from what happened since `startedAt`, so abandoning (and starting again) loses it.
 */
export const userQuests = pgTable(
  'user_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: text('quest_id').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['active', 'completed', 'claimed', 'abandoned'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The local day the quest started on (days logged in count from it). */
    startDay: date('start_day', { mode: 'string' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_quests_period_unique').on(t.userId, t.questId, t.period),
    index('user_quests_user_idx').on(t.userId, t.startedAt),
  ],
);

/**
 * A level a user reached, once per prestige and level: written by the award that crossed it, in
 * its transaction. The profile's activity shows them, and the level-up notification is keyed by them.
 */
export const userLevelUps = pgTable(
  'user_level_ups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prestigeLevel: integer('prestige_level').notNull(),
    level: integer('level').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.prestigeLevel, t.level] }), index('user_level_ups_user_idx').on(t.userId, t.reachedAt)],
);

/**
 * A prestige (back to level 1 from the top): once per user and prestige level, with the total XP
 * it gave up, so that the reset is on record.
 */
export const userPrestiges = pgTable(
  'user_prestiges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prestigeLevel: integer('prestige_level').notNull(),
    totalXp: bigint('total_xp', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.prestigeLevel] })],
);

import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The leaderboards (issue 19, decision 026). PostgreSQL is their source of truth; with REDIS_URL
 * set, sorted sets mirror the current periods for fast ranks and are rebuilt from these rows.
 */

/** Who joined which board (shared/leaderboards/boards.ts): only they are listed. */
export const leaderboardMembers = pgTable(
  'leaderboard_members',
  {
    boardId: text('board_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('leaderboard_members_user_idx').on(t.userId)],
);

/**
 * A member's score on a board in one period ('all', or the period's first day). Every member has a
 * row in the board's open period (made at the join, or by the job that opens a period); a score
 * only grows within its period. Listed by score, then user id, both descending: the order of
 * Redis's sorted sets read in reverse.
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    boardId: text('board_id').notNull(),
    period: text('period').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // The user first: a member's rows are found (and deleted with the account) by it, and an
    // update writes two indexes, not three.
    primaryKey({ columns: [t.userId, t.boardId, t.period] }),
    // Ascending, read backwards for `order by score desc, user_id desc` (a DESC index here would be
    // NULLS LAST, which that order, NULLS FIRST by default, can't use).
    index('leaderboard_scores_rank_idx').on(t.boardId, t.period, t.score, t.userId),
  ],
);

/**
 * How far each member's XP awards have been counted into their boards: every award with a larger
 * id is still to count. Counting moves it with a compare-and-set on (last award, version), and a
 * join or a leave bumps the version, so an award counts once, into the boards its user is on,
 * however many counts, joins and leaves run at once.
 */
export const leaderboardCursors = pgTable('leaderboard_cursors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastAwardId: bigint('last_award_id', { mode: 'number' }).notNull(),
  version: integer('version').notNull().default(0),
});

/**
 * The periods of the boards that reset: opened once (every member gets a row at 0) and closed once
 * (its top 3 get the board's badge), by the periodic job, however many instances run it.
 */
export const leaderboardPeriods = pgTable(
  'leaderboard_periods',
  {
    boardId: text('board_id').notNull(),
    period: text('period').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.period] })],
);

/** A closed period's best (rank 1 to 3, ties included): they keep the board's badge. */
export const leaderboardWinners = pgTable(
  'leaderboard_winners',
  {
    boardId: text('board_id').notNull(),
    period: text('period').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.period, t.userId] }), index('leaderboard_winners_user_idx').on(t.userId)],
);

/**
 * The catch-up job's place in the XP awards: it brings up to date the members with awards past it
 * (those that no `gamification.xp_gained` announced: a message past the daily cap, a claim's XP).
 */
export const leaderboardTail = pgTable('leaderboard_tail', {
  name: text('name').primaryKey(),
  lastAwardId: bigint('last_award_id', { mode: 'number' }).notNull(),
});

/**
 * The leaderboards (gamification.md §2.9, §7; issue 19): which boards exist, what each counts and
 * over which period. Every score is counted by the server from its own XP award rows (an award per
 * message, favorite received, login, …), never taken from a client. Periods are in UTC: a week
 * starts on Monday 00:00, a month on its first day 00:00.
 */

export const LEADERBOARD_METRICS = ['xp', 'messages', 'favorites_received'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

export const LEADERBOARD_PERIODS = ['all_time', 'weekly', 'monthly'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export interface LeaderboardDef {
  id: string;
  /** The English name the API answers; the web app shows its own words by id. */
  name: string;
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  /** The badge the period's top 3 keep when it ends (weekly boards), null for none. */
  badgeId: string | null;
}

/** The boards, in the order the page shows them as tabs. */
export const LEADERBOARDS: readonly LeaderboardDef[] = [
  { id: 'xp-weekly', name: 'XP this week', metric: 'xp', period: 'weekly', badgeId: 'top3-xp-weekly' },
  { id: 'xp-monthly', name: 'XP this month', metric: 'xp', period: 'monthly', badgeId: null },
  { id: 'xp-all-time', name: 'XP all time', metric: 'xp', period: 'all_time', badgeId: null },
  { id: 'messages-weekly', name: 'Messages this week', metric: 'messages', period: 'weekly', badgeId: 'top3-messages-weekly' },
  { id: 'favorites-all-time', name: 'Bot favorites received', metric: 'favorites_received', period: 'all_time', badgeId: null },
];

const BY_ID = new Map(LEADERBOARDS.map((b) => [b.id, b]));
/** A board by id, or undefined. */
export const leaderboardById = (id: string): LeaderboardDef | undefined => BY_ID.get(id);

/** The board whose top 3 keep this badge, or undefined (for the badge's name and icon). */
export const leaderboardOfBadge = (badgeId: string): LeaderboardDef | undefined => LEADERBOARDS.find((b) => b.badgeId === badgeId);

/** A leaderboard badge's name ('Top 3: XP this week'), or undefined for a badge of something else. */
export function leaderboardBadgeName(badgeId: string): string | undefined {
  const board = leaderboardOfBadge(badgeId);
  return board ? `Top 3: ${board.name}` : undefined;
}

/** How many of a period's best keep its badge: every player ranked 1 to 3 (ties share a rank). */
export const LEADERBOARD_BADGE_RANKS = 3;

/** Page sizes (§9: a page of 100 by default; the 'Top Players' card shows 5). */
export const LEADERBOARD_PAGE_MAX = 100;
export const LEADERBOARD_PAGE_DEFAULT = 100;
export const TOP_PLAYERS_LIMIT = 5;

/** The key of the all-time period: it never ends. */
export const ALL_TIME_PERIOD = 'all';

export interface PeriodWindow {
  /** 'all', or the period's first day as YYYY-MM-DD (a Monday for weeks, the 1st for months). */
  key: string;
  /** Inclusive start, null for all time. */
  startsAt: Date | null;
  /** Exclusive end (the next period's start), null for all time. */
  endsAt: Date | null;
}

const DAY_MS = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period of a board that contains `at` (UTC).
 * @example periodAt('weekly', new Date('2026-11-25T10:00:00Z')).key // '2026-11-23' (that week's Monday)
 */
export function periodAt(period: LeaderboardPeriod, at: Date): PeriodWindow {
  if (period === 'all_time') return { key: ALL_TIME_PERIOD, startsAt: null, endsAt: null };
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'weekly') {
    // getUTCDay: Sunday 0 … Saturday 6; a week starts on Monday.
    const start = new Date(midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS);
    return { key: dayKey(start), startsAt: start, endsAt: new Date(start.getTime() + 7 * DAY_MS) };
  }
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { key: dayKey(start), startsAt: start, endsAt: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/** The period before the one containing `at` (null for all time, which has none). */
export function previousPeriod(period: LeaderboardPeriod, at: Date): PeriodWindow | null {
  const current = periodAt(period, at);
  return current.startsAt ? periodAt(period, new Date(current.startsAt.getTime() - 1)) : null;
}

/**
 * A player's rank among `total` as a percentile: the share of players whose score is at or below
 * theirs, in percent with one decimal (the leader of 200 is 100, the last of 200 is 0.5).
 */
export function percentileOf(rank: number, total: number): number {
  if (total <= 0 || rank <= 0) return 0;
  return Math.round(((total - rank + 1) / total) * 1000) / 10;
}

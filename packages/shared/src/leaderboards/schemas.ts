import { z } from 'zod';
import { LEADERBOARD_METRICS, LEADERBOARD_PAGE_DEFAULT, LEADERBOARD_PAGE_MAX, LEADERBOARD_PERIODS } from './boards';

/** Contracts of the leaderboard calls (gamification.md §7; issue 19). */

/** GET /api/gamification/leaderboards: the boards; `resetsAt` is when the current period ends (null for all time). */
export const ZLeaderboard = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.enum(LEADERBOARD_METRICS),
  period: z.enum(LEADERBOARD_PERIODS),
  resetsAt: z.string().nullable(),
});
export type Leaderboard = z.infer<typeof ZLeaderboard>;
export const ZLeaderboardList = z.object({ items: z.array(ZLeaderboard) });
export type LeaderboardList = z.infer<typeof ZLeaderboardList>;

/** A board's id in a path: any id that is not a board's (malformed ones too) is 404. */
export const ZLeaderboardParams = z.object({ id: z.string().min(1).max(100) });

/** `?limit=100&offset=0`: a page of 1 to 100 players (else 400). */
export const ZLeaderboardEntriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_PAGE_MAX).default(LEADERBOARD_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
});
export type LeaderboardEntriesQuery = z.infer<typeof ZLeaderboardEntriesQuery>;

/** One player on a board: ties share a rank (1, 2, 2, 4). */
export const ZLeaderboardEntry = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  level: z.number().int(),
  score: z.number(),
});
export type LeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

/** The caller's place on a board, null when they have not joined it. */
export const ZLeaderboardPosition = z.object({ rank: z.number().int(), score: z.number() });
export type LeaderboardPosition = z.infer<typeof ZLeaderboardPosition>;

/** GET /api/gamification/leaderboards/{id}/entries: a page of the current period, its size, and the caller. */
export const ZLeaderboardEntries = z.object({
  items: z.array(ZLeaderboardEntry),
  total: z.number().int(),
  me: ZLeaderboardPosition.nullable(),
});
export type LeaderboardEntries = z.infer<typeof ZLeaderboardEntries>;

/** POST and DELETE /api/gamification/leaderboards/{id}/join: the caller's membership after the call. */
export const ZLeaderboardMembership = z.object({
  leaderboardId: z.string(),
  joined: z.boolean(),
  me: ZLeaderboardPosition.nullable(),
});
export type LeaderboardMembership = z.infer<typeof ZLeaderboardMembership>;

/** A user in a path: an id (or a username). */
export const ZLeaderboardUserParams = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /api/gamification/leaderboards/user/{id}/stats: the user's place on each board they joined. */
export const ZLeaderboardStat = z.object({
  leaderboardId: z.string(),
  rank: z.number().int(),
  score: z.number(),
  /** The share of the board's players at or below this score, in percent (one decimal). */
  percentile: z.number(),
});
export type LeaderboardStat = z.infer<typeof ZLeaderboardStat>;
export const ZLeaderboardStats = z.object({ items: z.array(ZLeaderboardStat) });
export type LeaderboardStats = z.infer<typeof ZLeaderboardStats>;

/** The spec's failure texts (§8: LOAD_LEADERBOARD_ERROR and 'Failed to …'). */
export const LEADERBOARD_MESSAGES = {
  loadFailed: 'Failed to load leaderboard',
  listFailed: 'Failed to load leaderboards',
  joinFailed: 'Failed to join leaderboard',
  leaveFailed: 'Failed to leave leaderboard',
  statsFailed: 'Failed to load leaderboard stats',
  notFound: 'Leaderboard not found',
  privateProfile: 'A private profile cannot join leaderboards',
} as const;

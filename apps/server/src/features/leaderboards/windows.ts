import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARDS, periodAt, previousPeriod, type LeaderboardDef } from '@app/shared/leaderboards/boards';

/** A board's period that awards may still count into: the open one, and the one before it until it is closed. */
export interface ScoreWindow {
  board: LeaderboardDef;
  period: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The open period (listed, mirrored); else the one that just ended (its late awards still count). */
  current: boolean;
}

/** The windows of every board at `now`. */
export function windowsAt(now: Date, boards: readonly LeaderboardDef[] = LEADERBOARDS): ScoreWindow[] {
  const out: ScoreWindow[] = [];
  for (const board of boards) {
    const current = periodAt(board.period, now);
    out.push({ board, period: current.key, startsAt: current.startsAt, endsAt: current.endsAt, current: true });
    const previous = previousPeriod(board.period, now);
    if (previous) out.push({ board, period: previous.key, startsAt: previous.startsAt, endsAt: previous.endsAt, current: false });
  }
  return out;
}

/**
 * What one XP award adds to a board of each metric, over `award` (an alias of xp_awards): its XP,
 * 1 for a message (past the daily XP cap too: a message is a message), 1 for a favorite received.
 */
export function metricOf(metric: LeaderboardDef['metric'], award: string): SQL {
  const a = sql.raw(award);
  switch (metric) {
    case 'xp':
      return sql`${a}.amount`;
    case 'messages':
      return sql`(${a}.source = 'message')::int`;
    case 'favorites_received':
      return sql`(${a}.source = 'favorite_received')::int`;
  }
}

/** Whether an award (alias `award`) falls in a window. */
export function inWindow(w: Pick<ScoreWindow, 'startsAt' | 'endsAt'>, award: string): SQL {
  const a = sql.raw(award);
  const parts: SQL[] = [];
  if (w.startsAt) parts.push(sql`${a}.created_at >= ${w.startsAt.toISOString()}::timestamptz`);
  if (w.endsAt) parts.push(sql`${a}.created_at < ${w.endsAt.toISOString()}::timestamptz`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { LEADERBOARD_BADGE_RANKS, LEADERBOARDS, periodAt, type LeaderboardDef } from '@app/shared/leaderboards/boards';
import { queryRows, type Database } from '../../db/client';
import { userBadges } from '../../db/schema/gamification';
import {
  leaderboardCursors,
  leaderboardPeriods,
  leaderboardScores,
  leaderboardTail,
  leaderboardWinners,
} from '../../db/schema/leaderboards';
import type { Leaderboards } from './leaderboards';

/** At most this many share a closed period's badge (a tie for third among thousands is not a top 3). */
const MAX_WINNERS = 100;

export interface RollResult {
  opened: string[];
  closed: { boardId: string; period: string; winners: { userId: string; rank: number; score: number }[] }[];
}

/**
 * The periodic job of the boards that reset (weekly on Monday 00:00 UTC, monthly on the 1st): opens
 * the period that contains `now` (every member starts it at 0) and closes the ones before it (their
 * top 3 keep the board's badge; scores older than the period just closed are deleted). Each
 * opening and closing is one conditional write on `leaderboard_periods`, so running the job twice,
 * or on two instances at once, opens and closes once and gives each badge once.
 */
export async function rollPeriods(db: Database, boards: Leaderboards, now: Date = new Date()): Promise<RollResult> {
  const result: RollResult = { opened: [], closed: [] };
  for (const board of LEADERBOARDS) {
    if (board.period === 'all_time') continue;
    const current = periodAt(board.period, now).key;
    if (await openPeriod(db, board.id, current, now)) {
      result.opened.push(`${board.id}:${current}`);
      await boards.rebuildMirror(board.id, current);
    }
    const ended = await db
      .select({ period: leaderboardPeriods.period })
      .from(leaderboardPeriods)
      .where(and(eq(leaderboardPeriods.boardId, board.id), isNull(leaderboardPeriods.closedAt), lt(leaderboardPeriods.period, current)))
      .orderBy(leaderboardPeriods.period);
    for (const { period } of ended) {
      const winners = await closePeriod(db, board, period, now);
      if (!winners) continue;
      result.closed.push({ boardId: board.id, period, winners });
      await boards.dropMirror(board.id, period);
    }
  }
  return result;
}

async function openPeriod(db: Database, boardId: string, period: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const opened = await tx
      .insert(leaderboardPeriods)
      .values({ boardId, period, openedAt: now })
      .onConflictDoNothing()
      .returning({ period: leaderboardPeriods.period });
    if (opened.length === 0) return false;
    // Every member is on the new period from its start, at 0 (a score already counted in it stays).
    await tx.execute(
      sql`insert into leaderboard_scores (user_id, board_id, period, score)
          select user_id, board_id, ${period}, 0 from leaderboard_members where board_id = ${boardId}
          on conflict (user_id, board_id, period) do nothing`,
    );
    return true;
  });
}

/** Closes a period once: its winners (rank 1 to 3 with a score, ties included) keep the board's badge. Null when it was closed already. */
async function closePeriod(db: Database, board: LeaderboardDef, period: string, now: Date) {
  return db.transaction(async (tx) => {
    const closing = await tx
      .update(leaderboardPeriods)
      .set({ closedAt: now })
      .where(and(eq(leaderboardPeriods.boardId, board.id), eq(leaderboardPeriods.period, period), isNull(leaderboardPeriods.closedAt)))
      .returning({ period: leaderboardPeriods.period });
    if (closing.length === 0) return null;
    const winners = board.badgeId
      ? (
          await queryRows<{ user_id: string; score: string | number; rank: string | number }>(
            tx,
            sql`select user_id, score, rank from (
                  select user_id, score, rank() over (order by score desc) as rank from (
                    select user_id, score from leaderboard_scores
                    where board_id = ${board.id} and period = ${period} and score > 0
                    order by score desc, user_id desc limit ${MAX_WINNERS}
                  ) top
                ) ranked where rank <= ${LEADERBOARD_BADGE_RANKS}`,
          )
        ).map((r) => ({ userId: r.user_id, score: Number(r.score), rank: Number(r.rank) }))
      : [];
    if (winners.length > 0 && board.badgeId) {
      await tx
        .insert(leaderboardWinners)
        .values(winners.map((w) => ({ boardId: board.id, period, userId: w.userId, rank: w.rank, score: w.score })))
        .onConflictDoNothing();
      // The badge is the board's; a second win renews it (and keeps it equipped if it was).
      await tx
        .insert(userBadges)
        .values(
          winners.map((w) => ({ userId: w.userId, badgeId: board.badgeId!, source: `leaderboard:${board.id}:${period}`, acquiredAt: now })),
        )
        .onConflictDoUpdate({
          target: [userBadges.userId, userBadges.badgeId],
          set: { source: sql`excluded.source`, acquiredAt: sql`excluded.acquired_at` },
        });
    }
    // The period just closed stays (last week's board); the ones before it go.
    await tx.delete(leaderboardScores).where(and(eq(leaderboardScores.boardId, board.id), lt(leaderboardScores.period, period)));
    return winners;
  });
}

const TAIL = 'xp_awards';
/** Where the previous run started from: each run walks again the awards of the one before. */
const TAIL_PREVIOUS = 'xp_awards:previous';
const TAIL_BATCH = 5_000;
const TAIL_BATCHES_PER_RUN = 20;

/**
 * Brings up to date the members whose awards no `gamification.xp_gained` announced (a message past
 * the daily XP cap still counts on the messages board; XP paid by a claim), or whose event was lost
 * in a restart: it walks the awards added since the run before the last one (so once more the last
 * run's: a count committed without waiting for the disk, lost in a PostgreSQL crash with it, is
 * counted again; a member with nothing new costs one lookup). Answers how many members it looked at.
 */
export async function catchUp(db: Database, boards: Leaderboards, now: Date = new Date()): Promise<number> {
  const marks = new Map(
    (
      await db
        .select()
        .from(leaderboardTail)
        .where(inArray(leaderboardTail.name, [TAIL, TAIL_PREVIOUS]))
    ).map((r) => [r.name, Number(r.lastAwardId)]),
  );
  const last = marks.get(TAIL);
  if (last === undefined) {
    // The first run starts here: members' scores before it were counted when they joined.
    await db.execute(
      sql`insert into leaderboard_tail (name, last_award_id)
          select name, coalesce((select max(id) from xp_awards), 0) from (values (${TAIL}), (${TAIL_PREVIOUS})) as n(name)
          on conflict do nothing`,
    );
    return 0;
  }
  let walked = Math.min(marks.get(TAIL_PREVIOUS) ?? last, last);
  let looked = 0;
  for (let batch = 0; batch < TAIL_BATCHES_PER_RUN; batch += 1) {
    const rows = await queryRows<{ id: string | number; user_id: string }>(
      db,
      sql`select id, user_id from xp_awards where id > ${walked} order by id limit ${TAIL_BATCH}`,
    );
    if (rows.length === 0) break;
    const users = [...new Set(rows.map((r) => r.user_id))];
    const members = await db
      .select({ userId: leaderboardCursors.userId })
      .from(leaderboardCursors)
      .where(inArray(leaderboardCursors.userId, users));
    for (const { userId } of members) await boards.update(userId, now);
    looked += members.length;
    walked = Number(rows[rows.length - 1]!.id);
    if (rows.length < TAIL_BATCH) break;
  }
  // Past the last mark: the next run starts from it. Still short of it (a backlog): from here.
  const [previous, next] = walked >= last ? [last, walked] : [walked, last];
  await db.transaction(async (tx) => {
    await tx.update(leaderboardTail).set({ lastAwardId: next }).where(eq(leaderboardTail.name, TAIL));
    await tx
      .insert(leaderboardTail)
      .values({ name: TAIL_PREVIOUS, lastAwardId: previous })
      .onConflictDoUpdate({ target: leaderboardTail.name, set: { lastAwardId: previous } });
  });
  return looked;
}

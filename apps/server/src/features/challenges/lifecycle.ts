import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { challengeOf, MIN_PLAYERS_FOR_REWARDS, rankContestants, rewardFor } from '@app/shared/challenges/catalogue';
import { challengeRoomPlayers, challengeRooms } from '../../db/schema/challenges';
import { countPosting, postLedgerEntry, type LedgerPosting } from '../tokens';
import { changeRoom, changed, dbNow, END_JOB, START_JOB, unchanged, type ChallengeCtx } from './rooms';
import { countScore } from './scoring';

/** The ledger's key of a room's reward to a player: whatever runs the end twice, it pays once. */
export const rewardKey = (roomId: string, userId: string) => `challenge:${roomId}:${userId}`;

/** Rooms the sweep looks at per run; more wait for the next. */
const SWEEP_BATCH = 100;
/** The sweep behind the queued jobs: a room whose job was lost still starts and ends. */
export const SWEEP_EVERY_MS = 30_000;

/**
 * A waiting room whose start time has come starts (by the database's clock); one that nobody is
 * in any more is over. Safe to run twice, at once too: the room's lock and its status decide.
 */
export async function startRoom(ctx: ChallengeCtx, roomId: string): Promise<void> {
  await changeRoom(ctx, roomId, async (tx, room) => {
    if (room.status !== 'waiting' || (await dbNow(tx)) < room.startsAt) return unchanged(null);
    const [player] = await tx
      .select({ userId: challengeRoomPlayers.userId })
      .from(challengeRoomPlayers)
      .where(and(eq(challengeRoomPlayers.roomId, room.id), eq(challengeRoomPlayers.active, true)))
      .limit(1);
    if (!player) {
      await tx
        .update(challengeRooms)
        .set({ status: 'finished', finishedAt: sql`now()` })
        .where(eq(challengeRooms.id, room.id));
      return changed(null);
    }
    // Scores count from startsAt even when this runs late: the window was announced.
    await tx.update(challengeRooms).set({ status: 'running' }).where(eq(challengeRooms.id, room.id));
    await ctx.jobs.enqueue(tx, END_JOB, { roomId: room.id }, { runAt: room.endsAt, dedupeKey: room.id, maxAttempts: 10 });
    return changed(null);
  });
}

/**
 * Ends a room whose end time has passed (by the database's clock): every score is counted one
 * last time from the server's rows, the places are set, and a ranked room with enough players
 * pays each paid place through the tokens ledger, keyed by room and player. Under the room's lock
 * only the first run finds it unfinished; the ledger's key would refuse a second payment anyway.
 * Answers whether this run finished it.
 */
export async function finishRoom(ctx: ChallengeCtx, roomId: string): Promise<boolean> {
  const postings: LedgerPosting[] = [];
  const finished = await changeRoom(ctx, roomId, async (tx, room) => {
    if (room.status === 'finished' || (await dbNow(tx)) < room.endsAt) return unchanged(false);
    const challenge = challengeOf(room.challengeId)!;
    const players = await tx.select().from(challengeRoomPlayers).where(eq(challengeRoomPlayers.roomId, room.id));
    const finals = [];
    for (const p of players) {
      if (!challenge.ranked || p.leftAt !== null) {
        finals.push(p);
        continue;
      }
      const counted = await countScore(tx, challenge, p.userId, { from: room.startsAt, to: room.endsAt });
      finals.push({ ...p, score: counted.score, reachedAt: counted.reachedAt });
    }
    const ranks = rankContestants(
      finals.map((p) => ({ userId: p.userId, score: p.score, reachedAt: p.reachedAt, left: p.leftAt !== null })),
    );
    const paying = challenge.ranked && players.length >= MIN_PLAYERS_FOR_REWARDS;
    for (const p of finals) {
      const rank = ranks.get(p.userId) ?? null;
      const reward = paying && rank !== null && p.score > 0 ? rewardFor(challenge, rank) : 0;
      if (reward > 0) {
        const posting: LedgerPosting = {
          userId: p.userId,
          currency: 'tokens',
          amount: reward,
          reason: 'challenge_reward',
          reference: room.id,
          idempotencyKey: rewardKey(room.id, p.userId),
        };
        // Counted after the commit (countPosting below): inside this transaction it isn't committed yet.
        const posted = await postLedgerEntry(tx, posting, null);
        if (!posted.duplicate) postings.push(posting);
      }
      await tx
        .update(challengeRoomPlayers)
        .set({ score: p.score, reachedAt: p.reachedAt, rank, reward, active: false })
        .where(and(eq(challengeRoomPlayers.roomId, room.id), eq(challengeRoomPlayers.userId, p.userId)));
    }
    await tx
      .update(challengeRooms)
      .set({ status: 'finished', finishedAt: sql`now()` })
      .where(eq(challengeRooms.id, room.id));
    return changed(true);
  });
  for (const posting of postings) countPosting(ctx.metrics, posting);
  return finished;
}

/**
 * The clock behind the queued jobs (every SWEEP_EVERY_MS, once across instances): starts the
 * waiting rooms due to start and ends the rooms due to end. Answers how many it looked at.
 */
export async function sweepRooms(ctx: ChallengeCtx): Promise<number> {
  const toStart = await ctx.db
    .select({ id: challengeRooms.id })
    .from(challengeRooms)
    .where(and(eq(challengeRooms.status, 'waiting'), lte(challengeRooms.startsAt, sql`now()`)))
    .limit(SWEEP_BATCH);
  for (const { id } of toStart) await startRoom(ctx, id);
  const toEnd = await ctx.db
    .select({ id: challengeRooms.id })
    .from(challengeRooms)
    .where(and(inArray(challengeRooms.status, ['waiting', 'running']), lte(challengeRooms.endsAt, sql`now()`)))
    .limit(SWEEP_BATCH);
  for (const { id } of toEnd) await finishRoom(ctx, id);
  return toStart.length + toEnd.length;
}

/** The room clock's queued jobs and its sweep. */
export function registerRoomClock(ctx: ChallengeCtx): void {
  const roomIdOf = (payload: Record<string, unknown>) => String(payload.roomId);
  ctx.jobs.handle(START_JOB, (payload) => startRoom(ctx, roomIdOf(payload)));
  ctx.jobs.handle(END_JOB, async (payload) => {
    await finishRoom(ctx, roomIdOf(payload));
  });
  ctx.jobs.every('challenge-rooms-sweep', SWEEP_EVERY_MS, () => sweepRooms(ctx));
}

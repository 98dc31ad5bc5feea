import { randomInt } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { challengeOf, ROOM_LOBBY_MS, type ChallengeDef } from '@app/shared/challenges/catalogue';
import { CHALLENGE_MESSAGES, type CreateRoomBody, type Room, type RoomStandings } from '@app/shared/challenges/schemas';
import type { AppContext } from '../../context';
import { queryRows, type Transaction } from '../../db/client';
import { challengeRoomPlayers, challengeRooms, type ChallengeRoomRow } from '../../db/schema/challenges';
import type { RecordEvent } from '../../events/bus';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { countScore } from './scoring';
import { isPlayerOf, playersOf, roomView, standingsOf } from './views';

export type ChallengeCtx = Pick<AppContext, 'db' | 'events' | 'jobs' | 'metrics'>;

/** The queued jobs of a room's clock: it starts at `startsAt` (unless full before), it ends at `endsAt`. */
export const START_JOB = 'challenge-room-start';
export const END_JOB = 'challenge-room-end';

// No 0/O or 1/I: codes are read aloud and typed. 8 of 32 symbols: 40 random bits.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const roomNotFound = () => notFound(CHALLENGE_MESSAGES.roomNotFound);
const plusMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** The database's clock: the queue's jobs fall due by it, so the room's clock reads it too. */
async function dbNow(tx: Transaction): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(tx, sql`select clock_timestamp() as now`);
  return new Date(row!.now);
}

interface Change<T> {
  value: T;
  /** The room changed: its version grows and its players are told. */
  changed: boolean;
}

/**
 * Tells the room's players (those still in it: not left) what it is now, one event each, with
 * the standings and a version one higher. Recorded in the transaction; published at its commit.
 */
async function announce(tx: Transaction, record: RecordEvent, roomId: string): Promise<void> {
  const [room] = await tx
    .update(challengeRooms)
    .set({ version: sql`${challengeRooms.version} + 1` })
    .where(eq(challengeRooms.id, roomId))
    .returning({ version: challengeRooms.version, status: challengeRooms.status });
  const players = await playersOf(tx, roomId);
  const scores = standingsOf(players);
  for (const p of players) {
    if (p.leftAt !== null) continue;
    record('challenge.room_updated', { roomId, userId: p.userId, version: room!.version, status: room!.status, scores });
  }
}

/**
 * Runs `work` on a room under its row lock (one change of a room at a time, so counts and
 * capacities hold under concurrent calls); a change is announced to the players after the commit.
 */
function changeRoom<T>(
  ctx: ChallengeCtx,
  roomId: string,
  work: (tx: Transaction, room: ChallengeRoomRow) => Promise<Change<T>>,
): Promise<T> {
  return ctx.events.inTransaction(ctx.db, async (tx, record) => {
    const [room] = await tx.select().from(challengeRooms).where(eq(challengeRooms.id, roomId)).for('update');
    if (!room) throw roomNotFound();
    const { value, changed } = await work(tx, room);
    if (changed) await announce(tx, record, roomId);
    return value;
  });
}

const unchanged = <T>(value: T): Change<T> => ({ value, changed: false });
const changed = <T>(value: T): Change<T> => ({ value, changed: true });

/** The room as `viewerId` sees it (after a change). */
export async function viewRoom(ctx: Pick<AppContext, 'db'>, roomId: string, viewerId: string): Promise<Room> {
  const [room] = await ctx.db.select().from(challengeRooms).where(eq(challengeRooms.id, roomId));
  if (!room) throw roomNotFound();
  return roomView(room, await playersOf(ctx.db, roomId), viewerId);
}

/**
 * A room the caller may see: any public room; a private one only by its players (past ones too)
 * or with its invite code. Anything else is 404, as if it did not exist.
 */
export async function visibleRoom(ctx: Pick<AppContext, 'db'>, roomId: string, viewerId: string, inviteCode?: string): Promise<Room> {
  const [room] = await ctx.db.select().from(challengeRooms).where(eq(challengeRooms.id, roomId));
  if (!room) throw roomNotFound();
  const players = await playersOf(ctx.db, roomId);
  if (room.isPrivate && inviteCode !== room.inviteCode && !players.some((p) => p.userId === viewerId)) throw roomNotFound();
  return roomView(room, players, viewerId);
}

/** The player's row of a room, if any. */
async function playerRow(tx: Transaction, roomId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(challengeRoomPlayers)
    .where(and(eq(challengeRoomPlayers.roomId, roomId), eq(challengeRoomPlayers.userId, userId)));
  return row ?? null;
}

async function activePlayers(tx: Transaction, roomId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(challengeRoomPlayers)
    .where(and(eq(challengeRoomPlayers.roomId, roomId), eq(challengeRoomPlayers.active, true)));
  return row?.n ?? 0;
}

/**
 * Adds the user to a room, once: the one-active-room index refuses a second room, even to
 * concurrent joins (409 ALREADY_IN_ROOM).
 */
async function addPlayer(tx: Transaction, roomId: string, userId: string): Promise<void> {
  const inserted = await tx
    .insert(challengeRoomPlayers)
    .values({ roomId, userId })
    .onConflictDoNothing()
    .returning({ userId: challengeRoomPlayers.userId });
  if (inserted.length === 0) throw conflict('ALREADY_IN_ROOM', CHALLENGE_MESSAGES.alreadyInRoom);
}

/**
 * POST /rooms: a room of a challenge, with its creator as its first player. It waits
 * ROOM_LOBBY_MS for players (a job starts it then), or starts as soon as it is full.
 */
export async function createRoom(ctx: ChallengeCtx, userId: string, body: CreateRoomBody): Promise<Room> {
  const challenge = challengeOf(body.challengeId);
  if (!challenge) throw notFound(CHALLENGE_MESSAGES.challengeNotFound);
  const roomId = await ctx.events.inTransaction(ctx.db, async (tx, record) => {
    const now = await dbNow(tx);
    const startsAt = new Date(now.getTime() + ROOM_LOBBY_MS);
    let room: ChallengeRoomRow | undefined;
    // An invite code is unique; a collision (40 random bits) is tried again.
    for (let attempt = 0; !room && attempt < 5; attempt += 1) {
      [room] = await tx
        .insert(challengeRooms)
        .values({
          challengeId: challenge.id,
          name: body.name ?? challenge.name,
          hostId: userId,
          isPrivate: body.private ?? false,
          inviteCode: body.private ? newInviteCode() : null,
          maxPlayers: body.maxPlayers ?? challenge.defaultPlayers,
          startsAt,
          endsAt: plusMinutes(startsAt, challenge.durationMinutes),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!room) throw new Error('no free invite code');
    await addPlayer(tx, room.id, userId);
    await ctx.jobs.enqueue(tx, START_JOB, { roomId: room.id }, { runAt: startsAt, dedupeKey: room.id, maxAttempts: 10 });
    await announce(tx, record, room.id);
    return room.id;
  });
  return viewRoom(ctx, roomId, userId);
}

/** Starts a room now: it runs until its duration has passed; the end job is queued for then. */
async function startNow(ctx: ChallengeCtx, tx: Transaction, room: ChallengeRoomRow, challenge: ChallengeDef, at: Date) {
  const endsAt = plusMinutes(at, challenge.durationMinutes);
  await tx.update(challengeRooms).set({ status: 'running', startsAt: at, endsAt }).where(eq(challengeRooms.id, room.id));
  await ctx.jobs.enqueue(tx, END_JOB, { roomId: room.id }, { runAt: endsAt, dedupeKey: room.id, maxAttempts: 10 });
}

/**
 * POST /rooms/{id}/join (and by invite code): the caller becomes a player of a waiting room. A
 * private room needs its code (else 404, like a room that doesn't exist). The player who fills
 * the room starts it. Joining a room one already plays in answers it as it is.
 */
export async function joinRoom(ctx: ChallengeCtx, userId: string, roomId: string, inviteCode?: string): Promise<Room> {
  await changeRoom(ctx, roomId, async (tx, room) => {
    const mine = await playerRow(tx, room.id, userId);
    if (room.isPrivate && inviteCode !== room.inviteCode && !mine) throw roomNotFound();
    if (mine?.active) return unchanged(null);
    if (room.status !== 'waiting') throw conflict('ROOM_NOT_OPEN', CHALLENGE_MESSAGES.roomNotOpen);
    const players = await activePlayers(tx, room.id);
    if (players >= room.maxPlayers) throw conflict('ROOM_FULL', CHALLENGE_MESSAGES.roomFull);
    await addPlayer(tx, room.id, userId);
    if (players + 1 >= room.maxPlayers) await startNow(ctx, tx, room, challengeOf(room.challengeId)!, await dbNow(tx));
    return changed(null);
  });
  return viewRoom(ctx, roomId, userId);
}

/** POST /rooms/join: the waiting room of an invite code. */
export async function joinByCode(ctx: ChallengeCtx, userId: string, inviteCode: string): Promise<Room> {
  const [room] = await ctx.db.select({ id: challengeRooms.id }).from(challengeRooms).where(eq(challengeRooms.inviteCode, inviteCode));
  if (!room) throw roomNotFound();
  return joinRoom(ctx, userId, room.id, inviteCode);
}

/**
 * POST /rooms/{id}/leave. From a waiting room the player is simply gone (a room left empty is
 * over; the host passes to the next player). From a running room they forfeit: no place, no
 * reward. Either way the caller has no active room any more (gamification.md §4).
 */
export async function leaveRoom(ctx: ChallengeCtx, userId: string, roomId: string): Promise<Room> {
  await changeRoom(ctx, roomId, async (tx, room) => {
    const mine = await playerRow(tx, room.id, userId);
    if (room.isPrivate && !mine) throw roomNotFound();
    if (room.status === 'finished') throw conflict('ROOM_FINISHED', CHALLENGE_MESSAGES.roomFinished);
    if (!mine?.active) throw conflict('NOT_IN_ROOM', CHALLENGE_MESSAGES.notInRoom);
    if (room.status === 'running') {
      await tx
        .update(challengeRoomPlayers)
        .set({ active: false, leftAt: sql`now()` })
        .where(and(eq(challengeRoomPlayers.roomId, room.id), eq(challengeRoomPlayers.userId, userId)));
      return changed(null);
    }
    await tx.delete(challengeRoomPlayers).where(and(eq(challengeRoomPlayers.roomId, room.id), eq(challengeRoomPlayers.userId, userId)));
    const [next] = await tx
      .select({ userId: challengeRoomPlayers.userId })
      .from(challengeRoomPlayers)
      .where(eq(challengeRoomPlayers.roomId, room.id))
      .orderBy(challengeRoomPlayers.joinedAt)
      .limit(1);
    if (!next) {
      await tx
        .update(challengeRooms)
        .set({ status: 'finished', finishedAt: sql`now()`, hostId: null })
        .where(eq(challengeRooms.id, room.id));
    } else if (room.hostId === userId) {
      await tx.update(challengeRooms).set({ hostId: next.userId }).where(eq(challengeRooms.id, room.id));
    }
    return changed(null);
  });
  return viewRoom(ctx, roomId, userId);
}

/**
 * Counts one player's score again from the server's rows (a ranked room that has started and not
 * finished); a score that moved is announced. What a client says plays no part.
 */
export async function refreshScore(ctx: ChallengeCtx, roomId: string, userId: string): Promise<void> {
  await changeRoom(ctx, roomId, async (tx, room) => {
    const challenge = challengeOf(room.challengeId);
    if (!challenge?.ranked || room.status === 'finished') return unchanged(null);
    const mine = await playerRow(tx, room.id, userId);
    if (!mine?.active || (await dbNow(tx)) < room.startsAt) return unchanged(null);
    const counted = await countScore(tx, challenge, userId, { from: room.startsAt, to: room.endsAt });
    if (counted.score === mine.score && counted.reachedAt?.getTime() === mine.reachedAt?.getTime()) return unchanged(null);
    await tx
      .update(challengeRoomPlayers)
      .set({ score: counted.score, reachedAt: counted.reachedAt })
      .where(and(eq(challengeRoomPlayers.roomId, room.id), eq(challengeRoomPlayers.userId, userId)));
    return changed(null);
  });
}

/** The standings of a room now. */
export async function standingsNow(ctx: Pick<AppContext, 'db'>, roomId: string): Promise<RoomStandings> {
  const [room] = await ctx.db
    .select({ status: challengeRooms.status, version: challengeRooms.version })
    .from(challengeRooms)
    .where(eq(challengeRooms.id, roomId));
  if (!room) throw roomNotFound();
  return { roomId, status: room.status, version: room.version, items: standingsOf(await playersOf(ctx.db, roomId)) };
}

/**
 * POST /rooms/{id}/score: the standings. For a ranked challenge the body's score is ignored: the
 * caller's score is counted again from the server's rows. A casual game keeps the best score its
 * page reported while the room runs (up to the game's maximum), and pays nothing for it.
 */
export async function reportScore(ctx: ChallengeCtx, userId: string, roomId: string, score: number | undefined): Promise<RoomStandings> {
  const [room] = await ctx.db.select().from(challengeRooms).where(eq(challengeRooms.id, roomId));
  if (!room) throw roomNotFound();
  const plays = await isPlayerOf(ctx.db, roomId, userId);
  if (room.isPrivate && !plays) throw roomNotFound();
  const challenge = challengeOf(room.challengeId)!;
  if (challenge.ranked) {
    if (!plays) throw conflict('NOT_IN_ROOM', CHALLENGE_MESSAGES.notInRoom);
    await refreshScore(ctx, roomId, userId);
    return standingsNow(ctx, roomId);
  }
  if (score === undefined) throw badRequest(CHALLENGE_MESSAGES.scoreRequired, 'score');
  if (score > (challenge.maxScore ?? 0)) throw badRequest(CHALLENGE_MESSAGES.scoreTooHigh, 'score');
  await changeRoom(ctx, roomId, async (tx, locked) => {
    const now = await dbNow(tx);
    if (locked.status !== 'running' || now >= locked.endsAt) throw conflict('ROOM_NOT_RUNNING', CHALLENGE_MESSAGES.roomNotRunning);
    const mine = await playerRow(tx, locked.id, userId);
    if (!mine?.active) throw conflict('NOT_IN_ROOM', CHALLENGE_MESSAGES.notInRoom);
    if (score <= mine.score) return unchanged(null);
    await tx
      .update(challengeRoomPlayers)
      .set({ score, reachedAt: now })
      .where(and(eq(challengeRoomPlayers.roomId, locked.id), eq(challengeRoomPlayers.userId, userId)));
    return changed(null);
  });
  return standingsNow(ctx, roomId);
}

export { changeRoom, changed, dbNow, unchanged };

import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { CHALLENGES } from '@app/shared/challenges/catalogue';
import { CHALLENGE_MESSAGES, type Challenge, type Room } from '@app/shared/challenges/schemas';
import type { Executor } from '../../db/client';
import { challengeRoomPlayers, challengeRooms } from '../../db/schema/challenges';
import { notFound } from '../../lib/http-errors';
import { playersOf, playersOfRooms, roomView } from './views';

const openPublic = and(eq(challengeRooms.status, 'waiting'), eq(challengeRooms.isPrivate, false))!;

/** GET /challenges: the catalogue, each with how many public rooms wait for players now. */
export async function listChallenges(db: Executor): Promise<{ items: Challenge[] }> {
  const open = await db
    .select({ challengeId: challengeRooms.challengeId, n: count() })
    .from(challengeRooms)
    .where(openPublic)
    .groupBy(challengeRooms.challengeId);
  const openOf = new Map(open.map((r) => [r.challengeId, r.n]));
  return {
    items: CHALLENGES.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      icon: c.icon,
      metric: c.metric,
      ranked: c.ranked,
      durationMinutes: c.durationMinutes,
      defaultPlayers: c.defaultPlayers,
      rewards: [...c.rewards],
      tag: c.tag ?? null,
      maxScore: c.maxScore ?? null,
      openRooms: openOf.get(c.id) ?? 0,
    })),
  };
}

/**
 * GET /rooms: the public rooms waiting for players (scope open), or the caller's rooms (scope
 * mine, newest first, finished ones with their results), a page at a time.
 */
export async function listRooms(
  db: Executor,
  viewerId: string,
  q: { scope: 'open' | 'mine'; challengeId?: string; limit: number; offset: number },
): Promise<{ items: Room[]; total: number }> {
  const byChallenge: SQL[] = q.challengeId ? [eq(challengeRooms.challengeId, q.challengeId)] : [];
  const where =
    q.scope === 'open'
      ? and(openPublic, ...byChallenge)
      : and(
          inArray(
            challengeRooms.id,
            db.select({ id: challengeRoomPlayers.roomId }).from(challengeRoomPlayers).where(eq(challengeRoomPlayers.userId, viewerId)),
          ),
          ...byChallenge,
        );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(challengeRooms)
      .where(where)
      .orderBy(desc(challengeRooms.createdAt), desc(challengeRooms.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(challengeRooms).where(where),
  ]);
  const players = await playersOfRooms(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => roomView(r, players.get(r.id) ?? [], viewerId)), total: total?.n ?? 0 };
}

/** GET /rooms/active: the room the caller plays in now (waiting or running), else 404. */
export async function activeRoom(db: Executor, userId: string): Promise<Room> {
  const [row] = await db
    .select({ room: challengeRooms })
    .from(challengeRoomPlayers)
    .innerJoin(challengeRooms, eq(challengeRooms.id, challengeRoomPlayers.roomId))
    .where(and(eq(challengeRoomPlayers.userId, userId), eq(challengeRoomPlayers.active, true)));
  if (!row) throw notFound(CHALLENGE_MESSAGES.noActiveRoom);
  return roomView(row.room, await playersOf(db, row.room.id), userId);
}

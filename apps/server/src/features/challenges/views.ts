import { and, asc, eq, inArray } from 'drizzle-orm';
import { rankContestants } from '@app/shared/challenges/catalogue';
import type { Room, RoomScore } from '@app/shared/challenges/schemas';
import type { Executor } from '../../db/client';
import { challengeRoomPlayers, type ChallengeRoomRow } from '../../db/schema/challenges';
import { users } from '../../db/schema/users';

/** A player's row with the names the room page shows. */
export interface PlayerRow {
  roomId: string;
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  joinedAt: Date;
  leftAt: Date | null;
  active: boolean;
  score: number;
  reachedAt: Date | null;
  reward: number;
}

const playerColumns = {
  roomId: challengeRoomPlayers.roomId,
  userId: challengeRoomPlayers.userId,
  username: users.username,
  displayName: users.displayName,
  avatarUrl: users.avatarUrl,
  joinedAt: challengeRoomPlayers.joinedAt,
  leftAt: challengeRoomPlayers.leftAt,
  active: challengeRoomPlayers.active,
  score: challengeRoomPlayers.score,
  reachedAt: challengeRoomPlayers.reachedAt,
  reward: challengeRoomPlayers.reward,
};

/** The players of rooms (in the order they joined), by room. */
export async function playersOfRooms(db: Executor, roomIds: string[]): Promise<Map<string, PlayerRow[]>> {
  const byRoom = new Map<string, PlayerRow[]>(roomIds.map((id) => [id, []]));
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .select(playerColumns)
    .from(challengeRoomPlayers)
    .innerJoin(users, eq(users.id, challengeRoomPlayers.userId))
    .where(inArray(challengeRoomPlayers.roomId, roomIds))
    .orderBy(asc(challengeRoomPlayers.joinedAt), asc(challengeRoomPlayers.userId));
  for (const row of rows) byRoom.get(row.roomId)?.push(row);
  return byRoom;
}

export async function playersOf(db: Executor, roomId: string): Promise<PlayerRow[]> {
  return (await playersOfRooms(db, [roomId])).get(roomId) ?? [];
}

/** Whether the user is, or was while it ran, a player of the room. */
export async function isPlayerOf(db: Executor, roomId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: challengeRoomPlayers.userId })
    .from(challengeRoomPlayers)
    .where(and(eq(challengeRoomPlayers.roomId, roomId), eq(challengeRoomPlayers.userId, userId)));
  return Boolean(row);
}

/** The standings, best first (players who left last, in the order they joined). */
export function standingsOf(players: readonly PlayerRow[]): RoomScore[] {
  const ranks = rankContestants(
    players.map((p) => ({ userId: p.userId, score: p.score, reachedAt: p.reachedAt, left: p.leftAt !== null })),
  );
  const scores = players.map((p) => ({ userId: p.userId, score: p.score, rank: ranks.get(p.userId) ?? null, reward: p.reward }));
  // A stable sort: equal places keep the join order.
  return scores.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
}

/** A room as the API answers it to `viewerId`: the invite code only to the players of a private room not yet finished. */
export function roomView(room: ChallengeRoomRow, players: readonly PlayerRow[], viewerId: string): Room {
  const plays = players.some((p) => p.userId === viewerId && p.leftAt === null);
  const showCode = room.isPrivate && room.inviteCode !== null && plays && room.status !== 'finished';
  return {
    id: room.id,
    challengeId: room.challengeId,
    name: room.name,
    status: room.status,
    private: room.isPrivate,
    maxPlayers: room.maxPlayers,
    hostId: room.hostId,
    players: players.map((p) => ({
      userId: p.userId,
      username: p.username,
      displayName: p.displayName,
      avatarUrl: p.avatarUrl,
      joinedAt: p.joinedAt.toISOString(),
      left: p.leftAt !== null,
    })),
    scores: standingsOf(players),
    startsAt: room.startsAt.toISOString(),
    endsAt: room.endsAt.toISOString(),
    finishedAt: room.finishedAt?.toISOString() ?? null,
    ...(showCode ? { inviteCode: room.inviteCode! } : {}),
    version: room.version,
    createdAt: room.createdAt.toISOString(),
  };
}

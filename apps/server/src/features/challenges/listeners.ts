import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { challengeOf, type ChallengeMetric } from '@app/shared/challenges/catalogue';
import { challengeRoomPlayers, challengeRooms } from '../../db/schema/challenges';
import { refreshScore, type ChallengeCtx } from './rooms';

/**
 * Counts again the score of a player whose rows just changed, in the started rooms they play in
 * whose challenge counts such rows. Usually one query that finds no room.
 */
async function refreshPlayer(ctx: ChallengeCtx, userId: string, metrics: readonly ChallengeMetric[]): Promise<void> {
  const rooms = await ctx.db
    .select({ id: challengeRooms.id, challengeId: challengeRooms.challengeId })
    .from(challengeRoomPlayers)
    .innerJoin(challengeRooms, eq(challengeRooms.id, challengeRoomPlayers.roomId))
    .where(
      and(
        eq(challengeRoomPlayers.userId, userId),
        eq(challengeRoomPlayers.active, true),
        inArray(challengeRooms.status, ['waiting', 'running']),
        lte(challengeRooms.startsAt, sql`now()`),
      ),
    );
  for (const room of rooms) {
    const metric = challengeOf(room.challengeId)?.metric;
    if (metric && metrics.includes(metric)) await refreshScore(ctx, room.id, userId);
  }
}

/**
 * Scores move with what the server sees happen (after the commit that made it, off the
 * request's path): a message sent (messages, distinct bots), XP awarded (XP; a bot's first
 * publication is an award too). The events only say when to count; the count is from the rows,
 * so a repeated event changes nothing and the room's end counts everything once more.
 */
export function listenForScores(ctx: ChallengeCtx): void {
  ctx.events.subscribe('message.sent', 'challenges', ({ payload }) => refreshPlayer(ctx, payload.userId, ['messages', 'distinct_bots']));
  ctx.events.subscribe('gamification.xp_gained', 'challenges', ({ payload }) =>
    refreshPlayer(ctx, payload.userId, ['xp', 'published_with_tag']),
  );
}

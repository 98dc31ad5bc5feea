import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { botFavorites, bots } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import { notifyUsers, NOTIFY_BATCH, type Notice } from './notify';

/** Who a fan-out tells: every account (a system broadcast), or a bot's favoriters but the one who changed it. */
export type Audience = { kind: 'everyone' } | { kind: 'favoriters'; botId: string; except: string };

export interface FanOutPayload {
  audience: Audience;
  notice: Notice;
}

/** The job that tells many users one notice, a batch per transaction. */
export const FAN_OUT_JOB = 'notification-fan-out';

/**
 * Queues a fan-out, so that the request that caused it (an admin's broadcast, a version save)
 * answers at once, whatever the audience's size. One waiting job per notice (the queue's dedupe
 * key); a second run of it, from a repeated event, finds every user already told.
 */
export async function enqueueFanOut(ctx: AppContext, payload: FanOutPayload): Promise<void> {
  await ctx.jobs.enqueue(
    ctx.db,
    FAN_OUT_JOB,
    { ...payload },
    { dedupeKey: `${payload.notice.kind}:${payload.notice.key}`, maxAttempts: 5 },
  );
}

/** The next batch of the audience after `after` (by user id, so that accounts made meanwhile can't shift it). */
async function audienceAfter(ctx: AppContext, audience: Audience, after: string | null): Promise<string[]> {
  if (audience.kind === 'everyone') {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(after ? gt(users.id, after) : undefined)
      .orderBy(asc(users.id))
      .limit(NOTIFY_BATCH);
    return rows.map((r) => r.id);
  }
  const rows = await ctx.db
    .select({ id: botFavorites.userId })
    .from(botFavorites)
    .where(
      and(
        eq(botFavorites.botId, audience.botId),
        ne(botFavorites.userId, audience.except),
        after ? gt(botFavorites.userId, after) : undefined,
      ),
    )
    .orderBy(asc(botFavorites.userId))
    .limit(NOTIFY_BATCH);
  return rows.map((r) => r.id);
}

/**
 * Runs a fan-out: batch after batch of the audience, each told in one transaction (notifyUsers). A
 * run cut short is retried from the start, and the users it already told are skipped by their
 * claims, so nobody hears it twice. A bot that is private or hidden now tells its favoriters nothing.
 * Answers how many users it told.
 */
export async function runFanOut(ctx: AppContext, { audience, notice }: FanOutPayload): Promise<number> {
  if (audience.kind === 'favoriters') {
    const [bot] = await ctx.db
      .select({ visibility: bots.visibility, isActive: bots.isActive })
      .from(bots)
      .where(eq(bots.id, audience.botId));
    if (!bot || bot.visibility === 'private' || !bot.isActive) return 0;
  }
  let told = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await audienceAfter(ctx, audience, after);
    if (batch.length === 0) return told;
    told += (await notifyUsers(ctx, batch, notice)).length;
    after = batch[batch.length - 1]!;
  }
}

import { and, asc, eq, gte, isNull, min, ne, notExists, sql } from 'drizzle-orm';
import { XP_SOURCES, type XpEventSource } from '@app/shared/gamification/levels';
import type { AppContext } from '../../context';
import { botFavorites, bots } from '../../db/schema/bots';
import { chatMessages, chats } from '../../db/schema/chats';
import { xpAwards } from '../../db/schema/gamification';
import { progressFor } from './achievements';
import { announceProgress } from './announce';
import { awardXp, type XpAward } from './awards';

/** How far back a recount looks for awards whose event never arrived. */
const RECOUNT_WINDOW_MS = 7 * 86_400_000;
/** At most this many pending awards per source and call (the rest on the next call). */
const RECOUNT_LIMIT = 200;

/**
 * POST /api/gamification/activity: the caller's progress recounted from the server's own tables.
 * Events are delivered in process after their commit, so one can be lost (a restart between the
 * commit and the listener). A recount finds what the last 7 days hold without its award (a message,
 * a first chat with a bot, a bot created or published, a favorite received) and awards it now, at
 * the time it happened (so the daily cap counts it on its own day). The award keys are the
 * listeners', so a recount beside a live event pays once. Nothing in the request is counted.
 */
export async function recountProgress(ctx: Pick<AppContext, 'db' | 'events'>, userId: string, now = new Date()) {
  const { db } = ctx;
  const since = new Date(now.getTime() - RECOUNT_WINDOW_MS);
  const missing = (source: XpEventSource, sourceId: ReturnType<typeof sql>) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(xpAwards)
        .where(and(eq(xpAwards.userId, userId), eq(xpAwards.source, source), eq(xpAwards.sourceId, sourceId))),
    );
  const [messages, firstChats, created, published, favorites] = await Promise.all([
    db
      .select({ id: chatMessages.id, at: chatMessages.createdAt })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .where(
        and(
          eq(chats.userId, userId),
          eq(chatMessages.role, 'user'),
          eq(chatMessages.copied, false),
          gte(chatMessages.createdAt, since),
          missing('message', sql`${chatMessages.id}::text`),
        ),
      )
      .orderBy(asc(chatMessages.createdAt))
      .limit(RECOUNT_LIMIT),
    db
      .select({ id: chats.botId, at: min(chats.createdAt) })
      .from(chats)
      .where(and(eq(chats.userId, userId), gte(chats.createdAt, since), missing('first_chat_with_bot', sql`${chats.botId}::text`)))
      .groupBy(chats.botId)
      .limit(RECOUNT_LIMIT),
    db
      .select({ id: bots.id, at: bots.createdAt })
      .from(bots)
      // A character made from a card was brought in, not created here (as the achievements count).
      .where(
        and(eq(bots.createdBy, userId), isNull(bots.cardSource), gte(bots.createdAt, since), missing('bot_created', sql`${bots.id}::text`)),
      )
      .limit(RECOUNT_LIMIT),
    // A bot has no publication time: its last change stands for it.
    db
      .select({ id: bots.id, at: bots.updatedAt })
      .from(bots)
      .where(
        and(
          eq(bots.createdBy, userId),
          eq(bots.visibility, 'public'),
          gte(bots.updatedAt, since),
          missing('bot_published', sql`${bots.id}::text`),
        ),
      )
      .limit(RECOUNT_LIMIT),
    db
      .select({ id: sql<string>`${botFavorites.botId}::text || ':' || ${botFavorites.userId}::text`, at: botFavorites.createdAt })
      .from(botFavorites)
      .innerJoin(bots, eq(bots.id, botFavorites.botId))
      .where(
        and(
          eq(bots.createdBy, userId),
          ne(botFavorites.userId, userId),
          gte(botFavorites.createdAt, since),
          missing('favorite_received', sql`${botFavorites.botId}::text || ':' || ${botFavorites.userId}::text`),
        ),
      )
      .limit(RECOUNT_LIMIT),
  ]);
  const pending: XpAward[] = [
    ...messages.map((m) => ({ source: 'message' as const, sourceId: String(m.id), at: m.at })),
    ...firstChats.map((c) => ({ source: 'first_chat_with_bot' as const, sourceId: c.id, at: c.at ?? now })),
    ...created.map((b) => ({ source: 'bot_created' as const, sourceId: b.id, at: b.at })),
    ...published.map((b) => ({ source: 'bot_published' as const, sourceId: b.id, at: b.at })),
    ...favorites.map((f) => ({ source: 'favorite_received' as const, sourceId: f.id, at: f.at })),
  ]
    .map((p) => ({ ...p, userId, base: XP_SOURCES[p.source] }))
    // In the order they happened, so that each day's cap and each level are met as they were.
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let xpGained = 0;
  let lastAward: { award: XpAward; result: Awaited<ReturnType<typeof awardXp>> } | undefined;
  let levelBefore: number | null = null;
  for (const award of pending) {
    const result = await awardXp(db, award);
    if (!result) continue;
    levelBefore ??= result.previousLevel;
    xpGained += result.gained;
    lastAward = { award, result };
  }
  // One announcement for the whole recount: the level reached over all of it, and what it unlocked.
  const summary =
    lastAward && levelBefore !== null ? { ...lastAward, result: { ...lastAward.result!, previousLevel: levelBefore } } : undefined;
  await announceProgress(ctx, userId, summary);
  const progress = await progressFor(db, userId);
  return {
    xpGained,
    achievementsProgress: progress.map((p) => ({ achievementId: p.achievementId, progress: p.progress, unlocked: p.completed })),
  };
}

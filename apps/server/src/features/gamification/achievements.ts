import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACHIEVEMENTS, progressOf, SEASONAL_DAYS, type AchievementDef, type RequirementType } from '@app/shared/gamification/achievements';
import type { Database, Executor } from '../../db/client';
import { botFavorites, bots } from '../../db/schema/bots';
import { chatMessages, chats } from '../../db/schema/chats';
import { userAchievements, userBadges, userProgress } from '../../db/schema/gamification';
import { ledgerEntries } from '../../db/schema/ledger';
import { userFollows, users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/http-errors';
import { countPosting, postLedgerEntry, type LedgerMetrics, type LedgerPosting } from '../tokens';
import { levelOf } from '@app/shared/gamification/levels';
import { streakOf } from '@app/shared/gamification/streaks';
import { awardXp, timeZoneOf } from './awards';
import { botsChatted as botsChattedQuery } from './bots-chatted';
import { localDay } from './local-day';
import { daysOf } from './streaks';

const BY_ID = new Map(ACHIEVEMENTS.map((d) => [d.id, d]));
const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

/** Every number a requirement can ask for, counted from the server's own tables. */
/** Tokens the user has spent on replies, refunds taken off (the game profile's figure, an achievement's count). */
export async function tokensSpentOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, 'tokens'), inArray(ledgerEntries.reason, ['reply', 'reply_refund'])),
    );
  return Math.max(0, row?.n ?? 0);
}

export async function countsOf(db: Executor, userId: string): Promise<Record<RequirementType, number>> {
  const [messages, botsChatted, created, published, favorites, followers, following, progress, spent, loginDays, chatDays] =
    await Promise.all([
      one(
        db
          .select({ n: count() })
          .from(chatMessages)
          .innerJoin(chats, eq(chats.id, chatMessages.chatId))
          .where(and(eq(chats.userId, userId), eq(chatMessages.role, 'user'), eq(chatMessages.copied, false))),
      ),
      // Starting a chat counts (its greeting is a message of its own), an imported one doesn't.
      one(botsChattedQuery(db, userId, undefined)),
      // Characters the user wrote: one brought in from a card (an upload, a SillyTavern folder) wasn't created here.
      one(
        db
          .select({ n: count() })
          .from(bots)
          .where(and(eq(bots.createdBy, userId), isNull(bots.cardSource))),
      ),
      one(
        db
          .select({ n: count() })
          .from(bots)
          .where(and(eq(bots.createdBy, userId), eq(bots.visibility, 'public'))),
      ),
      one(db.select({ n: count() }).from(botFavorites).innerJoin(bots, eq(bots.id, botFavorites.botId)).where(eq(bots.createdBy, userId))),
      one(db.select({ n: count() }).from(userFollows).where(eq(userFollows.followeeId, userId))),
      one(db.select({ n: count() }).from(userFollows).where(eq(userFollows.followerId, userId))),
      db.select({ totalXp: userProgress.totalXp }).from(userProgress).where(eq(userProgress.userId, userId)),
      tokensSpentOf(db, userId),
      daysOf(db, userId, 'daily_login'),
      daysOf(db, userId, 'daily_chat'),
    ]);
  const today = localDay(new Date(), await timeZoneOf(db, userId));
  const seasonal = (type: RequirementType) => (loginDays.some((d) => SEASONAL_DAYS[type]!.includes(d.slice(5))) ? 1 : 0);
  return {
    messages_sent: messages,
    bots_chatted: botsChatted,
    bots_created: created,
    bots_published: published,
    favorites_received: favorites,
    followers,
    following,
    // The best run so far: a streak that reached 7 once has earned its achievement.
    login_streak: streakOf(loginDays, today).longest,
    chat_streak: streakOf(chatDays, today).longest,
    level: levelOf(progress[0]?.totalXp ?? 0).level,
    tokens_spent: spent,
    login_new_year: seasonal('login_new_year'),
    login_valentines: seasonal('login_valentines'),
    login_midsummer: seasonal('login_midsummer'),
    login_halloween: seasonal('login_halloween'),
    login_winter_holidays: seasonal('login_winter_holidays'),
  };
}

/**
 * Unlocks what the user's counts now reach: one row per achievement, written once (a concurrent
 * sync inserts nothing twice). Answers the ids unlocked by this call.
 */
export async function syncAchievements(db: Executor, userId: string): Promise<string[]> {
  const counts = await countsOf(db, userId);
  const reached = ACHIEVEMENTS.filter((d) => progressOf(d, counts) >= 100).map((d) => d.id);
  if (reached.length === 0) return [];
  const inserted = await db
    .insert(userAchievements)
    .values(reached.map((achievementId) => ({ userId, achievementId })))
    .onConflictDoNothing()
    .returning({ id: userAchievements.achievementId });
  return inserted.map((r) => r.id);
}

/** How many achievements a user unlocked (the rewards panel's achievements bonus counts them). */
export async function unlockedCount(db: Executor, userId: string): Promise<number> {
  return one(db.select({ n: count() }).from(userAchievements).where(eq(userAchievements.userId, userId)));
}

/** The catalogue as a user sees it: hidden ones they haven't unlocked masked, each with the share of players who unlocked it. */
export async function catalogueFor(db: Executor, userId: string) {
  const [players, shares, mine] = await Promise.all([
    one(db.select({ n: count() }).from(users)),
    db.select({ id: userAchievements.achievementId, n: count() }).from(userAchievements).groupBy(userAchievements.achievementId),
    db.select({ id: userAchievements.achievementId }).from(userAchievements).where(eq(userAchievements.userId, userId)),
  ]);
  const shareOf = new Map(shares.map((s) => [s.id, Number(s.n)]));
  const unlocked = new Set(mine.map((m) => m.id));
  return ACHIEVEMENTS.map((d) => {
    const unlockedShare = players ? Math.round(((shareOf.get(d.id) ?? 0) / players) * 1000) / 10 : 0;
    const base = { ...d, requirements: [...d.requirements], rewards: [...d.rewards], unlockedShare };
    return d.hidden && !unlocked.has(d.id) ? { ...base, name: '???', description: 'Hidden achievement', requirements: [] } : base;
  });
}

/** The caller's progress on each achievement. */
export async function progressFor(db: Executor, userId: string) {
  const [counts, rows] = await Promise.all([
    countsOf(db, userId),
    db.select().from(userAchievements).where(eq(userAchievements.userId, userId)),
  ]);
  const byId = new Map(rows.map((r) => [r.achievementId, r]));
  return ACHIEVEMENTS.map((d) => {
    const row = byId.get(d.id);
    return {
      achievementId: d.id,
      progress: row ? 100 : progressOf(d, counts),
      completed: Boolean(row),
      claimed: Boolean(row?.claimedAt),
      claimedAt: row?.claimedAt?.toISOString() ?? null,
      unlockedAt: row?.unlockedAt.toISOString() ?? null,
    };
  });
}

/**
 * Claims an unlocked achievement: marks it claimed and pays its rewards (XP, tokens, gems, a badge)
 * in one transaction. Only the call that flips claimed_at pays; not unlocked or already claimed is 409.
 */
export async function claimAchievement(db: Database, metrics: LedgerMetrics, userId: string, achievementId: string) {
  const def: AchievementDef | undefined = BY_ID.get(achievementId);
  if (!def) throw notFound('Achievement not found');
  const postings: LedgerPosting[] = [];
  const rewards = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ claimedAt: userAchievements.claimedAt })
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, def.id)));
    if (!row) throw conflict('ACHIEVEMENT_NOT_COMPLETED', 'This achievement is not completed yet');
    const flipped = await tx
      .update(userAchievements)
      .set({ claimedAt: new Date() })
      .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, def.id), isNull(userAchievements.claimedAt)))
      .returning({ id: userAchievements.achievementId });
    if (flipped.length === 0) throw conflict('ACHIEVEMENT_CLAIMED', 'This achievement has already been claimed');
    for (const reward of def.rewards) {
      if (reward.type === 'xp') {
        await awardXp(tx, { userId, source: 'achievement', sourceId: def.id, base: Number(reward.value), multiply: false });
      } else if (reward.type === 'tokens' || reward.type === 'gems') {
        const posting: LedgerPosting = {
          userId,
          currency: reward.type,
          amount: Number(reward.value),
          reason: 'achievement',
          reference: def.id,
          idempotencyKey: `achievement:${userId}:${def.id}:${reward.type}`,
        };
        await postLedgerEntry(tx, posting, null);
        postings.push(posting);
      } else {
        await tx
          .insert(userBadges)
          .values({ userId, badgeId: String(reward.value), source: `achievement:${def.id}` })
          .onConflictDoNothing();
      }
    }
    return def.rewards;
  });
  for (const posting of postings) countPosting(metrics, posting);
  return { rewards };
}

import { and, eq, sql } from 'drizzle-orm';
import { PLANS } from '@app/shared/subscriptions/plans';
import { awardedXp, levelOf, MESSAGE_XP_DAILY_CAP, type XpSource } from '@app/shared/gamification/levels';
import type { Database, Executor } from '../../db/client';
import { userLevelUps, userProgress, xpAwards, xpGrants } from '../../db/schema/gamification';
import { userSettings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { localDay } from './local-day';
import { recordAdminAction } from '../admin-audit';
import { streakDays } from './streaks';

export interface XpAward {
  userId: string;
  source: XpSource;
  /** What the award is for (a message id, a bot id, a day): one award per user, source and id. */
  sourceId: string;
  /** The amount before multipliers (XP_SOURCES for events; a reward's or a grant's own amount). */
  base: number;
  at?: Date;
  /** Admin grants and rewards are paid as they are, without the streak, plan and rank multipliers. */
  multiply?: boolean;
}

export interface AwardResult {
  /** XP added now: 0 when this award existed already or the daily cap was reached. */
  gained: number;
  totalXp: number;
  level: number;
  previousLevel: number;
  prestigeLevel: number;
  /** The user's local day the award counted on. */
  day: string;
  /** A message award that is the day's first (the chat streak grew): known under the user's lock, so exact. */
  firstOfDay: boolean;
}

/** What an award's multipliers depend on, read in the award's transaction. */
async function factorsOf(db: Executor, userId: string, day: string) {
  const [row] = await db
    .select({ tier: users.tier, totalXp: userProgress.totalXp, prestigeLevel: userProgress.prestigeLevel })
    .from(users)
    .leftJoin(userProgress, eq(userProgress.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    totalXp: row.totalXp ?? 0,
    prestigeLevel: row.prestigeLevel ?? 0,
    planMultiplier: PLANS[row.tier].xpMultiplier,
    level: levelOf(row.totalXp ?? 0).level,
    streakDays: await streakDays(db, userId, 'daily_login', day),
  };
}

/** The user's time zone (their setting; UTC without one). */
export async function timeZoneOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: userSettings.timeZone }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.timeZone ?? 'UTC';
}

/**
 * Awards XP once. The award row and the total move in one transaction, and the row's unique key
 * (user, source, source id) makes a repeat, even a concurrent one, add nothing. Message XP stops
 * at the daily cap of the user's local day (the user's row is locked while it is counted, so
 * concurrent messages can't all slip under it).
 */
export async function awardXp(db: Executor, award: XpAward): Promise<AwardResult | null> {
  const at = award.at ?? new Date();
  return db.transaction(async (tx) => {
    // Serializes one user's awards: the cap, the streak and the level read below stay true until commit.
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, award.userId)).for('update');
    if (!locked) return null;
    const day = localDay(at, await timeZoneOf(tx, award.userId));
    const factors = await factorsOf(tx, award.userId, day);
    if (!factors) return null;
    const before = factors.totalXp;
    let amount = award.multiply === false ? award.base : awardedXp(award.base, factors);
    let earnedToday: number | null = null;
    if (award.source === 'message') {
      const [{ earned }] = (await tx
        .select({ earned: sql<number>`coalesce(sum(${xpAwards.amount}), 0)::int` })
        .from(xpAwards)
        .where(and(eq(xpAwards.userId, award.userId), eq(xpAwards.source, 'message'), eq(xpAwards.localDay, day)))) as [{ earned: number }];
      earnedToday = earned;
      amount = Math.max(0, Math.min(amount, MESSAGE_XP_DAILY_CAP - earned));
    }
    const inserted = await tx
      .insert(xpAwards)
      .values({
        userId: award.userId,
        source: award.source,
        sourceId: award.sourceId,
        base: award.base,
        amount,
        localDay: day,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: xpAwards.id });
    // A message is worth at least 5 XP before the cap, so nothing earned yet today means none sent yet.
    const firstOfDay = inserted.length > 0 && earnedToday === 0;
    const context = { prestigeLevel: factors.prestigeLevel, day, firstOfDay };
    if (inserted.length === 0 || amount === 0) {
      return { gained: 0, totalXp: before, level: levelOf(before).level, previousLevel: levelOf(before).level, ...context };
    }
    const [progress] = await tx
      .insert(userProgress)
      .values({ userId: award.userId, totalXp: amount })
      .onConflictDoUpdate({
        target: userProgress.userId,
        set: { totalXp: sql`${userProgress.totalXp} + ${amount}`, updatedAt: sql`now()` },
      })
      .returning({ totalXp: userProgress.totalXp });
    const totalXp = progress!.totalXp;
    const level = levelOf(totalXp).level;
    const previousLevel = levelOf(before).level;
    // The level reached is on record once (per prestige): the profile's activity and the level-up notice read it.
    if (level > previousLevel) {
      await tx
        .insert(userLevelUps)
        .values({ userId: award.userId, prestigeLevel: factors.prestigeLevel, level, reachedAt: at })
        .onConflictDoNothing();
    }
    return { gained: amount, totalXp, level, previousLevel, ...context };
  });
}

/** A user's progression as the level calls answer it. */
export async function progressOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ totalXp: userProgress.totalXp, prestigeLevel: userProgress.prestigeLevel })
    .from(userProgress)
    .where(eq(userProgress.userId, userId));
  const today = localDay(new Date(), await timeZoneOf(db, userId));
  return {
    ...levelOf(row?.totalXp ?? 0),
    prestigeLevel: row?.prestigeLevel ?? 0,
    streakDays: await streakDays(db, userId, 'daily_login', today),
  };
}

/**
 * An admin's XP grant: the audit row (who, to whom, how much, why) and its award, in one
 * transaction. Paid as it is (no multipliers). Null when the user doesn't exist.
 */
export async function grantXp(db: Database, grant: { adminId: string; userId: string; amount: number; reason: string }) {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, grant.userId));
    if (!exists) return null;
    const [row] = await tx
      .insert(xpGrants)
      .values({ userId: grant.userId, grantedBy: grant.adminId, amount: grant.amount, reason: grant.reason })
      .returning({ id: xpGrants.id });
    await recordAdminAction(tx, {
      adminId: grant.adminId,
      action: 'xp.granted',
      targetType: 'user',
      targetId: grant.userId,
      details: { amount: grant.amount, reason: grant.reason, grantId: row!.id },
    });
    return awardXp(tx, { userId: grant.userId, source: 'admin_grant', sourceId: row!.id, base: grant.amount, multiply: false });
  });
}

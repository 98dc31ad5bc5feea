import { and, gte, lt, ne, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { userBadges, xpAwards } from '../../db/schema/gamification';
import { announceSince } from './announce';
import { awardXp, progressOf } from './awards';

/**
 * What another area's rewards need of this one (the season pass, decision 028): XP paid through
 * the award path, badges granted as achievements grant them, the XP earned between two instants,
 * and the level and notices around a payment.
 */

/**
 * Pays a reward's XP as an award of source 'season_reward', once per `sourceId` (the award row's
 * unique key), as it is (no multipliers). Runs inside the caller's transaction.
 */
export async function awardSeasonXp(tx: Transaction, reward: { userId: string; sourceId: string; amount: number }) {
  return awardXp(tx, { userId: reward.userId, source: 'season_reward', sourceId: reward.sourceId, base: reward.amount, multiply: false });
}

/** Grants a badge (owned once: a badge the user has already stays as it is). */
export async function grantBadge(tx: Transaction, grant: { userId: string; badgeId: string; source: string }): Promise<void> {
  await tx.insert(userBadges).values(grant).onConflictDoNothing();
}

/**
 * The XP a user earned in [from, to), from the award rows (decision 019): what the server awarded
 * for messages, logins, bots, quests, achievements and admins' grants. The season's own rewards
 * ('season_reward') are left out, so that a track can't climb on what it pays.
 */
export async function xpEarnedBetween(db: Executor, userId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ xp: sql<string>`coalesce(sum(${xpAwards.amount}), 0)` })
    .from(xpAwards)
    .where(
      and(eq(xpAwards.userId, userId), gte(xpAwards.createdAt, from), lt(xpAwards.createdAt, to), ne(xpAwards.source, 'season_reward')),
    );
  return Number(row?.xp ?? 0);
}

/** The level before a payment, for announceRewardProgress after it. */
export const levelBefore = (db: Executor, userId: string) => progressOf(db, userId);

/** After a payment committed: a level reached since `before`, achievements unlocked, and so on (the bell's notices). */
export async function announceRewardProgress(
  ctx: Pick<AppContext, 'db' | 'events'>,
  userId: string,
  before: { level: number; prestigeLevel: number },
): Promise<void> {
  await announceSince(ctx, userId, before);
}

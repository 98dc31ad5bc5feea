import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { rankOf } from '@app/shared/gamification/levels';
import {
  achievementById,
  featuredOf,
  TOTAL_ACHIEVEMENTS,
  type ProfileAchievements,
  type ProfileStats,
} from '@app/shared/gamification/profile';
import type { Executor } from '../../db/client';
import { botFavorites, bots } from '../../db/schema/bots';
import { chats } from '../../db/schema/chats';
import { userAchievements, userBadges } from '../../db/schema/gamification';
import { userFollows } from '../../db/schema/users';
import { progressOf } from './awards';

const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

/**
 * The stats grid of a profile (§2.11): eight numbers, each counted from the server's rows. Chats
 * are the chats the user started; bots created count every bot of theirs (a count reveals no bot);
 * likes are the favorites their bots received from others.
 */
export async function statsOf(db: Executor, userId: string): Promise<ProfileStats> {
  const [totalChats, botsCreated, achievements, followers, totalLikes, progress] = await Promise.all([
    // A branch is not a chat started (decision 032).
    one(
      db
        .select({ n: count() })
        .from(chats)
        .where(and(eq(chats.userId, userId), isNull(chats.branchedFrom))),
    ),
    one(db.select({ n: count() }).from(bots).where(eq(bots.createdBy, userId))),
    one(db.select({ n: count() }).from(userAchievements).where(eq(userAchievements.userId, userId))),
    one(db.select({ n: count() }).from(userFollows).where(eq(userFollows.followeeId, userId))),
    one(db.select({ n: count() }).from(botFavorites).innerJoin(bots, eq(bots.id, botFavorites.botId)).where(eq(bots.createdBy, userId))),
    progressOf(db, userId),
  ]);
  const rank = rankOf(progress.level);
  return {
    totalChats,
    botsCreated,
    achievements,
    totalXp: progress.totalXp,
    level: progress.level,
    prestigeLevel: progress.prestigeLevel,
    rank: { id: rank.id, name: rank.name, color: rank.color },
    followers,
    totalLikes,
    currentStreak: progress.streakDays,
    completion: Math.round((achievements / TOTAL_ACHIEVEMENTS) * 100),
  };
}

/**
 * A profile's achievements as anyone who may see the profile sees them: the unlocked ones, newest
 * first (hidden ones too: once unlocked they are no secret), the three featured, and the badges the
 * user wears.
 */
export async function profileAchievementsOf(db: Executor, userId: string): Promise<ProfileAchievements> {
  const [rows, badges] = await Promise.all([
    db
      .select({ id: userAchievements.achievementId, unlockedAt: userAchievements.unlockedAt })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(desc(userAchievements.unlockedAt), userAchievements.achievementId),
    db
      .select({ badgeId: userBadges.badgeId, acquiredAt: userBadges.acquiredAt })
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.equipped, true)))
      .orderBy(userBadges.acquiredAt),
  ]);
  const unlocked = rows.flatMap((r) => {
    const def = achievementById(r.id);
    if (!def) return [];
    return [
      {
        achievementId: def.id,
        name: def.name,
        description: def.description,
        icon: def.icon,
        category: def.category,
        rarity: def.rarity,
        points: def.points,
        hidden: def.hidden,
        unlockedAt: r.unlockedAt.toISOString(),
      },
    ];
  });
  const featured = new Set(featuredOf(unlocked).map((a) => a.achievementId));
  return {
    items: unlocked.map((a) => ({ ...a, featured: featured.has(a.achievementId) })),
    total: TOTAL_ACHIEVEMENTS,
    badges: badges.map((b) => ({ badgeId: b.badgeId, acquiredAt: b.acquiredAt.toISOString() })),
  };
}

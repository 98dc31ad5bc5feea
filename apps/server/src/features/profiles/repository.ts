import { and, count, eq, or, sql } from 'drizzle-orm';
import type { PublicProfile } from '@app/shared/profiles/schemas';
import type { Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { userFollows, users } from '../../db/schema/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user by username (any case) or id. */
export async function findProfileUser(db: Executor, usernameOrId: string) {
  const where = UUID.test(usernameOrId)
    ? or(eq(users.id, usernameOrId), sql`lower(${users.username}) = lower(${usernameOrId})`)
    : sql`lower(${users.username}) = lower(${usernameOrId})`;
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function followCounts(db: Executor, userId: string) {
  const [[followers], [following]] = await Promise.all([
    db.select({ n: count() }).from(userFollows).where(eq(userFollows.followeeId, userId)),
    db.select({ n: count() }).from(userFollows).where(eq(userFollows.followerId, userId)),
  ]);
  return { followers: followers?.n ?? 0, following: following?.n ?? 0 };
}

/** The profile as a viewer sees it: counts over public bots only, whoever looks. */
export async function profileOf(db: Executor, user: typeof users.$inferSelect, viewerId: string | null): Promise<PublicProfile> {
  const publicBots = and(eq(bots.createdBy, user.id), eq(bots.visibility, 'public'), eq(bots.isActive, true));
  const [counts, [stats], follow] = await Promise.all([
    followCounts(db, user.id),
    db
      .select({
        publicBots: count(),
        totalChats: sql<number>`coalesce(sum(${bots.totalChats}), 0)`.mapWith(Number),
        totalMessages: sql<number>`coalesce(sum(${bots.totalMessages}), 0)`.mapWith(Number),
        avgRating: sql<number | null>`sum(${bots.avgRating} * ${bots.ratingCount}) / nullif(sum(${bots.ratingCount}), 0)`.mapWith((v) =>
          v === null ? null : Math.round(Number(v) * 100) / 100,
        ),
      })
      .from(bots)
      .where(publicBots),
    viewerId && viewerId !== user.id
      ? db
          .select({ id: userFollows.followerId })
          .from(userFollows)
          .where(and(eq(userFollows.followerId, viewerId), eq(userFollows.followeeId, user.id)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    bio: user.bio,
    location: user.location,
    website: user.website,
    createdAt: user.createdAt.toISOString(),
    isMe: viewerId === user.id,
    isFollowing: follow.length > 0,
    ...counts,
    stats: stats ?? { publicBots: 0, totalChats: 0, totalMessages: 0, avgRating: null },
    level: null,
  };
}

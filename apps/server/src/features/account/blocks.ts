import { and, eq, or } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@app/shared/account/schemas';
import type { Database, Executor } from '../../db/client';
import { userBlocks } from '../../db/schema/settings';
import { userFollows, users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/http-errors';

/**
 * Blocks a user: idempotent. Any follow between the two ends, in both directions, so a blocked
 * user neither keeps following nor stays in the blocker's following list.
 */
export async function blockUser(db: Database, userId: string, blockedUserId: string): Promise<void> {
  if (blockedUserId === userId) throw badRequest(ACCOUNT_MESSAGES.cannotBlockSelf, 'userId');
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedUserId)).limit(1);
    if (!target) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    await tx.insert(userBlocks).values({ userId, blockedUserId }).onConflictDoNothing();
    await tx
      .delete(userFollows)
      .where(
        or(
          and(eq(userFollows.followerId, userId), eq(userFollows.followeeId, blockedUserId)),
          and(eq(userFollows.followerId, blockedUserId), eq(userFollows.followeeId, userId)),
        ),
      );
  });
}

/** Unblocks a user: idempotent (unblocking someone not blocked changes nothing). */
export async function unblockUser(db: Executor, userId: string, blockedUserId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.userId, userId), eq(userBlocks.blockedUserId, blockedUserId)));
}

/** Whether `ownerId` has blocked `viewerId` (false for anonymous viewers and for oneself). */
export async function isBlockedBy(db: Executor, ownerId: string, viewerId: string | null): Promise<boolean> {
  if (!viewerId || viewerId === ownerId) return false;
  const [row] = await db
    .select({ id: userBlocks.userId })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, ownerId), eq(userBlocks.blockedUserId, viewerId)))
    .limit(1);
  return Boolean(row);
}

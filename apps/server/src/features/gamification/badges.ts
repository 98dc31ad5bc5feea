import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_EQUIPPED_BADGES } from '@app/shared/gamification/schemas';
import type { Database, Executor } from '../../db/client';
import { userBadges } from '../../db/schema/gamification';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/http-errors';

const shape = (b: typeof userBadges.$inferSelect) => ({
  badgeId: b.badgeId,
  source: b.source,
  equipped: b.equipped,
  acquiredAt: b.acquiredAt.toISOString(),
});

/** The badges a user owns, oldest first. */
export async function badgesOf(db: Executor, userId: string) {
  const rows = await db.select().from(userBadges).where(eq(userBadges.userId, userId)).orderBy(asc(userBadges.acquiredAt));
  return rows.map(shape);
}

/**
 * Equips or takes off an owned badge (another's, or one not owned: 404). At most three are
 * equipped: the user's row is locked while they are counted, so concurrent equips can't pass it.
 */
export async function setEquipped(db: Database, userId: string, badgeId: string, equipped: boolean) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [badge] = await tx
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)));
    if (!badge) throw notFound('Badge not found');
    if (badge.equipped === equipped) return shape(badge);
    if (equipped) {
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(userBadges)
        .where(and(eq(userBadges.userId, userId), eq(userBadges.equipped, true)))) as [{ n: number }];
      if (Number(n) >= MAX_EQUIPPED_BADGES) throw conflict('BADGE_LIMIT', `Up to ${MAX_EQUIPPED_BADGES} badges can be equipped`);
    }
    const [updated] = await tx
      .update(userBadges)
      .set({ equipped })
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)))
      .returning();
    return shape(updated!);
  });
}

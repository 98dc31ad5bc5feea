import { eq } from 'drizzle-orm';
import { levelOf, MAX_LEVEL, nextMilestone, rankOf } from '@app/shared/gamification/levels';
import type { Database, Executor } from '../../db/client';
import { userPrestiges, userProgress } from '../../db/schema/gamification';
import { users } from '../../db/schema/users';
import { conflict } from '../../lib/http-errors';
import { progressOf } from './awards';

/** A user's level as the level calls answer it: with the rank and the next milestone. */
export async function levelAnswerOf(db: Executor, userId: string) {
  const progress = await progressOf(db, userId);
  const rank = rankOf(progress.level);
  return { ...progress, rank: { ...rank, perks: [...rank.perks] }, nextMilestone: nextMilestone(progress.level) };
}

/**
 * Prestige: from the top level (MAX_LEVEL) back to level 1 with prestigeLevel + 1; achievements,
 * badges and awards stay. The user's row is locked as awards lock it, so a concurrent award or a
 * second prestige waits and then sees level 1: of twenty calls at once one prestiges, the others
 * are 409. The reset is on record (user_prestiges, once per prestige level).
 */
export async function prestige(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx.select().from(userProgress).where(eq(userProgress.userId, userId));
    if (!row || levelOf(row.totalXp).level < MAX_LEVEL) {
      throw conflict('PRESTIGE_NOT_AVAILABLE', `Prestige opens at level ${MAX_LEVEL}`);
    }
    const next = row.prestigeLevel + 1;
    await tx.insert(userPrestiges).values({ userId, prestigeLevel: next, totalXp: row.totalXp });
    await tx.update(userProgress).set({ totalXp: 0, prestigeLevel: next, updatedAt: new Date() }).where(eq(userProgress.userId, userId));
  });
  return levelAnswerOf(db, userId);
}

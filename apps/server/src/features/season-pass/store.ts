import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Season, SeasonMe } from '@app/shared/season-pass/schemas';
import { tierReached, type Track } from '@app/shared/season-pass/rules';
import type { Executor } from '../../db/client';
import { seasonClaims, seasonPasses, seasons } from '../../db/schema/season-pass';
import { xpEarnedBetween } from '../gamification';

export type SeasonRow = typeof seasons.$inferSelect;

/** A season as the API answers it. */
export const seasonOf = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  priceGems: row.priceGems,
  tiers: row.tiers,
});

/** The season that runs at `now` (seasons never overlap, so there is at most one), or null. */
export async function runningSeason(db: Executor, now: Date): Promise<SeasonRow | null> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsAt, now), gt(seasons.endsAt, now)))
    .orderBy(asc(seasons.startsAt))
    .limit(1);
  return row ?? null;
}

export async function seasonById(db: Executor, id: string): Promise<SeasonRow | null> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, id));
  return row ?? null;
}

/** The XP a user earned in a season so far: from its start to its end, or to now while it runs. */
export const seasonXpOf = (db: Executor, season: SeasonRow, userId: string) => xpEarnedBetween(db, userId, season.startsAt, season.endsAt);

/** A user's standing in a season: the pass, the season's XP, the tier it reaches and the rewards claimed. */
export async function standingOf(db: Executor, season: SeasonRow, userId: string): Promise<SeasonMe> {
  const [pass, seasonXp, claimed] = await Promise.all([
    db
      .select({ userId: seasonPasses.userId })
      .from(seasonPasses)
      .where(and(eq(seasonPasses.seasonId, season.id), eq(seasonPasses.userId, userId))),
    seasonXpOf(db, season, userId),
    db
      .select({ tier: seasonClaims.tier, track: seasonClaims.track })
      .from(seasonClaims)
      .where(and(eq(seasonClaims.seasonId, season.id), eq(seasonClaims.userId, userId)))
      .orderBy(asc(seasonClaims.tier), asc(seasonClaims.track)),
  ]);
  return {
    purchased: pass.length > 0,
    seasonXp,
    tier: tierReached(season.tiers, seasonXp),
    claimed: claimed.map((c) => ({ tier: c.tier, track: c.track as Track })),
  };
}

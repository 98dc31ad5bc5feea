import { and, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { datesProblem, type AdminSeason, type SeasonBody, type SeasonPatch, type SeasonTier } from '@app/shared/season-pass/schemas';
import { SEASON_ERRORS as E, SEASON_MESSAGES as M } from '@app/shared/season-pass/messages';
import { seasonStatus } from '@app/shared/season-pass/rules';
import type { Database, Transaction } from '../../db/client';
import { seasonPasses, seasons } from '../../db/schema/season-pass';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { recordAdminAction } from '../admin-audit';
import { seasonOf, type SeasonRow } from './store';

const adminSeasonOf = (row: SeasonRow, passesSold: number, now: Date): AdminSeason => ({
  ...seasonOf(row),
  status: seasonStatus(row, now),
  passesSold,
  createdAt: row.createdAt.toISOString(),
});

const passesSold = (tx: Transaction | Database, seasonId: string) =>
  tx
    .select({ n: count() })
    .from(seasonPasses)
    .where(eq(seasonPasses.seasonId, seasonId))
    .then((rows) => Number(rows[0]?.n ?? 0));

/**
 * Seasons can't overlap. Writers take the table's SHARE ROW EXCLUSIVE lock (it excludes other
 * writers of seasons, not readers nor the passes' key-share locks), then look for another season
 * in the dates: two admins saving overlapping seasons at once save one of them.
 */
async function lockAndCheckOverlap(tx: Transaction, dates: { startsAt: Date; endsAt: Date }, except?: string) {
  await tx.execute(sql`lock table ${seasons} in share row exclusive mode`);
  const [other] = await tx
    .select({ id: seasons.id, name: seasons.name })
    .from(seasons)
    .where(and(lt(seasons.startsAt, dates.endsAt), gt(seasons.endsAt, dates.startsAt), except ? ne(seasons.id, except) : undefined))
    .limit(1);
  if (other) throw conflict(E.overlap, M.overlap, 'startsAt');
}

/** Every season, the latest start first, a page at a time, with its state and passes sold. */
export async function listSeasons(db: Database, page: { page: number; limit: number }, now = new Date()) {
  const sold = db
    .select({ seasonId: seasonPasses.seasonId, n: count().as('n') })
    .from(seasonPasses)
    .groupBy(seasonPasses.seasonId)
    .as('sold');
  const rows = await db
    .select({ season: seasons, sold: sql<number>`coalesce(${sold.n}, 0)::int` })
    .from(seasons)
    .leftJoin(sold, eq(sold.seasonId, seasons.id))
    .orderBy(desc(seasons.startsAt), desc(seasons.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db.select({ n: count() }).from(seasons);
  return {
    items: rows.map((r) => adminSeasonOf(r.season, Number(r.sold), now)),
    page: page.page,
    limit: page.limit,
    total: Number(total?.n ?? 0),
  };
}

/** Creates a season (it must end in the future and overlap no other: 409 SEASON_OVERLAP), audited. */
export async function createSeason(db: Database, adminId: string, body: SeasonBody, now = new Date()): Promise<AdminSeason> {
  const dates = { startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  if (dates.endsAt <= now) throw badRequest(M.endInPast, 'endsAt');
  return db.transaction(async (tx) => {
    await lockAndCheckOverlap(tx, dates);
    const [row] = await tx
      .insert(seasons)
      .values({ name: body.name, ...dates, priceGems: body.priceGems, tiers: body.tiers, createdBy: adminId })
      .returning();
    await recordAdminAction(tx, {
      adminId,
      action: 'season.created',
      targetType: 'season',
      targetId: row!.id,
      details: { name: body.name, startsAt: body.startsAt, endsAt: body.endsAt, priceGems: body.priceGems, tiers: body.tiers.length },
    });
    return adminSeasonOf(row!, 0, now);
  });
}

/** Tiers compared by their values (jsonb keeps an object's keys in an order of its own). */
const tiersKey = (tiers: SeasonTier[]) =>
  JSON.stringify(
    tiers.map((t) => [t.tier, t.xpRequired, t.freeReward.type, t.freeReward.value, t.premiumReward.type, t.premiumReward.value]),
  );
const sameTiers = (a: SeasonTier[], b: SeasonTier[]) => tiersKey(a) === tiersKey(b);

/**
 * Changes a season. Before it starts, anything may change; once it has started, its start, price
 * and tiers are what players bought and climbed (409 SEASON_STARTED if they differ), and only its
 * name and end may change (an end in the past ends it). The dates stay in order and clear of
 * other seasons. Audited with what changed, before and after.
 */
export async function updateSeason(db: Database, adminId: string, id: string, patch: SeasonPatch, now = new Date()): Promise<AdminSeason> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
    if (!row) throw notFound(M.notFound);
    const started = seasonStatus(row, now) !== 'scheduled';
    const next = {
      name: patch.name ?? row.name,
      startsAt: patch.startsAt ? new Date(patch.startsAt) : row.startsAt,
      endsAt: patch.endsAt ? new Date(patch.endsAt) : row.endsAt,
      priceGems: patch.priceGems ?? row.priceGems,
      tiers: patch.tiers ?? row.tiers,
    };
    const changed = {
      name: next.name !== row.name,
      startsAt: next.startsAt.getTime() !== row.startsAt.getTime(),
      endsAt: next.endsAt.getTime() !== row.endsAt.getTime(),
      priceGems: next.priceGems !== row.priceGems,
      tiers: !sameTiers(next.tiers, row.tiers),
    };
    if (started && (changed.startsAt || changed.priceGems || changed.tiers)) throw conflict(E.started, M.started);
    const problem = datesProblem(next.startsAt.toISOString(), next.endsAt.toISOString());
    if (problem) throw badRequest(problem, 'endsAt');
    if (changed.startsAt || changed.endsAt) await lockAndCheckOverlap(tx, next, id);
    const [updated] = await tx
      .update(seasons)
      .set({ ...next, updatedAt: now })
      .where(eq(seasons.id, id))
      .returning();
    const fields = (Object.keys(changed) as (keyof typeof changed)[]).filter((k) => changed[k]);
    const shown = (v: (typeof next)[keyof typeof next]) =>
      v instanceof Date ? v.toISOString() : Array.isArray(v) ? `${v.length} tiers` : v;
    await recordAdminAction(tx, {
      adminId,
      action: 'season.updated',
      targetType: 'season',
      targetId: id,
      details: Object.fromEntries(fields.map((k) => [k, { from: shown(row[k]), to: shown(next[k]) }])),
    });
    return adminSeasonOf(updated!, await passesSold(tx, id), now);
  });
}

/** Deletes a season that has not started (no pass can exist yet); a started one is 409 SEASON_STARTED. Audited. */
export async function deleteSeason(db: Database, adminId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock waits for a purchase that holds the season (FOR KEY SHARE) and keeps new ones out.
    const [row] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
    if (!row) throw notFound(M.notFound);
    if (seasonStatus(row, now) !== 'scheduled' || (await passesSold(tx, id)) > 0) throw conflict(E.started, M.startedDelete);
    await tx.delete(seasons).where(eq(seasons.id, id));
    await recordAdminAction(tx, {
      adminId,
      action: 'season.deleted',
      targetType: 'season',
      targetId: id,
      details: { name: row.name, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() },
    });
  });
}

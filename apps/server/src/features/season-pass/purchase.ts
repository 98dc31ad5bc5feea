import { eq } from 'drizzle-orm';
import { SEASON_ERRORS as E, SEASON_MESSAGES as M } from '@app/shared/season-pass/messages';
import { seasonStatus } from '@app/shared/season-pass/rules';
import type { Database } from '../../db/client';
import { seasonPasses, seasons } from '../../db/schema/season-pass';
import { conflict, notFound } from '../../lib/http-errors';
import { spendGems } from '../gems';
import { countPosting, type LedgerMetrics } from '../tokens';

/** The ledger's key of a pass's payment: one per season and user. */
export const passKey = (seasonId: string, userId: string) => `season-pass:${seasonId}:${userId}`;

/**
 * Buys a running season's pass for its price in gems, once. The pass row and the gems' debit are
 * one transaction: the row's key (season, user) makes a concurrent second purchase wait for the
 * first and then find the row (409 SEASON_PASS_OWNED); too few gems (402 INSUFFICIENT_GEMS) rolls
 * the row back, so nothing changes. The season's row is held (FOR KEY SHARE, the lock the pass's
 * foreign key takes anyway) so that an admin can't delete it meanwhile.
 */
export async function purchasePass(db: Database, metrics: LedgerMetrics, userId: string, seasonId: string, now = new Date()) {
  const result = await db.transaction(async (tx) => {
    const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('key share');
    if (!season) throw notFound(M.notFound);
    if (seasonStatus(season, now) !== 'running') throw conflict(E.notRunning, M.notRunning);
    const inserted = await tx
      .insert(seasonPasses)
      .values({ seasonId, userId, priceGems: season.priceGems, purchasedAt: now })
      .onConflictDoNothing()
      .returning({ seasonId: seasonPasses.seasonId });
    if (inserted.length === 0) throw conflict(E.owned, M.owned);
    const spent = await spendGems(tx, null, {
      userId,
      amount: season.priceGems,
      reason: 'season_pass',
      contentType: 'season_pass',
      reference: seasonId,
      idempotencyKey: passKey(seasonId, userId),
    });
    return { priceGems: season.priceGems, gems: spent.balance, moved: !spent.duplicate };
  });
  // Counted (and the live balance told) once the debit has committed.
  if (result.moved) countPosting(metrics, { reason: 'season_pass', currency: 'gems', userId });
  return { seasonId, purchased: true as const, priceGems: result.priceGems, gems: result.gems };
}

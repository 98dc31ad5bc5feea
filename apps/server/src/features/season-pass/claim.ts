import { and, eq } from 'drizzle-orm';
import type { SeasonReward } from '@app/shared/season-pass/schemas';
import { SEASON_ERRORS as E, SEASON_MESSAGES as M } from '@app/shared/season-pass/messages';
import { seasonStatus, type Track } from '@app/shared/season-pass/rules';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { seasonClaims, seasonPasses } from '../../db/schema/season-pass';
import { AppError, conflict, notFound } from '../../lib/http-errors';
import { announceRewardProgress, awardSeasonXp, grantBadge, levelBefore } from '../gamification';
import { countPosting, postLedgerEntry, type LedgerPosting } from '../tokens';
import { seasonById, seasonXpOf } from './store';

/** The ledger's key of a tier's reward on a track: one payment per season, tier, track and user. */
export const rewardKey = (seasonId: string, tier: number, track: Track, userId: string) =>
  `season-reward:${seasonId}:${tier}:${track}:${userId}`;

/** Pays one reward inside the claim's transaction; answers the ledger posting to count after the commit, if any. */
async function payReward(
  tx: Transaction,
  userId: string,
  claim: { seasonId: string; tier: number; track: Track },
  reward: SeasonReward,
): Promise<LedgerPosting | null> {
  switch (reward.type) {
    case 'tokens':
    case 'gems': {
      const posting: LedgerPosting = {
        userId,
        currency: reward.type,
        amount: reward.value,
        reason: 'season_reward',
        reference: claim.seasonId,
        contentType: 'season_pass',
        idempotencyKey: rewardKey(claim.seasonId, claim.tier, claim.track, userId),
      };
      const posted = await postLedgerEntry(tx, posting, null);
      return posted.duplicate ? null : posting;
    }
    case 'xp':
      await awardSeasonXp(tx, { userId, sourceId: `${claim.seasonId}:${claim.tier}:${claim.track}`, amount: reward.value });
      return null;
    case 'badge':
      await grantBadge(tx, { userId, badgeId: reward.value, source: `season:${claim.seasonId}` });
      return null;
  }
}

/**
 * Claims a tier's reward on a track, once: only while the season runs, only a tier whose XP the
 * user has earned in it (409 SEASON_TIER_LOCKED), the premium track only with the pass (403
 * SEASON_PASS_REQUIRED). The claim's row and the payment are one transaction; the row's key
 * (season, user, tier, track) makes concurrent claims wait for the first and then pay nothing
 * (409 SEASON_REWARD_CLAIMED). Tokens and gems go through the ledger (with their own key as well),
 * XP through the award path, a badge through the badge grant.
 */
export async function claimTier(
  ctx: Pick<AppContext, 'db' | 'events' | 'metrics'>,
  userId: string,
  claim: { seasonId: string; tier: number; track: Track },
  now = new Date(),
) {
  const { db, metrics } = ctx;
  const season = await seasonById(db, claim.seasonId);
  if (!season) throw notFound(M.notFound);
  const tier = season.tiers.find((t) => t.tier === claim.tier);
  if (!tier) throw notFound(M.tierNotFound);
  if (seasonStatus(season, now) !== 'running') throw conflict(E.notRunning, M.notRunning);
  const reward = claim.track === 'free' ? tier.freeReward : tier.premiumReward;
  const before = reward.type === 'xp' ? await levelBefore(db, userId) : null;

  const posting = await db.transaction(async (tx) => {
    if (claim.track === 'premium') {
      const [pass] = await tx
        .select({ userId: seasonPasses.userId })
        .from(seasonPasses)
        .where(and(eq(seasonPasses.seasonId, season.id), eq(seasonPasses.userId, userId)));
      if (!pass) throw new AppError(403, E.passRequired, M.passRequired);
    }
    if ((await seasonXpOf(tx, season, userId)) < tier.xpRequired) throw conflict(E.tierLocked, M.tierLocked);
    const inserted = await tx
      .insert(seasonClaims)
      .values({ seasonId: season.id, userId, tier: claim.tier, track: claim.track, claimedAt: now })
      .onConflictDoNothing()
      .returning({ tier: seasonClaims.tier });
    if (inserted.length === 0) throw conflict(E.claimed, M.claimed);
    return payReward(tx, userId, claim, reward);
  });

  if (posting) countPosting(metrics, posting);
  if (before) await announceRewardProgress(ctx, userId, before);
  return { seasonId: season.id, tier: claim.tier, track: claim.track, reward };
}

import { z } from 'zod';
import { zPage, ZPageQuery } from '../http/pagination';
import { SEASON_MESSAGES as M } from './messages';
import { BADGE_ID, SEASON_LIMITS as L, TRACKS } from './rules';

const amount = z.number().int(M.wholeNumber).min(1, M.atLeastOne).max(L.maxRewardValue, M.rewardTooLarge);

/** A tier's reward on one track: tokens, gems or XP (an amount), or a badge (its id). */
export const ZSeasonReward = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('tokens'), value: amount }),
    z.strictObject({ type: z.literal('gems'), value: amount }),
    z.strictObject({ type: z.literal('xp'), value: amount }),
    z.strictObject({
      type: z.literal('badge'),
      value: z.string().regex(BADGE_ID, M.badgeId),
    }),
  ],
  { error: M.rewardType },
);
export type SeasonReward = z.infer<typeof ZSeasonReward>;

export const ZSeasonTier = z.strictObject({
  tier: z.number().int(M.tiersInOrder).min(1, M.tiersInOrder).max(L.maxTiers, M.tiersInOrder),
  xpRequired: z.number().int(M.wholeNumber).min(0, M.wholeNumber).max(L.maxXpRequired, M.xpTooLarge),
  freeReward: ZSeasonReward,
  premiumReward: ZSeasonReward,
});
export type SeasonTier = z.infer<typeof ZSeasonTier>;

/** Tiers 1…N in order, each asking more XP than the one before. */
const ZTiers = z
  .array(ZSeasonTier)
  .min(1, M.noTiers)
  .max(L.maxTiers, M.tooManyTiers)
  .superRefine((tiers, ctx) => {
    tiers.forEach((t, i) => {
      if (t.tier !== i + 1) ctx.addIssue({ code: 'custom', message: M.tiersInOrder, path: [i, 'tier'] });
      else if (i > 0 && t.xpRequired <= tiers[i - 1]!.xpRequired)
        ctx.addIssue({ code: 'custom', message: M.xpInOrder, path: [i, 'xpRequired'] });
    });
  });

const ZInstant = z.iso.datetime({ offset: true, error: M.instant });
const ZName = z.string().trim().min(1, M.nameRequired).max(L.name, M.nameTooLong);
const ZPrice = z.number().int(M.wholeNumber).min(L.minPrice, M.priceTooSmall).max(L.maxPrice, M.priceTooLarge);

const MAX_MS = L.maxDays * 86_400_000;
/** The dates' own rule, for a whole season or a change of one (where both dates are known). */
export function datesProblem(startsAt: string, endsAt: string): string | null {
  const length = Date.parse(endsAt) - Date.parse(startsAt);
  if (length <= 0) return M.endAfterStart;
  if (length > MAX_MS) return M.tooLong;
  return null;
}

/** POST /api/admin/seasons */
export const ZSeasonBody = z
  .strictObject({ name: ZName, startsAt: ZInstant, endsAt: ZInstant, priceGems: ZPrice, tiers: ZTiers })
  .superRefine((b, ctx) => {
    const problem = datesProblem(b.startsAt, b.endsAt);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endsAt'] });
  });
export type SeasonBody = z.infer<typeof ZSeasonBody>;

/** PATCH /api/admin/seasons/{id}: any of the fields; once the season has started, only its name and end. */
export const ZSeasonPatch = z
  .strictObject({
    name: ZName.optional(),
    startsAt: ZInstant.optional(),
    endsAt: ZInstant.optional(),
    priceGems: ZPrice.optional(),
    tiers: ZTiers.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.nothingToChange });
export type SeasonPatch = z.infer<typeof ZSeasonPatch>;

export const ZSeasonParams = z.object({ id: z.uuid(M.notFound) });
export const ZSeasonTierParams = z.object({
  seasonId: z.uuid(M.notFound),
  tier: z.coerce.number<string>({ error: M.tierNotFound }).int(M.tierNotFound).min(1, M.tierNotFound).max(L.maxTiers, M.tierNotFound),
});
export const ZClaimBody = z.strictObject({ track: z.enum(TRACKS, { error: M.track }) });

/** A season as everyone sees it. */
export const ZSeason = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  priceGems: z.number().int(),
  tiers: z.array(ZSeasonTier),
});
export type Season = z.infer<typeof ZSeason>;

/** The caller's standing in a season: the pass, the XP earned in it, the tier reached and what was claimed. */
export const ZSeasonMe = z.object({
  purchased: z.boolean(),
  seasonXp: z.number().int(),
  tier: z.number().int(),
  claimed: z.array(z.object({ tier: z.number().int(), track: z.enum(TRACKS) })),
});
export type SeasonMe = z.infer<typeof ZSeasonMe>;

/** GET /api/gamification/season-pass/current: the running season; `me` is null for a visitor who is not signed in. */
export const ZCurrentSeason = ZSeason.extend({ me: ZSeasonMe.nullable() });
export type CurrentSeason = z.infer<typeof ZCurrentSeason>;

/** POST /api/gamification/season-pass/{id}/purchase: the pass is the caller's; the gems left. */
export const ZSeasonPurchase = z.object({
  seasonId: z.string(),
  purchased: z.literal(true),
  priceGems: z.number().int(),
  gems: z.number().int(),
});

/** POST /api/gamification/season-pass/{seasonId}/tiers/{tier}/claim: what was paid. */
export const ZSeasonClaim = z.object({ seasonId: z.string(), tier: z.number().int(), track: z.enum(TRACKS), reward: ZSeasonReward });

/** A season in the admin console: its state and the passes sold. */
export const ZAdminSeason = ZSeason.extend({
  status: z.enum(['scheduled', 'running', 'ended']),
  passesSold: z.number().int(),
  createdAt: z.string(),
});
export type AdminSeason = z.infer<typeof ZAdminSeason>;
export const ZAdminSeasonQuery = ZPageQuery;
export const ZAdminSeasonPage = zPage(ZAdminSeason);

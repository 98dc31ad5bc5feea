/**
 * The season pass's rules (issue 19, decision 028): what an admin may set, and how a season's
 * state and a player's tier follow from the dates and the XP. Pure, for the server and the web app.
 */

export const SEASON_LIMITS = {
  name: 80,
  /** Gems a pass may cost. */
  minPrice: 1,
  maxPrice: 100_000,
  maxTiers: 100,
  /** XP a tier may ask for. */
  maxXpRequired: 10_000_000,
  /** Tokens, gems or XP one reward may pay (XP as an admin's grant: 100,000 at most). */
  maxRewardValue: 100_000,
  /** A season runs at most this long. */
  maxDays: 366,
} as const;

export const REWARD_TYPES = ['tokens', 'gems', 'xp', 'badge'] as const;
export type SeasonRewardType = (typeof REWARD_TYPES)[number];

export const TRACKS = ['free', 'premium'] as const;
export type Track = (typeof TRACKS)[number];

/** A badge a reward grants is named as the achievements' badges are. */
export const BADGE_ID = /^[a-z0-9-]{1,40}$/;

export type SeasonStatus = 'scheduled' | 'running' | 'ended';

/**
 * Where a season stands at an instant: it runs from its start (included) to its end (excluded).
 * @example seasonStatus({ startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-04-01T00:00:00Z' }, new Date('2026-02-01')) // 'running'
 */
export function seasonStatus(season: { startsAt: string | Date; endsAt: string | Date }, now: Date): SeasonStatus {
  const t = now.getTime();
  if (t < new Date(season.startsAt).getTime()) return 'scheduled';
  return t < new Date(season.endsAt).getTime() ? 'running' : 'ended';
}

/**
 * The highest tier whose XP the player has (0 before the first).
 * @example tierReached([{ tier: 1, xpRequired: 0 }, { tier: 2, xpRequired: 100 }], 99) // 1
 */
export function tierReached(tiers: readonly { tier: number; xpRequired: number }[], seasonXp: number): number {
  return tiers.reduce((reached, t) => (seasonXp >= t.xpRequired && t.tier > reached ? t.tier : reached), 0);
}

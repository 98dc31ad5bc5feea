/**
 * Subscription plans (bots-header-auth.md §2, §9): free, premium (shown as PRO) and ultimate. The
 * one table of what each tier costs and gives; the server bills and credits from it, the web app
 * shows it. Free is the absence of a subscription.
 */

import { TIERS, type Tier } from '../users/roles';

/** The tiers (users/roles.ts): a user's `tier` follows their subscription. */
export const SUBSCRIPTION_TIERS = TIERS;
export type SubscriptionTier = Tier;

/** The tiers one can subscribe to. */
export const PAID_PLANS = ['premium', 'ultimate'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export interface Plan {
  tier: SubscriptionTier;
  /** The badge the header and the profile menu show (the spec's PRO, ULTIMATE, FREE). */
  badge: 'FREE' | 'PRO' | 'ULTIMATE';
  /** The monthly price in euro cents (0 for free). */
  priceMinor: number;
  currency: 'eur';
  /** Tokens credited through the ledger once per paid period. */
  monthlyTokens: number;
  /** What XP earned is multiplied by (applied by the gamification area). */
  xpMultiplier: number;
  /** Translation keys (web: subscriptions locale, `perks.*`) of what the plan gives. */
  perks: readonly string[];
}

export const PLANS: Readonly<Record<SubscriptionTier, Plan>> = {
  free: {
    tier: 'free',
    badge: 'FREE',
    priceMinor: 0,
    currency: 'eur',
    monthlyTokens: 0,
    xpMultiplier: 1,
    perks: ['perks.chat', 'perks.createBots', 'perks.buyTokens'],
  },
  premium: {
    tier: 'premium',
    badge: 'PRO',
    priceMinor: 999,
    currency: 'eur',
    monthlyTokens: 8_000,
    xpMultiplier: 1.25,
    perks: ['perks.monthlyTokens', 'perks.xpMultiplier', 'perks.proBadge', 'perks.cancelAnytime'],
  },
  ultimate: {
    tier: 'ultimate',
    badge: 'ULTIMATE',
    priceMinor: 1999,
    currency: 'eur',
    monthlyTokens: 20_000,
    xpMultiplier: 1.5,
    perks: ['perks.monthlyTokens', 'perks.xpMultiplier', 'perks.ultimateBadge', 'perks.priority', 'perks.cancelAnytime'],
  },
};

/** The tiers in order, cheapest first. */
export const PLAN_LIST: readonly Plan[] = SUBSCRIPTION_TIERS.map((t) => PLANS[t]);

/** A tier's rank: free 0, premium 1, ultimate 2. */
export const tierRank = (tier: SubscriptionTier) => SUBSCRIPTION_TIERS.indexOf(tier);

/** The tier above one (the header's upgrade target), or null at the top. */
export function nextTier(tier: SubscriptionTier): PaidPlan | null {
  if (tier === 'free') return 'premium';
  if (tier === 'premium') return 'ultimate';
  return null;
}

/** The XP multiplier of a tier (1 for free). */
export const xpMultiplierOf = (tier: SubscriptionTier) => PLANS[tier].xpMultiplier;

/**
 * The end of a monthly period that starts at `start`: the same day and time next month, or that
 * month's last day when it is shorter (31 January → 28 or 29 February), in UTC.
 *
 * @example addMonth(new Date('2026-01-31T10:00:00Z')) // 2026-02-28T10:00:00Z
 */
export function addMonth(start: Date): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

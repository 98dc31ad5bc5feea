/**
 * The admins' view of the economy (bots-header-auth.md §3, §9): what the platform paid its model
 * provider for API tokens, and revenue, provider cost and margin over a range of days. The same
 * rules on the server, which computes the numbers, and in the admin screens, which show them.
 */
import { marginPercent } from '../pricing/rules';

/** How long the list of API token purchases is trusted (bots-header-auth.md §9: 300 000 ms). */
export const TOKEN_PURCHASES_CACHE_MS = 300_000;

/**
 * The default seed purchase: 150 EUR, as the spec says, for 150 000 tokens, so that a token costs
 * the 0.001 EUR of the default pricing (the spec's 10 000 tokens made it 0.015 EUR, fifteen times
 * the pricing, and the report's margins contradicted the pricing's; decision 040).
 */
export const DEFAULT_TOKEN_PURCHASE = {
  platform: 'openai',
  tokens_purchased: 150_000,
  cost_usd: 0,
  price_paid_eur: 150,
  supplier: 'Default',
  notes: 'Default seed purchase',
} as const;

export const TOKEN_PURCHASE_LIMITS = {
  platform: 100,
  supplier: 200,
  notes: 2000,
  /** Tokens and money stay far below what a float holds exactly. */
  maxTokens: 1e12,
  maxMoney: 1e9,
} as const;

/** The economy report's range: 30 days unless asked; never more than 366 days. */
export const ECONOMY_DEFAULT_DAYS = 30;
export const ECONOMY_MAX_DAYS = 366;

/**
 * The book rate at which USD revenue (gem packages are sold in dollars) is counted in euros,
 * the currency of the pricing and of the report. Fixed here; see decision 018.
 */
export const EUR_PER_USD = 0.92;

/** Rounds away binary-fraction noise. */
const clean = (n: number, places = 9) => Math.round(n * 10 ** places) / 10 ** places;

/** The spec's stored column: cost_rub is 100 × the price paid. */
export const costRubOf = (pricePaidEur: number) => clean(pricePaidEur * 100, 4);

/** What one provider token cost in a purchase: price paid / tokens purchased. */
export const costPerTokenOf = (pricePaidEur: number, tokensPurchased: number) =>
  tokensPurchased > 0 ? clean(pricePaidEur / tokensPurchased, 12) : 0;

/** The weighted cost of one provider token over several purchases: Σ price paid / Σ tokens. Null when none. */
export function weightedCostPerToken(purchases: readonly { price_paid_eur: number; tokens_purchased: number }[]): number | null {
  const tokens = purchases.reduce((n, p) => n + p.tokens_purchased, 0);
  const paid = purchases.reduce((n, p) => n + p.price_paid_eur, 0);
  return tokens > 0 ? clean(paid / tokens, 12) : null;
}

/** Margin of a report: (revenue − cost) / revenue × 100, or null when there was no revenue (no margin to speak of). */
export const reportMargin = (revenue: number, cost: number): number | null => (revenue > 0 ? clean(marginPercent(revenue, cost), 2) : null);

/** Money as the report carries it: euros to the cent's hundredth. */
export const euros = (n: number) => clean(n, 4);

/** A UTC day 'YYYY-MM-DD' n days after another. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included (0 when to is before from). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Today as a UTC day. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

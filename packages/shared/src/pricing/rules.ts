/**
 * Pricing (bots-header-auth.md §9): what generation costs the platform, what users pay, and the
 * token packs sold against it. The same rules on the server, which applies them, and in the admin
 * form's live preview.
 */

export interface PricingConfig {
  /** What one provider token costs the platform, in euros. */
  token_cost_eur: number;
  /** The margin; the user's price is the provider cost × (1 + markup/100 × 2). 10 to 200. */
  markup_percentage: number;
  /** What one of our tokens is worth to a user, in euros. */
  user_token_cost_eur: number;
  /** Provider tokens one generation of each type uses. */
  generation_costs: { text: number; image: number; video: number };
  free_generation_for_text: boolean;
}

/** The spec's cached default version. */
export const DEFAULT_PRICING: PricingConfig = {
  token_cost_eur: 0.001,
  markup_percentage: 50,
  user_token_cost_eur: 0.0015,
  generation_costs: { text: 100, image: 500, video: 2000 },
  free_generation_for_text: false,
};

export const MARKUP_RANGE = { min: 10, max: 200 } as const;
export const GENERATION_TYPES = ['text', 'image', 'video'] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

/**
 * The spec's rule: token cost > 0, markup 10–200 inclusive, user token cost > 0, every generation
 * cost ≥ 0. Answers the first field that breaks it ('generation_costs.image'), or null when valid.
 */
export function invalidPricingField(c: PricingConfig): string | null {
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (!finite(c.token_cost_eur) || c.token_cost_eur <= 0) return 'token_cost_eur';
  if (!finite(c.markup_percentage) || c.markup_percentage < MARKUP_RANGE.min || c.markup_percentage > MARKUP_RANGE.max)
    return 'markup_percentage';
  if (!finite(c.user_token_cost_eur) || c.user_token_cost_eur <= 0) return 'user_token_cost_eur';
  for (const type of GENERATION_TYPES) {
    const cost = c.generation_costs?.[type];
    if (!finite(cost) || cost < 0) return `generation_costs.${type}`;
  }
  return null;
}

export const isValidPricing = (c: PricingConfig) => invalidPricingField(c) === null;

/** Rounds away binary-fraction noise (0.1 × 3 is 0.30000000000000004) before a ceil or a display. */
const clean = (n: number) => Math.round(n * 1e9) / 1e9;

/** The user's price for a provider cost: cost × (1 + markup/100 × 2). */
export const userPriceEur = (providerCostEur: number, markupPercentage: number) =>
  clean(providerCostEur * (1 + (markupPercentage / 100) * 2));

/** Our tokens for a price: ceil(price / user token cost). */
export const tokensForPrice = (priceEur: number, userTokenCostEur: number) => Math.ceil(clean(priceEur / userTokenCostEur));

/** What one generation of a type costs the platform and the user, in euros and in tokens. */
export function quoteGeneration(c: PricingConfig, type: GenerationType): { providerCostEur: number; priceEur: number; tokens: number } {
  const providerCostEur = clean(c.generation_costs[type] * c.token_cost_eur);
  const priceEur = userPriceEur(providerCostEur, c.markup_percentage);
  const free = type === 'text' && c.free_generation_for_text;
  return { providerCostEur, priceEur: free ? 0 : priceEur, tokens: free ? 0 : tokensForPrice(priceEur, c.user_token_cost_eur) };
}

/** Margin of revenue over cost, in percent: (revenue − cost) / revenue × 100; 0 without revenue. */
export const marginPercent = (revenue: number, cost: number) => (revenue > 0 ? clean(((revenue - cost) / revenue) * 100) : 0);

export interface TokenPack {
  id: string;
  name: string;
  priceEur: number;
  isPopular: boolean;
}

/** The token packs on sale, by price; how many tokens each gives follows the pricing (tokensForPrice). */
export const TOKEN_PACKS: readonly TokenPack[] = [
  { id: 'small', name: 'Small', priceEur: 5, isPopular: false },
  { id: 'medium', name: 'Medium', priceEur: 10, isPopular: true },
  { id: 'large', name: 'Large', priceEur: 25, isPopular: false },
  { id: 'huge', name: 'Huge', priceEur: 50, isPopular: false },
];

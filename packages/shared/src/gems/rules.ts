/**
 * The gem economy's constants and rules (gamification.md §2.7, §9), the same on the server, which
 * applies them, and in the browser, which shows them.
 */

export const GEM_CONFIG = {
  /** What one gem is worth in US dollars. */
  gemToUsdRate: 0.01,
  /** The fewest gems one purchase buys. */
  minPurchase: 100,
  /** Credited once to every new account. */
  welcomeGems: 100,
} as const;

/** How many transactions the balance answer carries; older ones stay in the ledger, paged. */
export const GEM_RECENT_TRANSACTIONS = 100;

export interface GemPackage {
  id: string;
  name: string;
  gems: number;
  priceEur: number;
  /** Percent saved against the starter package's price per gem, as the spec states it. */
  discount: number;
  isPopular: boolean;
}

/** The five packages of gamification.md §9, smallest first. */
export const GEM_PACKAGES: readonly GemPackage[] = [
  { id: 'starter', name: 'Starter', gems: 500, priceEur: 4.99, discount: 0, isPopular: false },
  { id: 'popular', name: 'Popular', gems: 1200, priceEur: 9.99, discount: 17, isPopular: true },
  { id: 'value', name: 'Value', gems: 2500, priceEur: 19.99, discount: 20, isPopular: false },
  { id: 'premium', name: 'Premium', gems: 5500, priceEur: 39.99, discount: 27, isPopular: false },
  { id: 'ultimate', name: 'Ultimate', gems: 12000, priceEur: 79.99, discount: 33, isPopular: false },
];

/**
 * A content cost in gems: ceil(cost / gemToUsdRate). The quotient is first rounded to a millionth,
 * so that binary fractions don't push an exact result up by one (1.10 / 0.01 is 110.00000000000001).
 */
export function gemsForCost(costUsd: number): number {
  return Math.ceil(Math.round((costUsd / GEM_CONFIG.gemToUsdRate) * 1e6) / 1e6);
}

/**
 * The package to suggest for a need of `gems`: the smallest package that covers it (by gems; among
 * packages of that size, the most gems per euro), or the largest package when none does.
 */
export function recommendPackage(gems: number, packages: readonly GemPackage[] = GEM_PACKAGES): GemPackage {
  const value = (p: GemPackage) => p.gems / p.priceEur;
  const sufficient = packages.filter((p) => p.gems >= gems).sort((a, b) => a.gems - b.gems || value(b) - value(a));
  if (sufficient[0]) return sufficient[0];
  return [...packages].sort((a, b) => b.gems - a.gems || value(b) - value(a))[0]!;
}

/** The colour of a balance (gamification.md §2.7): 1000 or more green, 100 or more yellow, otherwise red. */
export function gemBalanceTone(balance: number): 'green' | 'yellow' | 'red' {
  return balance >= 1000 ? 'green' : balance >= 100 ? 'yellow' : 'red';
}

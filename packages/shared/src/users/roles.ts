/** Roles decide what a user may do; tiers decide what a user has paid for. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const TIERS = ['free', 'premium', 'ultimate'] as const;
export type Tier = (typeof TIERS)[number];

/** The plan badge of the profile dropdown (spec: PRO, ULTIMATE or FREE). */
export const TIER_BADGES: Record<Tier, string> = {
  free: 'FREE',
  premium: 'PRO',
  ultimate: 'ULTIMATE',
};

/** Premium features are open to premium and ultimate subscribers. */
export function isPremiumTier(tier: Tier): boolean {
  return tier === 'premium' || tier === 'ultimate';
}

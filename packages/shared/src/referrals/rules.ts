/**
 * The referral program's rules (settings-and-referrals.md §2, §9; gamification.md §2.1, §9; issue
 * 16): its defaults, the conversion rate, the purchase bonus, the share links, and the email
 * normalisation that tells a self-referral.
 */

/** The program's settings: the five the panel shows, plus the hold and the USD rate the server pays by. */
export interface ReferralSettings {
  /** Tokens for each side of a confirmed signup. */
  registrationBonus: number;
  /** Share of a referred user's purchase the referrer earns, in tokens at the user token price. */
  purchaseBonusPercentage: number;
  /** The most a referrer earns from one referred user (registration and purchases together). */
  maxBonusPerUser: number;
  /** The smallest purchase (EUR) that earns a bonus. */
  minPurchaseForBonus: number;
  /** How long the signup page remembers a link's code. */
  linkExpireDays: number;
  /** How long a purchase bonus stays pending (while the purchase can be refunded). */
  holdDays: number;
  /** EUR per USD, for purchases priced in dollars (gem packages). */
  usdToEurRate: number;
}

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  registrationBonus: 50,
  purchaseBonusPercentage: 30,
  maxBonusPerUser: 1000,
  minPurchaseForBonus: 5,
  linkExpireDays: 30,
  holdDays: 14,
  usdToEurRate: 0.92,
};

/** A code may be attached by the signed-in user within this many days of the account's creation. */
export const REFERRAL_APPLY_WINDOW_DAYS = 7;
/** More signups than this with one code from one address in IP_WINDOW_HOURS are flagged. */
export const REFERRAL_SIGNUPS_PER_IP = 3;
export const REFERRAL_IP_WINDOW_HOURS = 24;
/** A signup from an address the referrer used this recently is flagged. */
export const REFERRER_IP_LOOKBACK_DAYS = 30;

export const REFERRAL_STATUSES = ['pending', 'confirmed', 'flagged', 'rejected', 'ineligible'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_REASONS = ['disposable_email', 'ip_burst', 'referrer_ip'] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];
export const PURCHASE_BONUS_STATUSES = ['held', 'paid', 'cancelled', 'reversed'] as const;
export type PurchaseBonusStatus = (typeof PURCHASE_BONUS_STATUSES)[number];

/** confirmed / total as a percentage with one decimal; 0 when there are none. */
export function conversionRate(confirmed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((confirmed / total) * 1000) / 10;
}

/** A purchase's value in euros (minor units of EUR or USD; USD at the configured rate). Null for another currency. */
export function purchaseValueEur(amountMinor: number, currency: string, usdToEurRate: number): number | null {
  const major = amountMinor / 100;
  const c = currency.toLowerCase();
  if (c === 'eur') return major;
  if (c === 'usd') return Math.round(major * usdToEurRate * 100) / 100;
  return null;
}

/**
 * The referrer's bonus for a purchase worth `valueEur`: purchaseBonusPercentage of it in tokens at
 * the user token price, rounded down; 0 below the minimum purchase.
 */
export function purchaseBonusTokens(valueEur: number, settings: ReferralSettings, userTokenCostEur: number): number {
  if (valueEur < settings.minPurchaseForBonus || userTokenCostEur <= 0) return 0;
  const eur = (valueEur * settings.purchaseBonusPercentage) / 100;
  // Rounded to a millionth first, so that 1.5 / 0.0015 is 1000 and not 999.
  return Math.floor(Math.round((eur / userTokenCostEur) * 1e6) / 1e6);
}

/**
 * One address in a comparable form: lower case, the +tag and the dots of the local part removed
 * (a.b+x@example.com and ab@example.com are one person's).
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).split('+')[0]!.replace(/\./g, '');
  return `${local}@${lower.slice(at + 1)}`;
}

/** The domain of an address, lower case. */
export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** {origin}/signup?ref={code} (settings-and-referrals.md §9). */
export const referralLink = (origin: string, code: string) => `${origin.replace(/\/$/, '')}/signup?ref=${encodeURIComponent(code)}`;

export const SHARE_TARGETS = ['twitter', 'facebook', 'telegram', 'whatsapp', 'linkedin', 'reddit'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The share text of the panel: 'Join this amazing AI chat platform and get N free tokens!'. */
export const shareText = (tokens: number) => `Join this amazing AI chat platform and get ${tokens} free tokens!`;

/** Where a share button sends the link and the text. */
export function shareUrl(target: ShareTarget, link: string, text: string): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(text);
  switch (target) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
  }
}

/** The share popup's size (600x400). */
export const SHARE_POPUP = { width: 600, height: 400 } as const;

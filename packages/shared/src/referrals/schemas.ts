import { z } from 'zod';
import { ZReferralCode } from '../auth/schemas';
import { ZPageQuery, zPage } from '../http/pagination';
import { REFERRAL_REASONS, REFERRAL_STATUSES } from './rules';

export { ZReferralCode };

/** GET /api/referral/config: the five settings the panel shows. */
export const ZReferralConfig = z.object({
  registrationBonus: z.number().int(),
  purchaseBonusPercentage: z.number(),
  maxBonusPerUser: z.number().int(),
  minPurchaseForBonus: z.number(),
  linkExpireDays: z.number().int(),
});
export type ReferralConfig = z.infer<typeof ZReferralConfig>;

/** The admins' form (GET and PUT /api/admin/referral/config): the five plus the hold and the USD rate. */
export const ZReferralAdminConfig = z
  .object({
    registrationBonus: z.number().int().min(0).max(100_000),
    purchaseBonusPercentage: z.number().finite().min(0).max(100),
    maxBonusPerUser: z.number().int().min(0).max(10_000_000),
    minPurchaseForBonus: z.number().finite().min(0).max(100_000),
    linkExpireDays: z.number().int().min(1).max(365),
    holdDays: z.number().int().min(0).max(365),
    usdToEurRate: z.number().finite().positive().max(100),
  })
  .strict();
export type ReferralAdminConfig = z.infer<typeof ZReferralAdminConfig>;

export const ZReferralCodeAnswer = z.object({ referralCode: z.string() });

export const ZReferralActivity = z.object({
  id: z.string(),
  type: z.enum(['registration', 'purchase']),
  /** The line in English (API clients); the web app writes its own from `name` and `valueEur` in the reader's language. */
  description: z.string(),
  /** The referred person's display name. */
  name: z.string(),
  /** A purchase's value in euros ("12.50"); null for a registration. */
  valueEur: z.string().nullable(),
  date: z.string(),
  /** Tokens the referrer earns (or earned) by it. */
  amount: z.number().int(),
  /** registration: pending, confirmed, flagged, rejected, ineligible; purchase: held, paid, cancelled, reversed. */
  status: z.string(),
  /** Why a registration earns nothing (disposable_email) or waits for review (ip_burst, referrer_ip). */
  reason: z.enum(REFERRAL_REASONS).nullable(),
});
export type ReferralActivity = z.infer<typeof ZReferralActivity>;

export const ZReferralDashboard = z.object({
  referralCode: z.string().nullable(),
  referralLink: z.string().nullable(),
  totalReferred: z.number().int(),
  confirmedReferrals: z.number().int(),
  pendingReferrals: z.number().int(),
  totalEarnings: z.number().int(),
  registrationBonuses: z.number().int(),
  purchaseBonuses: z.number().int(),
  /** Tokens of purchase bonuses still on hold. */
  pendingEarnings: z.number().int(),
  conversionRate: z.number(),
  /** Visits of the link counted by POST /api/referral/click. */
  clicks: z.number().int(),
  recentActivity: z.array(ZReferralActivity),
});
export type ReferralDashboard = z.infer<typeof ZReferralDashboard>;

export const ZReferralDashboardQuery = z.object({ userId: z.uuid().optional() });

export const ZApplyReferralBody = z.object({ code: ZReferralCode });
/** The spec's body also names newUserId and ipAddress: both are ignored (the caller and the request's address count). */
export const ZRegisterReferralBody = z.object({ referralCode: ZReferralCode });
export const ZReferralClickBody = z.object({ referralCode: ZReferralCode });
export const ZReferralCodeParams = z.object({ code: ZReferralCode });
export const ZReferralCodeLookup = z.object({ displayName: z.string() });

/** The caller's attachment to a referrer, as apply and register answer it. */
export const ZReferralAttachment = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REASONS).nullable(),
  /** Tokens the caller received for signing up with the code (0 when none, or not yet). */
  bonus: z.number().int(),
});
export type ReferralAttachment = z.infer<typeof ZReferralAttachment>;

const ZReferralParty = z.object({ id: z.string(), username: z.string(), displayName: z.string() });
export const ZAdminReferral = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REASONS).nullable(),
  ip: z.string(),
  referrer: ZReferralParty,
  referred: ZReferralParty.extend({ email: z.string() }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof ZAdminReferral>;
export const ZAdminReferralsQuery = ZPageQuery.extend({ status: z.enum(REFERRAL_STATUSES).optional() });
export const ZAdminReferralPage = zPage(ZAdminReferral);
export const ZAdminReferralParams = z.object({ id: z.uuid() });

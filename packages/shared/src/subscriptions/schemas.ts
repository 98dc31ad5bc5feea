import { z } from 'zod';
import { PAID_PLANS, SUBSCRIPTION_TIERS } from './plans';

/** What the API says of a subscription: active or past due keep the perks; none, canceled and incomplete are free. */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'past_due', 'incomplete', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ZPlan = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  badge: z.enum(['FREE', 'PRO', 'ULTIMATE']),
  /** The monthly price in the currency's major unit (9.99). */
  price: z.number(),
  priceMinor: z.number().int(),
  currency: z.string(),
  monthlyTokens: z.number().int(),
  xpMultiplier: z.number(),
  perks: z.array(z.string()),
});
export type PlanView = z.infer<typeof ZPlan>;

export const ZSubscription = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** When the current period ends (renewal, or the end when cancelAtPeriodEnd); null when free. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The XP multiplier the tier gives (1 when free). */
  xpMultiplier: z.number(),
  provider: z.enum(['stripe', 'sandbox']).nullable(),
  /** Whether Stripe's customer portal is there (POST /api/subscription/portal). */
  portal: z.boolean(),
  plans: z.array(ZPlan),
});
export type Subscription = z.infer<typeof ZSubscription>;

/** `{ plan }`: the plan to subscribe to; the server knows the price. */
export const ZSubscriptionCheckoutRequest = z.object({ plan: z.enum(PAID_PLANS) }).strict();
export type SubscriptionCheckoutRequest = z.infer<typeof ZSubscriptionCheckoutRequest>;

export const ZSubscriptionCheckoutCreated = z.object({ id: z.string(), checkoutUrl: z.string() });

export const ZSubscriptionCheckout = z.object({
  id: z.string(),
  plan: z.enum(PAID_PLANS),
  /** amount_mismatch: paid at another amount or currency than the plan's; not activated, held for an admin. */
  status: z.enum(['pending', 'completed', 'canceled', 'failed', 'amount_mismatch']),
  amount: z.number(),
  currency: z.string(),
  monthlyTokens: z.number().int(),
  provider: z.enum(['stripe', 'sandbox']),
  /** Where to pay while pending; null once closed. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type SubscriptionCheckout = z.infer<typeof ZSubscriptionCheckout>;

export const ZSubscriptionCheckoutParams = z.object({ id: z.uuid() });

export const ZSubscriptionInvoice = z.object({
  id: z.string(),
  plan: z.enum(PAID_PLANS),
  amount: z.number(),
  currency: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  tokensCredited: z.number().int(),
  provider: z.enum(['stripe', 'sandbox']),
  paidAt: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof ZSubscriptionInvoice>;
export const ZSubscriptionInvoiceList = z.object({ items: z.array(ZSubscriptionInvoice) });

export const ZPortalSession = z.object({ url: z.string() });

import { z } from 'zod';
import { TOKEN_PURCHASE_LIMITS as L } from './rules';

const money = z.number().finite().min(0).max(L.maxMoney);
const text = (max: number) => z.string().trim().max(max);

/**
 * An API token purchase as the admin sends it. cost_rub and cost_per_token are the server's to
 * compute: a body that carries them is refused (strict).
 */
export const ZTokenPurchaseInput = z
  .object({
    platform: text(L.platform).min(1),
    tokens_purchased: z.number().int().positive().max(L.maxTokens),
    cost_usd: money.default(0),
    price_paid_eur: z.number().finite().positive().max(L.maxMoney),
    supplier: text(L.supplier).default(''),
    purchase_date: z.iso.date(),
    notes: text(L.notes).default(''),
  })
  .strict();
export type TokenPurchaseInput = z.infer<typeof ZTokenPurchaseInput>;

/** A change: any of the fields, at least one. */
export const ZTokenPurchasePatch = z
  .object({
    platform: text(L.platform).min(1).optional(),
    tokens_purchased: z.number().int().positive().max(L.maxTokens).optional(),
    cost_usd: money.optional(),
    price_paid_eur: z.number().finite().positive().max(L.maxMoney).optional(),
    supplier: text(L.supplier).optional(),
    purchase_date: z.iso.date().optional(),
    notes: text(L.notes).optional(),
  })
  .strict();
export type TokenPurchasePatch = z.infer<typeof ZTokenPurchasePatch>;

export const ZTokenPurchaseParams = z.object({ id: z.uuid() });

/** One API token purchase as the API answers it, with the computed cost_rub and cost_per_token. */
export const ZTokenPurchase = z.object({
  id: z.string(),
  platform: z.string(),
  tokens_purchased: z.number().int(),
  cost_usd: z.number(),
  price_paid_eur: z.number(),
  /** 100 × price_paid_eur (the spec's stored column). */
  cost_rub: z.number(),
  /** price_paid_eur / tokens_purchased. */
  cost_per_token: z.number(),
  supplier: z.string(),
  purchase_date: z.string(),
  notes: z.string(),
});
export type TokenPurchase = z.infer<typeof ZTokenPurchase>;
export const ZTokenPurchaseList = z.object({ items: z.array(ZTokenPurchase) });

/** The report's range, UTC days, both included. Unset: the last 30 days. */
export const ZEconomyQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export type EconomyQuery = z.infer<typeof ZEconomyQuery>;

export const ZEconomyDay = z.object({
  date: z.string(),
  /** Paid purchases of the day minus the refunds of the day, in EUR. */
  revenueEur: z.number(),
  /** API token purchases dated that day (cash basis). */
  costEur: z.number(),
  /** Provider tokens the day's replies used × the weighted cost per token (usage basis). */
  usageCostEur: z.number(),
});
export type EconomyDay = z.infer<typeof ZEconomyDay>;

export const ZEconomyReport = z.object({
  from: z.string(),
  to: z.string(),
  revenueEur: z.number(),
  /** Cash basis: what the API token purchases dated in the range cost. */
  costEur: z.number(),
  /** (revenue − cost) / revenue × 100 on the cash basis; null without revenue. */
  marginPercent: z.number().nullable(),
  /** Usage basis: provider tokens used by replies in the range × the weighted cost of a token. */
  usage: z.object({
    tokens: z.number().int(),
    /** Σ price paid / Σ tokens over the purchases dated up to the range's end (the pricing's token cost when none). */
    costPerTokenEur: z.number(),
    costEur: z.number(),
    marginPercent: z.number().nullable(),
  }),
  /** Every amount of the report is in this currency (decision 040). */
  currency: z.literal('EUR'),
  /**
   * Dollar sales in the range (gem packages sold before the shop went to euros), counted in the
   * revenue at eurPerUsd; null when the range holds none.
   */
  convertedFromUsd: z.object({ usd: z.number(), eur: z.number(), eurPerUsd: z.number() }).nullable(),
  days: z.array(ZEconomyDay),
});
export type EconomyReport = z.infer<typeof ZEconomyReport>;

/**
 * A payment held for review (issue 37): Stripe said a purchase or a subscription checkout was paid
 * with another amount or currency than it was priced at, so nothing was credited or started.
 * `amount` and `currency` are what it was priced at; the Stripe session names the payment.
 */
export const ZPaymentReview = z.object({
  kind: z.enum(['purchase', 'subscription']),
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  /** The gem package or token pack, or the plan. */
  item: z.string(),
  amount: z.number(),
  currency: z.string(),
  providerSessionId: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentReview = z.infer<typeof ZPaymentReview>;
export const ZPaymentReviewList = z.object({ items: z.array(ZPaymentReview) });

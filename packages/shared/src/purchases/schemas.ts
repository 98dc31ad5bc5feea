import { z } from 'zod';

export const PURCHASE_KINDS = ['gems', 'tokens'] as const;
/** amount_mismatch: Stripe said it was paid with another amount or currency than the purchase's; not credited, held for an admin. */
export const PURCHASE_STATUSES = ['pending', 'paid', 'expired', 'refunded', 'failed', 'amount_mismatch'] as const;

/** `{ kind: 'gems', packageId }` or `{ kind: 'tokens', packId }`: what to buy; the server knows the price. */
export const ZCreatePurchase = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gems'), packageId: z.string().min(1).max(40) }).strict(),
  z.object({ kind: z.literal('tokens'), packId: z.string().min(1).max(40) }).strict(),
]);
export type CreatePurchase = z.infer<typeof ZCreatePurchase>;

export const ZPurchase = z.object({
  id: z.string(),
  kind: z.enum(PURCHASE_KINDS),
  /** The gem package or token pack. */
  itemId: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  /** The price in the currency's major unit (9.99). */
  amount: z.number(),
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: z.string(),
  /** What paying credits: gems or tokens. */
  credits: z.number().int(),
  /** Where the buyer pays: Stripe Checkout, or the in-app sandbox page. Null once the purchase is closed. */
  checkoutUrl: z.string().nullable(),
  /** Credits a refund could not take back because they were already spent. */
  owed: z.number().int(),
  provider: z.enum(['stripe', 'sandbox']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof ZPurchase>;

export const ZPurchaseList = z.object({ items: z.array(ZPurchase) });
export const ZPurchaseParams = z.object({ id: z.uuid() });

import { z } from 'zod';
import { ZLedgerTransaction } from '../tokens/schemas';

export const ZGemBalance = z.object({
  totalGems: z.number().int(),
  spentGems: z.number().int(),
  earnedGems: z.number().int(),
  /** The latest first, at most GEM_RECENT_TRANSACTIONS. */
  transactions: z.array(ZLedgerTransaction),
});
export type GemBalance = z.infer<typeof ZGemBalance>;

export const ZGemPackage = z.object({
  id: z.string(),
  name: z.string(),
  gems: z.number().int(),
  priceEur: z.number(),
  discount: z.number(),
  isPopular: z.boolean(),
});

export const ZGemPackages = z.object({ items: z.array(ZGemPackage) });

export const ZGemConfig = z.object({
  gemToUsdRate: z.number(),
  minPurchase: z.number().int(),
  welcomeGems: z.number().int(),
});

export const ZGemQuoteQuery = z.object({
  // At most a million dollars: a quote is for one piece of content.
  costUsd: z
    .string()
    .trim()
    .min(1, 'costUsd is required')
    .pipe(z.coerce.number<string>().finite('costUsd must be a number').min(0, 'costUsd may not be negative').max(1_000_000)),
});

export const ZGemQuote = z.object({ gems: z.number().int(), recommendedPackage: ZGemPackage });

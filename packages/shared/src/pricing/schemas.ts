import { z } from 'zod';
import { GENERATION_TYPES } from './rules';

const money = z.number().finite();

/** The pricing config as the admin API carries it (snake_case, as the spec names its fields). */
export const ZPricingConfig = z
  .object({
    token_cost_eur: money,
    markup_percentage: money,
    user_token_cost_eur: money,
    generation_costs: z.object({ text: money, image: money, video: money }).strict(),
    free_generation_for_text: z.boolean(),
  })
  .strict();

export const ZPricingQuoteQuery = z.object({ type: z.enum(GENERATION_TYPES) });
export const ZPricingQuote = z.object({ providerCostEur: z.number(), priceEur: z.number(), tokens: z.number().int() });

export const ZTokenPackItem = z.object({
  id: z.string(),
  name: z.string(),
  priceEur: z.number(),
  /** Tokens the pack gives at today's pricing. */
  tokens: z.number().int(),
  isPopular: z.boolean(),
});
export const ZTokenPacks = z.object({ items: z.array(ZTokenPackItem) });

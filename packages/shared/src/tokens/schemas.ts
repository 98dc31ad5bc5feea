import { z } from 'zod';

export const ZTokenBalance = z.object({ balance: z.number().int() });
export type TokenBalance = z.infer<typeof ZTokenBalance>;

/** One movement of a balance as the API shows it (gems and tokens alike). `amount` is unsigned: `type` says which way. */
export const ZLedgerTransaction = z.object({
  id: z.string(),
  type: z.enum(['earn', 'spend', 'purchase']),
  amount: z.number().int().nonnegative(),
  reason: z.string(),
  contentType: z.string().nullable(),
  botId: z.string().nullable(),
  timestamp: z.string(),
  balanceAfter: z.number().int(),
});
export type LedgerTransaction = z.infer<typeof ZLedgerTransaction>;

/** `?cursor=&limit=`: the next page starts after the cursor of the previous answer. */
export const ZLedgerPageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'The cursor is the nextCursor of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type LedgerPageQuery = z.infer<typeof ZLedgerPageQuery>;

export const ZLedgerPage = z.object({
  items: z.array(ZLedgerTransaction),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ZLedgerPage>;

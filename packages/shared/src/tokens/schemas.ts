import { z } from 'zod';

export const ZTokenBalance = z.object({ balance: z.number().int() });
export type TokenBalance = z.infer<typeof ZTokenBalance>;

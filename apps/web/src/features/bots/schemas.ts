import { z } from 'zod';

/** The answers the bot calls check (api.ts loads this module on the first one). */
export * from '@app/shared/bots/schemas';

/** What a report or a review request answers. */
export const ZCreated = z.object({ id: z.string() });

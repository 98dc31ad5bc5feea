import { z } from 'zod';

/** GET /api/app/info: what the web needs to know about this installation. */
export const ZAppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'outbox' when no SMTP server is configured: mail is kept in the dev outbox. */
  mail: z.enum(['smtp', 'outbox']),
  /** The language model: offline means the built-in responder (no model configured). */
  model: z.object({ offline: z.boolean(), name: z.string() }),
});
export type AppInfo = z.infer<typeof ZAppInfo>;

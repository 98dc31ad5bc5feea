import { z } from 'zod';

/** GET /api/app/info: what the web needs to know about this installation. */
export const ZAppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'outbox' when no SMTP server is configured: mail is kept in the dev outbox. */
  mail: z.enum(['smtp', 'outbox']),
  /** The language model: offline means the built-in responder (no model configured). */
  model: z.object({ offline: z.boolean(), name: z.string() }),
  /** How purchases and subscriptions are paid: Stripe, the in-app sandbox (no money moves), or not at all (PAYMENTS_SANDBOX). */
  payments: z.enum(['stripe', 'sandbox', 'off']),
});
export type AppInfo = z.infer<typeof ZAppInfo>;

import { z } from 'zod';

/** A message kept in the dev outbox (when no SMTP server is configured). */
export const ZOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxList = z.object({ items: z.array(ZOutboxMessage) });

/** A text message kept in the dev outbox of SMS (while no SMS provider is configured). */
export const ZSmsOutboxList = z.object({
  items: z.array(z.object({ id: z.string(), to: z.string(), text: z.string(), createdAt: z.string() })),
});

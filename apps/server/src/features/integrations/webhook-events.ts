import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@app/shared/integrations/schemas';
import type { AppContext } from '../../context';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations';
import { DELIVER_JOB, DELIVERY_MAX_ATTEMPTS } from './webhook-delivery';

/**
 * Queues `event` for every active webhook of `ownerUserId` that subscribed to it: a delivery row
 * and a `webhook.deliver` job each, in one transaction (all or none of them).
 *
 * @example await queueWebhookEvent(app.ctx, bot.createdBy, 'bot.published', { bot: { id, name } });
 */
export async function queueWebhookEvent(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  ownerUserId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const targets = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        and(eq(webhooks.userId, ownerUserId), eq(webhooks.active, true), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`),
      );
    if (targets.length === 0) return 0;
    const rows = await tx
      .insert(webhookDeliveries)
      .values(targets.map((w) => ({ webhookId: w.id, event, payload: data })))
      .returning({ id: webhookDeliveries.id });
    for (const row of rows) await ctx.jobs.enqueue(tx, DELIVER_JOB, { deliveryId: row.id }, { maxAttempts: DELIVERY_MAX_ATTEMPTS });
    return rows.length;
  });
}

/**
 * The webhooks' reactions to the domain events, each sent to the bot owner's webhooks:
 * bot.published / bot.unpublished when a bot's visibility crossed the public line (its public
 * facts, nothing about who acted), bot.deleted, and chat.started (which chat of which bot, never
 * who started it). A failure is the bus's to log; it never reaches the request that published.
 */
export function subscribeWebhooks(ctx: Pick<AppContext, 'db' | 'jobs' | 'events'>): void {
  ctx.events.subscribe('bot.visibility_changed', 'webhooks', async ({ payload }) => {
    const was = payload.from === 'public';
    const is = payload.to === 'public';
    if (was === is) return;
    const data = { bot: { id: payload.botId, name: payload.name, visibility: payload.to } };
    await queueWebhookEvent(ctx, payload.ownerId, is ? 'bot.published' : 'bot.unpublished', data);
  });
  ctx.events.subscribe('bot.deleted', 'webhooks', ({ payload }) =>
    queueWebhookEvent(ctx, payload.ownerId, 'bot.deleted', { bot: { id: payload.botId, name: payload.name } }),
  );
  ctx.events.subscribe('chat.started', 'webhooks', ({ payload }) =>
    queueWebhookEvent(ctx, payload.botOwnerId, 'chat.started', { chatId: payload.chatId, botId: payload.botId }),
  );
}

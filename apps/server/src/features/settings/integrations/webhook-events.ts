import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@app/shared/settings/integrations';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { webhookDeliveries, webhooks } from '../../../db/schema/integrations';
import { DELIVER_JOB, DELIVERY_MAX_ATTEMPTS } from './webhook-delivery';

/**
 * Queues `event` for every active webhook of `ownerUserId` that subscribed to it: a delivery row
 * and a `webhook.deliver` job each, inside the caller's transaction when it passes one (so that a
 * rolled-back change sends nothing). It never makes the caller fail: an error is logged and
 * swallowed, and its statements run in a savepoint so that the caller's transaction stays usable.
 *
 * @example await emitWebhookEvent(app.ctx, bot.createdBy, 'bot.published', { bot: { id, name } }, { log: request.log });
 */
export async function emitWebhookEvent(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  ownerUserId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  opts: { tx?: Executor; log?: { error(obj: object, msg: string): void } } = {},
): Promise<number> {
  try {
    return await (opts.tx ?? ctx.db).transaction(async (tx) => {
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
  } catch (err) {
    opts.log?.error({ err, event, ownerUserId }, 'could not queue webhook deliveries');
    return 0;
  }
}

interface BotLike {
  id: string;
  name: string;
  createdBy: string;
  visibility: string;
}

/** What bot events tell the receiver about the bot: its public facts, nothing about who acted. */
function botData(bot: BotLike) {
  return { bot: { id: bot.id, name: bot.name, visibility: bot.visibility } };
}

/**
 * bot.published when a bot became public, bot.unpublished when it stopped being public; nothing
 * when its visibility did not cross that line. Sent to the bot's owner's webhooks.
 */
export async function emitBotVisibilityChange(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  before: Pick<BotLike, 'visibility'> | null,
  after: BotLike,
  opts: { tx?: Executor; log?: { error(obj: object, msg: string): void } } = {},
): Promise<void> {
  const was = before?.visibility === 'public';
  const is = after.visibility === 'public';
  if (was === is) return;
  await emitWebhookEvent(ctx, after.createdBy, is ? 'bot.published' : 'bot.unpublished', botData(after), opts);
}

/** bot.deleted, to the deleted bot's owner's webhooks. */
export async function emitBotDeleted(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  bot: BotLike,
  opts: { tx?: Executor; log?: { error(obj: object, msg: string): void } } = {},
): Promise<void> {
  await emitWebhookEvent(ctx, bot.createdBy, 'bot.deleted', { bot: { id: bot.id, name: bot.name } }, opts);
}

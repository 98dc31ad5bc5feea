import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  INTEGRATION_ERROR_CODES,
  INTEGRATION_LIMITS,
  INTEGRATION_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
} from '@app/shared/integrations/schemas';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/http-errors';
import { seal } from '../../lib/sealed';
import { attemptDelivery } from './webhook-delivery';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    responseStatus: row.responseStatus,
    responseTimeMs: row.responseTimeMs,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

function toWebhook(row: WebhookRow, lastDelivery: DeliveryRow | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: lastDelivery ? toDelivery(lastDelivery) : null,
  };
}

/** The latest delivery of each of these webhooks. */
async function lastDeliveries(db: Database, ids: string[]): Promise<Map<string, DeliveryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, ids))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
  return new Map(rows.map((r) => [r.webhookId, r]));
}

export async function listWebhooks(db: Database, userId: string): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt));
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWebhook(r, last.get(r.id) ?? null));
}

/** One of the user's webhooks; another user's (or an unknown one) is 404. */
export async function requireWebhook(db: Database, userId: string, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .limit(1);
  if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  return row;
}

/** A new webhook with its signing secret (sealed at rest, answered only here). The user row is locked for the limit. */
export async function createWebhook(
  ctx: Pick<AppContext, 'db' | 'sealKey'>,
  userId: string,
  input: { url: string; events: WebhookEvent[] },
): Promise<WebhookCreated> {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
    if ((existing?.n ?? 0) >= INTEGRATION_LIMITS.webhooksPerUser)
      throw new AppError(409, INTEGRATION_ERROR_CODES.LIMIT_REACHED, INTEGRATION_MESSAGES.webhookLimit);
    const [inserted] = await tx
      .insert(webhooks)
      .values({ userId, url: input.url, events: input.events, secretSealed: seal(ctx.sealKey, secret) })
      .returning();
    return inserted!;
  });
  const { lastDelivery: _none, ...shown } = toWebhook(row, null);
  return { ...shown, secret };
}

export async function updateWebhook(
  db: Database,
  userId: string,
  id: string,
  patch: { url?: string; events?: WebhookEvent[]; active?: boolean },
): Promise<Webhook> {
  const [row] = await db
    .update(webhooks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning();
  if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  const last = await lastDeliveries(db, [row.id]);
  return toWebhook(row, last.get(row.id) ?? null);
}

export async function deleteWebhook(db: Database, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  if (rows.length === 0) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
}

export async function listDeliveries(db: Database, webhookId: string): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(sql`${webhookDeliveries.id}`))
    .limit(INTEGRATION_LIMITS.deliveriesShown);
  return rows.map(toDelivery);
}

/**
 * The test button: a `ping` delivery, logged like any other, sent at once so that the answer
 * tells the user whether their receiver works. It is not retried (the user can press again).
 */
export async function sendTestDelivery(ctx: Pick<AppContext, 'db' | 'sealKey' | 'config'>, webhook: WebhookRow): Promise<WebhookDelivery> {
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      event: WEBHOOK_TEST_EVENT,
      payload: { message: 'This is a test delivery.', webhookId: webhook.id },
    })
    .returning();
  await attemptDelivery(ctx, row!.id, true);
  const [after] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id)).limit(1);
  return toDelivery(after!);
}

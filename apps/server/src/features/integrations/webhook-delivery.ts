import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '@app/shared/integrations/schemas';
import type { AppContext } from '../../context';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations';
import { unseal } from '../../lib/sealed';
import { postPinned } from '../../lib/outbound-post';
import { resolveWebhookTarget, WebhookTargetError } from './webhook-address';

export const DELIVER_JOB = 'webhook.deliver';
/** One first attempt and five retries, with the queue's backoff (30 s, 1, 2, 4, 8 min). */
export const DELIVERY_MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 10_000;
// Only the status matters; a receiver's long answer is not read past this.
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * `X-Webhook-Signature`: `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` under the webhook's
 * secret. Receivers recompute it and also check that the timestamp is recent (replays).
 * @example signPayload('whsec_x', 1700000000, '{"id":"..."}') // 'sha256=5d1c...'
 */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface AttemptResult {
  ok: boolean;
  /** Not sent at all (the webhook was disabled after the event was queued): not worth a retry. */
  skipped?: boolean;
  responseStatus: number | null;
  responseTimeMs: number | null;
  error: string | null;
}

/** One POST to the receiver, to the address checked just before; redirects are not followed. */
async function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<AttemptResult> {
  let target;
  try {
    target = await resolveWebhookTarget(url, allowPrivate);
  } catch (err) {
    return { ok: false, responseStatus: null, responseTimeMs: null, error: err instanceof WebhookTargetError ? err.message : String(err) };
  }
  const result = await postPinned(target.url, target, { ...headers, 'content-type': 'application/json' }, body, {
    timeoutMs: TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });
  return { ok: result.error === null, responseStatus: result.status, responseTimeMs: result.timeMs, error: result.error };
}

/**
 * Makes one attempt of a delivery and records it on its row (attempts, status, response status
 * and time, error). `final` says whether a failure is the last one (no retry follows).
 * Answers null when the delivery or its webhook no longer exists.
 */
export async function attemptDelivery(
  ctx: Pick<AppContext, 'db' | 'sealKey' | 'config'>,
  deliveryId: string,
  final: boolean,
): Promise<AttemptResult | null> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!row || row.delivery.status === 'succeeded') return null;
  const { delivery, webhook } = row;

  let result: AttemptResult;
  if (!webhook.active && delivery.event !== WEBHOOK_TEST_EVENT) {
    // Disabled after the event was queued: not sent, and not retried.
    result = { ok: false, skipped: true, responseStatus: null, responseTimeMs: null, error: 'The webhook is disabled' };
    final = true;
  } else {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: delivery.id,
      event: delivery.event,
      createdAt: delivery.createdAt.toISOString(),
      data: delivery.payload,
    });
    const secret = unsealOrNull(ctx.sealKey, webhook.secretSealed);
    result = !secret
      ? { ok: false, responseStatus: null, responseTimeMs: null, error: 'The signing secret could not be read' }
      : await post(
          webhook.url,
          {
            'user-agent': 'CharaChat-Webhooks/1.0',
            'x-webhook-id': delivery.id,
            'x-webhook-event': delivery.event,
            'x-webhook-timestamp': String(timestamp),
            'x-webhook-signature': signPayload(secret, timestamp, body),
          },
          body,
          ctx.config.webhookAllowPrivate,
        );
  }
  await ctx.db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      status: result.ok ? 'succeeded' : final ? 'failed' : 'pending',
      responseStatus: result.responseStatus,
      responseTimeMs: result.responseTimeMs,
      error: result.error,
      deliveredAt: result.ok ? new Date() : null,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  return result;
}

/** The signing secret, or null when it was sealed under another key (never send a delivery unsigned). */
function unsealOrNull(key: Buffer, sealed: string): string | null {
  try {
    return unseal(key, sealed);
  } catch {
    return null;
  }
}

/** The queue's handler: a failed attempt throws, so that the queue retries it with backoff. */
export function registerDeliveryJob(ctx: AppContext): void {
  ctx.jobs.handle(DELIVER_JOB, async (payload, job) => {
    const deliveryId = String(payload.deliveryId);
    const result = await attemptDelivery(ctx, deliveryId, job.attempts >= job.maxAttempts);
    if (result && !result.ok && !result.skipped) throw new Error(`Webhook delivery ${deliveryId}: ${result.error}`);
  });
}

import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema/settings';
import { postPinned, resolveCheckedAddress } from '../../lib/outbound-post';
import { vapidKeysOf } from './vapid';

/** What the service worker (apps/web/public/sw.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site to open on click. */
  link: string | null;
  tag?: string;
}

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export type PushOutcome = 'sent' | 'gone' | 'failed';

const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Which key of a subscription no message could ever be encrypted for, or null when both are good:
 * p256dh must be a point of the P-256 curve (65 bytes, uncompressed) and auth 16 bytes (RFC 8291).
 * The schema checks only their length in base64url; a wrong point made web-push throw at send time.
 */
export function badPushKey(keys: { p256dh: string; auth: string }): 'p256dh' | 'auth' | null {
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (point.length !== 65 || point[0] !== 0x04) return 'p256dh';
    // Refuses a point that is not on the curve (also the point at infinity).
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(point);
  } catch {
    return 'p256dh';
  }
  return Buffer.from(keys.auth, 'base64url').length === 16 ? null : 'auth';
}

/**
 * Sends one encrypted Web Push message (RFC 8030/8291/8292) to one subscription. web-push builds
 * the request (aes128gcm payload, VAPID Authorization, TTL); postPinned sends it to the checked
 * address, with our timeout. A 404 or 410 means the browser dropped the subscription: it is deleted.
 */
export async function sendPush(ctx: AppContext, subscription: SubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
  // Saved before its keys were checked: nothing can ever be sent to it, so it goes.
  if (badPushKey(subscription)) {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return 'gone';
  }
  const vapid = await vapidKeysOf(ctx);
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  // Checked again at send time and connected to the checked address only: a name that resolved
  // publicly when the browser subscribed may point inside the network now.
  const url = new URL(details.endpoint);
  const target = await resolveCheckedAddress(url.hostname, ctx.config.webhookAllowPrivate);
  if (typeof target === 'string') return 'failed';
  const result = await postPinned(url, target, headers, details.body ?? Buffer.alloc(0), {
    timeoutMs: PUSH_TIMEOUT_MS,
    maxResponseBytes: 64 * 1024,
  });
  // Unreachable or too slow: the subscription may still be good, so it stays.
  if (result.status === null) return 'failed';
  const status = result.status;
  if (status === 404 || status === 410) {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return 'gone';
  }
  return status >= 200 && status < 300 ? 'sent' : 'failed';
}

/**
 * Sends to every subscription of a user; answers how many push services accepted it. `log` (the
 * request's, when there is one) hears of a subscription that failed in an unforeseen way.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  payload: PushPayload,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ sent: number; subscriptions: number }> {
  const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  // One subscription that fails in any way never stops the others.
  const outcomes = await Promise.all(
    rows.map((row) =>
      sendPush(ctx, row, payload).catch((err: unknown): PushOutcome => {
        log?.warn({ err, subscriptionId: row.id }, 'a push could not be sent');
        return 'failed';
      }),
    ),
  );
  return { sent: outcomes.filter((o) => o === 'sent').length, subscriptions: rows.length };
}

import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import {
  NOTIFICATION_MESSAGES,
  ZInAppNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationParams,
  ZNotificationsCleared,
  ZNotificationTestBody,
  ZNotificationTestResult,
  ZPushPublicKey,
  ZPushSubscribed,
  ZPushSubscriptionBody,
  ZPushUnsubscribeBody,
  ZTimeZone,
  ZTimeZoneBody,
  ZUnreadCount,
} from '@app/shared/notifications/schemas';
import { ZNotificationSettings } from '@app/shared/notifications/settings';
import { pushSubscriptions, userSettings } from '../../db/schema/settings';
import { hostReachesBlockedAddress } from '../../lib/blocked-addresses';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-errors';
import { Limiter } from '../../lib/limiter';
import { requireAuth } from '../../plugins/auth';
import { registerSectionRoutes, userLanguage } from '../account';
import { DIGEST_JOB, DIGEST_SCAN_EVERY_MS, scanDueDigests, sendDigest, type DigestPayload } from './digest';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  toInAppNotification,
  unreadCountOf,
} from './inbox';
import { subscribeNotifications } from './events';
import { TEST_NOTIFICATION, testMail } from './mail-templates';
import { FAN_OUT_JOB, runFanOut, type FanOutPayload } from './fan-out';
import { addInAppNotification, DELIVER_JOB, deliverNotification, pruneNoticeClaims, type DeliverPayload } from './notify';
import { badPushKey, pushToUser } from './push';
import { vapidKeysOf } from './vapid';

const tags = ['settings'];

/** The host of an endpoint; one that does not parse counts as private (refused). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return 'localhost';
  }
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Test sends reach a real inbox or device: a few a minute is plenty for checking a channel. */
const TEST_SENDS_PER_MINUTE = 10;

/**
 * Notification settings (settings-and-referrals.md §2, §3, §7), the in-app bell, test sends on each
 * channel (in-app, email, Web Push), push subscriptions, the digest's time zone, and the digest and
 * delivery jobs. Registered under /api/user.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  subscribeNotifications(ctx);
  const testLimiter = new Limiter({
    redis: ctx.redis,
    keyPrefix: `${ctx.config.redisPrefix}notification-test`,
    points: TEST_SENDS_PER_MINUTE,
    durationSeconds: 60,
  });

  ctx.jobs.handle(DELIVER_JOB, (payload) => deliverNotification(ctx, payload as unknown as DeliverPayload));
  ctx.jobs.handle(DIGEST_JOB, async (payload) => {
    await sendDigest(ctx, payload as unknown as DigestPayload);
  });
  ctx.jobs.every('notification-digests', DIGEST_SCAN_EVERY_MS, () => scanDueDigests(ctx));
  ctx.jobs.handle(FAN_OUT_JOB, async (payload) => {
    await runFanOut(ctx, payload as unknown as FanOutPayload);
  });
  ctx.jobs.every('notification-claims-prune', 24 * 60 * 60_000, () => pruneNoticeClaims(db));

  // ——— Settings ———

  const settingsConfig = { access: 'user' as const, failureMessage: SETTINGS_FAILURES.notifications };
  registerSectionRoutes(app, {
    section: 'notifications',
    answer: ZNotificationSettings,
    failureMessage: SETTINGS_FAILURES.notifications,
    tags,
    getSummary: 'Notification settings',
    patchSummary: 'Change notification settings (merges what it is given)',
  });

  app.get(
    '/time-zone',
    {
      config: settingsConfig,
      schema: { tags, summary: 'The time zone in which the digest time is read', response: { 200: ZTimeZone } },
    },
    async (request) => {
      const [row] = await db
        .select({ timeZone: userSettings.timeZone })
        .from(userSettings)
        .where(eq(userSettings.userId, requireAuth(request).user.id))
        .limit(1);
      return { timeZone: row?.timeZone ?? 'UTC' };
    },
  );
  app.put(
    '/time-zone',
    {
      config: settingsConfig,
      schema: { tags, summary: "Set the digest's time zone (an IANA name)", body: ZTimeZoneBody, response: { 200: ZTimeZone } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { timeZone } = request.body;
      await db.insert(userSettings).values({ userId, timeZone }).onConflictDoUpdate({ target: userSettings.userId, set: { timeZone } });
      return { timeZone };
    },
  );

  // ——— Test sends ———

  app.post(
    '/notifications/test',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.testNotification },
      schema: {
        tags,
        summary: 'Send a test notification on one channel',
        body: ZNotificationTestBody,
        response: { 200: ZNotificationTestResult },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const wait = await testLimiter.hit(user.id);
      if (wait > 0) throw tooManyRequests('Too many test notifications, please try again later', wait);
      const { type } = request.body;
      const language = await userLanguage(db, user.id);
      if (type === 'inApp') {
        await addInAppNotification(db, user.id, { type: 'test', ...TEST_NOTIFICATION[language], words: TEST_NOTIFICATION, link: null });
        return { sent: 1 };
      }
      if (type === 'email') {
        await ctx.mailer.send(testMail(user.email, ctx.config.publicUrl, language));
        return { sent: 1 };
      }
      const { sent, subscriptions } = await pushToUser(
        ctx,
        user.id,
        {
          ...TEST_NOTIFICATION[language],
          link: '/settings/notifications',
          tag: 'test',
        },
        request.log,
      );
      if (subscriptions === 0) throw conflict('PUSH_NOT_SUBSCRIBED', NOTIFICATION_MESSAGES.pushNotSubscribed);
      if (sent === 0) {
        // Every push service refused or was unreachable (gone subscriptions are deleted by then).
        const left = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
        if (left.length === 0) throw conflict('PUSH_NOT_SUBSCRIBED', NOTIFICATION_MESSAGES.pushNotSubscribed);
        throw new AppError(502, 'PUSH_FAILED', SETTINGS_FAILURES.testNotification);
      }
      return { sent };
    },
  );

  // ——— Web Push subscriptions ———

  app.get(
    '/push/public-key',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The server's VAPID public key for PushManager.subscribe", response: { 200: ZPushPublicKey } },
    },
    async () => ({ publicKey: (await vapidKeysOf(ctx)).publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.notifications },
      schema: {
        tags,
        summary: "Save this browser's push subscription (by endpoint)",
        body: ZPushSubscriptionBody,
        response: { 200: ZPushSubscribed },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { endpoint, keys } = request.body;
      // The server POSTs to this address: never to this network unless the configuration allows it.
      if (!ctx.config.webhookAllowPrivate && (await hostReachesBlockedAddress(hostOf(endpoint)))) {
        throw badRequest(NOTIFICATION_MESSAGES.pushEndpointInvalid, 'endpoint');
      }
      const badKey = badPushKey(keys);
      if (badKey) throw badRequest(NOTIFICATION_MESSAGES.pushKeysInvalid, `keys.${badKey}`);
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300);
      // One browser, one subscription: a browser that another account used now belongs to this one.
      await db
        .insert(pushSubscriptions)
        .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: keys.p256dh, auth: keys.auth, userAgent } });
      return { subscribed: true };
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.notifications },
      schema: { tags, summary: "Forget this browser's push subscription", body: ZPushUnsubscribeBody, response: { 200: ZPushSubscribed } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, request.body.endpoint)))
        .returning({ id: pushSubscriptions.id });
      if (rows.length === 0) throw notFound(NOTIFICATION_MESSAGES.subscriptionNotFound);
      return { subscribed: false };
    },
  );

  // ——— The in-app bell ———

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My in-app notifications, newest first, with the unread count',
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList },
      },
    },
    async (request) => listNotifications(db, requireAuth(request).user.id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    { config: { access: 'user' }, schema: { tags, summary: 'How many of my notifications are unread', response: { 200: ZUnreadCount } } },
    async (request) => ({ unreadCount: await unreadCountOf(db, requireAuth(request).user.id) }),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: { 200: z.object({ updated: z.number().int(), unreadCount: z.number().int() }) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const updated = await markAllRead(db, userId);
      return { updated, unreadCount: await unreadCountOf(db, userId) };
    },
  );

  app.delete(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Clear my bell: delete all my notifications (the bell's Clear all)",
        response: { 200: ZNotificationsCleared },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const deleted = await clearNotifications(db, userId);
      return { deleted, unreadCount: await unreadCountOf(db, userId) };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mark one of my notifications read', params: ZNotificationParams, response: { 200: ZInAppNotification } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const row = UUID.test(id) ? await markRead(db, userId, id) : null;
      if (!row) throw notFound(NOTIFICATION_MESSAGES.notificationNotFound);
      return toInAppNotification(row, await userLanguage(db, userId));
    },
  );

  app.delete(
    '/notifications/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Delete one of my notifications', params: ZNotificationParams },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      if (!UUID.test(id) || !(await deleteNotification(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notificationNotFound);
      return reply.code(204).send();
    },
  );
};

import { eq } from 'drizzle-orm';
import { EVENT_SWITCHES, type NotificationEvent } from '@app/shared/notifications/schemas';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { readSection } from '../account';
import { notificationMail } from './mail-templates';
import { pushToUser } from './push';

export interface NotificationInput {
  event: NotificationEvent;
  title: string;
  body: string;
  /** A path of this site ('/profile/ann'), or null. */
  link: string | null;
}

/** The job that sends a notification's email and push after the request that caused it. */
export const DELIVER_JOB = 'notification-deliver';

export interface DeliverPayload extends NotificationInput {
  userId: string;
  /** One job per channel, so that a retry of a failed email does not push twice. */
  channel: 'email' | 'push';
}

/** Adds a row to the user's bell. */
export async function addInAppNotification(
  db: Executor,
  userId: string,
  n: { type: string; title: string; body: string; link: string | null },
) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: n.type, title: n.title.slice(0, 200), body: n.body.slice(0, 1000), link: n.link })
    .returning();
  return row!;
}

/**
 * Tells a user about an event on the channels their notification settings allow: the bell at once
 * (in-app switch of the event), email and Web Push through a queued job (each channel's master
 * switch and the event's switch), so that the request that caused it does not wait for a mail
 * server or a push service. Answers which channels it used.
 *
 * @example await notifyUser(app.ctx, followee.id, { event: 'newFollower', title: 'Ann followed you', body: '', link: '/profile/ann' })
 */
export async function notifyUser(
  ctx: AppContext,
  userId: string,
  n: NotificationInput,
): Promise<{ inApp: boolean; email: boolean; push: boolean }> {
  const settings = await readSection(ctx.db, userId, 'notifications');
  const switches = EVENT_SWITCHES[n.event];
  const inApp = switches.inApp === 'always' || (switches.inApp !== null && settings.inApp[switches.inApp]);
  const email = switches.email !== null && settings.email.enabled && settings.email[switches.email];
  const push = switches.push !== null && settings.push.enabled && settings.push[switches.push];
  if (inApp) await addInAppNotification(ctx.db, userId, { type: n.event, title: n.title, body: n.body, link: n.link });
  for (const channel of [email ? 'email' : null, push ? 'push' : null] as const) {
    if (!channel) continue;
    const payload: DeliverPayload = { ...n, userId, channel };
    await ctx.jobs.enqueue(ctx.db, DELIVER_JOB, { ...payload }, { maxAttempts: 3 });
  }
  return { inApp, email, push };
}

/** The queued half of notifyUser: the email and the pushes. */
export async function deliverNotification(ctx: AppContext, payload: DeliverPayload): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, payload.userId)).limit(1);
  if (!user) return; // The account is gone: nothing to deliver.
  if (payload.channel === 'push') {
    await pushToUser(ctx, payload.userId, { title: payload.title, body: payload.body, link: payload.link, tag: payload.event });
  } else {
    await ctx.mailer.send(notificationMail(user.email, ctx.config.publicUrl, payload));
  }
}

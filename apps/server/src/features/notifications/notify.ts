import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Language } from '@app/shared/app/constants';
import { EVENT_SWITCHES, KIND_EVENT, type NotificationKind } from '@app/shared/notifications/schemas';
import type { NotificationSettings } from '@app/shared/notifications/settings';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { jobRuns } from '../../db/schema/chats';
import { notifications, userSettings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { languageOf, withDefaults } from '../account';
import { notificationMail } from './mail-templates';
import { pushToUser } from './push';

export type { Language };
export interface Words {
  title: string;
  body: string;
}

/**
 * One thing to tell a user. `key` names the source event's fact (the follow, the purchase, the
 * broadcast, the message): a second notice with the same kind and key, from a retried or repeated
 * event, tells nothing more on any channel.
 */
export interface Notice {
  kind: Exclude<NotificationKind, 'test'>;
  key: string;
  /** The words in each interface language; the user's appearance language picks. */
  words: Record<Language, Words>;
  /** A path of this site ('/profile/ann'), or null. */
  link: string | null;
}

/** The job that sends a notification's email and push after the request that caused it. */
export const DELIVER_JOB = 'notification-deliver';

export interface DeliverPayload extends Words {
  userId: string;
  event: NotificationKind;
  link: string | null;
  /** One job per channel, so that a retry of a failed email does not push twice. */
  channel: 'email' | 'push';
  /** The notice's kind and key: the push's tag, so that one notice shows once on a device. */
  tag?: string;
  /** The recipient's interface language, of the mail's own words (jobs queued before it: English). */
  language?: Language;
}

/** The claims of notices (job_runs rows of this job) that prove "told once"; kept this long, far past any retry of an event. */
const CLAIM_JOB = 'notification';
const CLAIM_KEEP_DAYS = 30;
/** Users told per transaction in a fan-out (a broadcast, a bot's favoriters). */
export const NOTIFY_BATCH = 500;

/** Words cut to what a bell row keeps. */
const clipped = (w: Words): Words => ({ title: w.title.slice(0, 200), body: w.body.slice(0, 1000) });
/** Both languages' words for a row, or null when they are the same (a broadcast): the row's own title and body say it. */
const bothClipped = (w: Record<Language, Words>) =>
  w.en.title === w.ru.title && w.en.body === w.ru.body ? null : { en: clipped(w.en), ru: clipped(w.ru) };

/** Adds a row to the user's bell (the settings' test send: no event, no key), with its words in each language if it has them. */
export async function addInAppNotification(
  db: Executor,
  userId: string,
  n: { type: string; title: string; body: string; words?: Record<Language, Words>; link: string | null },
) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: n.type, ...clipped(n), words: n.words && bothClipped(n.words), link: n.link })
    .returning();
  return row!;
}

interface Recipient {
  userId: string;
  settings: NotificationSettings;
  language: Language;
}

/** The channels that a user's settings open to a kind: the event's switch of each, and the master switches of email and push. */
export function channelsFor(kind: NotificationKind, settings: NotificationSettings): { inApp: boolean; email: boolean; push: boolean } {
  const event = KIND_EVENT[kind];
  if (!event) return { inApp: true, email: false, push: false };
  const s = EVENT_SWITCHES[event];
  return {
    inApp: s.inApp === 'always' || (s.inApp !== null && settings.inApp[s.inApp]),
    email: s.email !== null && settings.email.enabled && settings.email[s.email],
    push: s.push !== null && settings.push.enabled && settings.push[s.push],
  };
}

async function recipientsOf(db: Executor, userIds: string[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, notifications: userSettings.notifications, appearance: userSettings.appearance })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, userIds));
  return rows.map((r) => ({
    userId: r.userId,
    settings: withDefaults('notifications', r.notifications ?? undefined),
    language: languageOf(r.appearance),
  }));
}

/**
 * Tells users about one fact on the channels each one's settings allow: the bell at once (the
 * kind's in-app switch), email and Web Push through queued jobs (each channel's master switch and
 * the kind's switch), so that the event that caused it never waits for a mail server or a push
 * service. Once per user and notice: each is claimed (job_runs, `notification`, user:kind:key) in
 * the transaction that writes the row and queues the jobs, so a repeated event, or the same one
 * handled twice at once, finds the claim and does nothing, whichever channels are on. The bell's
 * rows are announced (`notification.created`) once committed. Answers the users told.
 *
 * @example await notifyUsers(ctx, [followeeId], { kind: 'newFollower', key: followerId, words, link: '/profile/ann' })
 */
export async function notifyUsers(ctx: AppContext, userIds: string[], notice: Notice): Promise<string[]> {
  const told: string[] = [];
  for (let i = 0; i < userIds.length; i += NOTIFY_BATCH) {
    const batch = [...new Set(userIds.slice(i, i + NOTIFY_BATCH))];
    const recipients = await recipientsOf(ctx.db, batch);
    if (recipients.length === 0) continue;
    const created = await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(jobRuns)
        .values(recipients.map((r) => ({ job: CLAIM_JOB, key: `${r.userId}:${notice.kind}:${notice.key}` })))
        .onConflictDoNothing()
        .returning({ key: jobRuns.key });
      const fresh = new Set(claimed.map((c) => c.key.slice(0, c.key.indexOf(':'))));
      const rows: { id: string; userId: string }[] = [];
      const inApp = [];
      for (const r of recipients) {
        if (!fresh.has(r.userId)) continue;
        told.push(r.userId);
        const channels = channelsFor(notice.kind, r.settings);
        const words = notice.words[r.language];
        if (channels.inApp) {
          inApp.push({
            userId: r.userId,
            type: notice.kind,
            ...clipped(words),
            words: bothClipped(notice.words),
            link: notice.link,
            dedupeKey: `${notice.kind}:${notice.key}`,
          });
        }
        for (const channel of [channels.email ? 'email' : null, channels.push ? 'push' : null] as const) {
          if (!channel) continue;
          const payload: DeliverPayload = {
            ...words,
            userId: r.userId,
            event: notice.kind,
            link: notice.link,
            channel,
            tag: `${notice.kind}:${notice.key}`.slice(0, 64),
            language: r.language,
          };
          await ctx.jobs.enqueue(tx, DELIVER_JOB, { ...payload }, { maxAttempts: 3 });
        }
      }
      if (inApp.length > 0) {
        rows.push(
          ...(await tx
            .insert(notifications)
            .values(inApp)
            .onConflictDoNothing()
            .returning({ id: notifications.id, userId: notifications.userId })),
        );
      }
      return rows;
    });
    for (const row of created) {
      await ctx.events.publish('notification.created', { userId: row.userId, notificationId: row.id, type: notice.kind });
    }
  }
  return told;
}

/** One user: see notifyUsers. Answers whether they were told now (false: already told, or no such user). */
export async function notifyUser(ctx: AppContext, userId: string, notice: Notice): Promise<boolean> {
  return (await notifyUsers(ctx, [userId], notice)).length > 0;
}

/** Forgets the claims older than the retries of any event (a daily job). */
export async function pruneNoticeClaims(db: Executor, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CLAIM_KEEP_DAYS * 86_400_000);
  const rows = await db
    .delete(jobRuns)
    .where(and(eq(jobRuns.job, CLAIM_JOB), lt(jobRuns.finishedAt, before)))
    .returning({ key: jobRuns.key });
  return rows.length;
}

/** The queued half of a notice: the email and the pushes. */
export async function deliverNotification(ctx: AppContext, payload: DeliverPayload): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, payload.userId)).limit(1);
  if (!user) return; // The account is gone: nothing to deliver.
  if (payload.channel === 'push') {
    await pushToUser(ctx, payload.userId, {
      title: payload.title,
      body: payload.body,
      link: payload.link,
      tag: payload.tag ?? payload.event,
    });
  } else {
    await ctx.mailer.send(notificationMail(user.email, ctx.config.publicUrl, payload, payload.language));
  }
}

/** The same words in both languages (an admin's broadcast is written once). */
export const sameWords = (w: Words): Record<Language, Words> => ({ en: w, ru: w });

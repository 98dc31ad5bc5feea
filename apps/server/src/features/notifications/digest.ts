import { and, avg, type Column, count, desc, eq, gte, inArray, isNull, lt, ne, notExists, sql, sum } from 'drizzle-orm';
import { mergeSection } from '@app/shared/account/sections';
import { DEFAULT_NOTIFICATIONS, ZNotificationSettings } from '@app/shared/notifications/settings';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { botLogs, botRatings, chatMessages, chats, jobRuns } from '../../db/schema/chats';
import { ledgerEntries } from '../../db/schema/ledger';
import { notifications, userSettings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { digestDue, digestPeriodKey, digestWindowStart, type DigestFrequency } from './digest-schedule';
import { digestMail, type DigestNotice, type DigestRecommendation, type DigestStats } from './mail-templates';
import { languageOf } from '../account';
import type { Language } from './notify';

export const DIGEST_JOB = 'notification-digest';
/** How often each instance looks for due digests; the chosen times are on the hour, so a digest leaves within this of it. */
export const DIGEST_SCAN_EVERY_MS = 5 * 60_000;
const RECOMMENDATIONS = 3;

export interface DigestPayload {
  userId: string;
  periodKey: string;
  frequency: DigestFrequency;
}

/**
 * Finds the users whose digest is due now and enqueues one job per user and period. Safe in every
 * instance at once: the queue's dedupe key keeps one waiting job per period, and the job itself
 * sends a period once (job_runs). Answers how many it enqueued.
 */
export async function scanDueDigests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  // Only a user who saved digest.enabled = true can have it on (the default is off).
  const rows = await ctx.db
    .select({
      userId: userSettings.userId,
      notifications: userSettings.notifications,
      lastDigestAt: userSettings.lastDigestAt,
      timeZone: userSettings.timeZone,
    })
    .from(userSettings)
    .where(sql`${userSettings.notifications} -> 'digest' ->> 'enabled' = 'true'`);
  let enqueued = 0;
  for (const row of rows) {
    const parsed = ZNotificationSettings.safeParse(mergeSection(DEFAULT_NOTIFICATIONS, row.notifications));
    if (!parsed.success || !parsed.data.digest.enabled) continue;
    const { frequency, time } = parsed.data.digest;
    const { due, periodKey } = digestDue({ now, timeZone: row.timeZone, frequency, time, lastDigestAt: row.lastDigestAt });
    if (!due) continue;
    const payload: DigestPayload = { userId: row.userId, periodKey, frequency };
    const id = await ctx.jobs.enqueue(
      ctx.db,
      DIGEST_JOB,
      { ...payload },
      { dedupeKey: `digest:${row.userId}:${periodKey}`, maxAttempts: 3 },
    );
    if (id) enqueued += 1;
  }
  return enqueued;
}

/** The user's figures since `since`: their own chats and messages, their characters' audience, their tokens. */
export async function digestStats(db: Executor, userId: string, since: Date, until: Date): Promise<DigestStats> {
  const mine = db.select({ id: bots.id }).from(bots).where(eq(bots.createdBy, userId));
  const window = (column: Column) => and(gte(column, since), lt(column, until));
  const [[chatsStarted], [messagesSent], [botChats], [botMessages], [ratings], [spent]] = await Promise.all([
    db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.userId, userId), window(chats.createdAt))),
    db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .where(and(eq(chats.userId, userId), eq(chatMessages.role, 'user'), eq(chatMessages.copied, false), window(chatMessages.createdAt))),
    db
      .select({ n: count() })
      .from(botLogs)
      .where(and(inArray(botLogs.botId, mine), eq(botLogs.action, 'chat_started'), window(botLogs.createdAt))),
    db
      .select({ n: count() })
      .from(botLogs)
      .where(and(inArray(botLogs.botId, mine), eq(botLogs.action, 'message'), window(botLogs.createdAt))),
    db
      .select({ n: count(), average: avg(botRatings.rating) })
      .from(botRatings)
      .where(and(inArray(botRatings.botId, mine), window(botRatings.createdAt))),
    db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, userId),
          eq(ledgerEntries.currency, 'tokens'),
          lt(ledgerEntries.amount, 0),
          window(ledgerEntries.createdAt),
        ),
      ),
  ]);
  return {
    chatsStarted: chatsStarted?.n ?? 0,
    messagesSent: messagesSent?.n ?? 0,
    botChats: botChats?.n ?? 0,
    botMessages: botMessages?.n ?? 0,
    botRatings: ratings?.n ?? 0,
    botAverageRating: ratings?.average == null ? null : Number(ratings.average),
    tokensSpent: Math.abs(Number(spent?.total ?? 0)),
  };
}

/** The most popular public characters of others that the user has not chatted with yet. */
export async function digestRecommendations(db: Executor, userId: string, limit = RECOMMENDATIONS): Promise<DigestRecommendation[]> {
  const rows = await db
    .select({ id: bots.id, name: bots.name, description: bots.description })
    .from(bots)
    .where(
      and(
        eq(bots.visibility, 'public'),
        eq(bots.isActive, true),
        ne(bots.createdBy, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(chats)
            .where(and(eq(chats.botId, bots.id), eq(chats.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(bots.popularity), desc(bots.totalChats), desc(bots.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, description: r.description.length > 140 ? `${r.description.slice(0, 139)}…` : r.description }));
}

/** How many of the period's unread notifications a digest lists. */
const DIGEST_NOTICES = 10;

/** The user's notifications of the window still unread, newest first: every kind the bell has. */
export async function digestNotices(db: Executor, userId: string, since: Date, until: Date, language: Language): Promise<DigestNotice[]> {
  const rows = await db
    .select({ title: notifications.title, body: notifications.body, words: notifications.words, link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        gte(notifications.createdAt, since),
        lt(notifications.createdAt, until),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(DIGEST_NOTICES);
  return rows.map((r) => ({ ...(r.words?.[language] ?? { title: r.title, body: r.body }), link: r.link }));
}

/**
 * Sends one digest for one period, once: the period is claimed in job_runs first (a second job for
 * it, from another instance's scan, finds it taken and stops), and given back if the mail fails so
 * that the retry can send it.
 */
export async function sendDigest(ctx: AppContext, payload: DigestPayload, now: Date = new Date()): Promise<'sent' | 'skipped'> {
  const [row] = await ctx.db
    .select({
      email: users.email,
      displayName: users.displayName,
      notifications: userSettings.notifications,
      timeZone: userSettings.timeZone,
      lastDigestAt: userSettings.lastDigestAt,
      appearance: userSettings.appearance,
    })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, payload.userId))
    .limit(1);
  if (!row) return 'skipped';
  const parsed = ZNotificationSettings.safeParse(mergeSection(DEFAULT_NOTIFICATIONS, row.notifications));
  if (!parsed.success || !parsed.data.digest.enabled) return 'skipped';
  if (row.lastDigestAt && digestPeriodKey(row.lastDigestAt, row.timeZone, payload.frequency) === payload.periodKey) return 'skipped';

  const runKey = `${payload.userId}:${payload.periodKey}`;
  const claimed = await ctx.db.insert(jobRuns).values({ job: DIGEST_JOB, key: runKey }).onConflictDoNothing().returning();
  if (claimed.length === 0) return 'skipped';
  try {
    const { digest } = parsed.data;
    const since = digestWindowStart(now, payload.frequency);
    const language = languageOf(row.appearance);
    const [stats, recommendations, notices] = await Promise.all([
      digest.includeStats ? digestStats(ctx.db, payload.userId, since, now) : null,
      digest.includeRecommendations ? digestRecommendations(ctx.db, payload.userId) : null,
      digestNotices(ctx.db, payload.userId, since, now, language),
    ]);
    await ctx.mailer.send(
      digestMail(
        row.email,
        ctx.config.publicUrl,
        { displayName: row.displayName, frequency: payload.frequency, stats, recommendations, notices },
        language,
      ),
    );
  } catch (err) {
    await ctx.db.delete(jobRuns).where(and(eq(jobRuns.job, DIGEST_JOB), eq(jobRuns.key, runKey)));
    throw err;
  }
  await ctx.db.update(userSettings).set({ lastDigestAt: now }).where(eq(userSettings.userId, payload.userId));
  return 'sent';
}

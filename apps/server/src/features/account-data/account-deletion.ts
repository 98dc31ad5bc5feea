import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_DELETION_DAYS } from '@app/shared/settings/messages';
import type { Executor } from '../../db/client';
import { bots, botVersions } from '../../db/schema/bots';
import { botRatings } from '../../db/schema/chats';
import { jobs } from '../../db/schema/jobs';
import { personas } from '../../db/schema/personas';
import { users } from '../../db/schema/users';
import type { FileStorage } from '../../lib/storage';
import { userLanguage } from '../account';
import { deleteAvatarFile } from '../bots';
import { exportHandlesOf } from './export-files';
import { goodbyeMail } from './goodbye-mail';

/** The queued job that deletes one account on its date; its dedupe key is the user id. */
export const ACCOUNT_DELETION_JOB = 'account-deletion';

const DAY_MS = 86_400_000;

/**
 * Schedules the deletion ACCOUNT_DELETION_DAYS from now (§4), with a queued job on that date.
 * Asking again while a deletion is pending keeps the first date: a second click must not move it.
 * Answers the date it takes effect.
 */
export async function scheduleAccountDeletion(app: FastifyInstance, userId: string, now = new Date()): Promise<Date> {
  return app.ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ scheduled: users.scheduledDeletionAt }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (user?.scheduled) return user.scheduled;
    const date = new Date(now.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);
    await tx.update(users).set({ deletionRequestedAt: now, scheduledDeletionAt: date }).where(eq(users.id, userId));
    await app.ctx.jobs.enqueue(tx, ACCOUNT_DELETION_JOB, { userId }, { runAt: date, dedupeKey: userId, maxAttempts: 10 });
    return date;
  });
}

/** Cancels a pending deletion (§4: clears both the request and the date) and drops its queued job. */
export async function cancelAccountDeletion(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ deletionRequestedAt: null, scheduledDeletionAt: null }).where(eq(users.id, userId));
  await dropQueuedDeletion(db, userId);
}

/**
 * A waiting deletion job is removed, so that a later schedule queues a new one for its own date.
 * One already running finds no date on the user and does nothing (see deleteDueAccount).
 */
async function dropQueuedDeletion(db: Executor, userId: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, ACCOUNT_DELETION_JOB), eq(jobs.dedupeKey, userId), eq(jobs.status, 'queued')));
}

/**
 * Deletes an account now: the one path of the immediate deletion, the queued job and the sweep.
 * Idempotent (an account already gone answers false). The users row's delete cascades to every
 * table that holds the user's data: sessions and their tokens (so every access and refresh token
 * fails at once), settings, two-factor, API keys, webhooks, wallets and ledger, notifications,
 * follows, favourites, ratings, chats with their messages, and the user's bots, public ones
 * included, with the chats other users had with them (bot logs keep no user: set null). Versions
 * the user wrote on other creators' bots stay in those histories, credited to each bot's owner.
 * Files go after the rows: the user's avatar, their bots' avatars when nothing else shows them,
 * and their export archives. The email is then free for a new account, and a goodbye mail is sent.
 */
export async function deleteAccountNow(
  app: FastifyInstance,
  exportStorage: FileStorage,
  userId: string,
  /** Set by the job and the sweep: delete only if a deletion is still scheduled on or before this date. */
  dueBy?: Date,
): Promise<boolean> {
  const { db } = app.ctx;
  const [user] = await db
    .select({ email: users.email, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return false;
  const botAvatars = (await db.select({ url: bots.avatarUrl }).from(bots).where(eq(bots.createdBy, userId))).map((b) => b.url);
  const personaAvatars = (await db.select({ url: personas.avatarUrl }).from(personas).where(eq(personas.ownerId, userId))).map(
    (p) => p.url,
  );
  const exportFiles = await exportHandlesOf(db, userId);
  // Read before the settings go with the account: the goodbye is written in the user's language.
  const language = await userLanguage(db, userId);

  const deleted = await db.transaction(async (tx) => {
    // The row stays locked to the end: a cancellation that comes now waits, and one that came
    // since the caller looked at the date is seen here (nothing is written then).
    const [locked] = await tx.select({ scheduled: users.scheduledDeletionAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!locked) return false;
    if (dueBy && (!locked.scheduled || locked.scheduled > dueBy)) return false;
    // Other creators' bots that this user rated: their average and count come from the ratings left.
    const rated = (
      await tx
        .select({ botId: botRatings.botId })
        .from(botRatings)
        .innerJoin(bots, eq(bots.id, botRatings.botId))
        .where(and(eq(botRatings.userId, userId), sql`${bots.createdBy} <> ${userId}`))
    ).map((r) => r.botId);
    // Versions this user wrote as a collaborator on other creators' bots would go with the account
    // (author_id cascades) and tear holes in those bots' histories: they pass to each bot's owner.
    await tx
      .update(botVersions)
      .set({ authorId: sql`(select b.created_by from ${bots} b where b.id = ${botVersions.botId})` })
      .where(
        and(
          eq(botVersions.authorId, userId),
          sql`exists (select 1 from ${bots} b where b.id = ${botVersions.botId} and b.created_by <> ${userId})`,
        ),
      );
    const gone = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (gone.length === 0) return false;
    await dropQueuedDeletion(tx, userId);
    if (rated.length > 0) {
      await tx
        .update(bots)
        .set({
          avgRating: sql`(select round(avg(r.rating)::numeric, 2)::real from ${botRatings} r where r.bot_id = ${bots.id})`,
          ratingCount: sql`(select count(*)::int from ${botRatings} r where r.bot_id = ${bots.id})`,
        })
        .where(inArray(bots.id, rated));
    }
    return true;
  });
  if (!deleted) return false;
  // Its sessions went with the row: no instance may answer for them from its cache any longer.
  await app.ctx.events.publish('session.revoked', { userId, sessionId: null });

  for (const url of [user.avatarUrl, ...botAvatars, ...personaAvatars]) await deleteAvatarFile(app, url);
  for (const handle of exportFiles) {
    await exportStorage.delete(handle).catch((err: unknown) => app.log.warn({ err }, 'could not delete an export file'));
  }
  try {
    await app.ctx.mailer.send(goodbyeMail(user.email, user.displayName, language));
  } catch (err) {
    // The account is gone whatever the mail does; a retry would find nothing to delete.
    app.log.warn({ err }, 'could not send the goodbye mail');
  }
  app.log.info({ userId }, 'account deleted');
  return true;
}

/**
 * The queued job and the sweep: deletes the account only if its deletion is still scheduled and
 * the date has come (a cancelled or moved deletion makes an old job a no-op).
 */
export async function deleteDueAccount(app: FastifyInstance, exportStorage: FileStorage, userId: string, now = new Date()) {
  const [user] = await app.ctx.db.select({ scheduled: users.scheduledDeletionAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.scheduled || user.scheduled > now) return false;
  return deleteAccountNow(app, exportStorage, userId, now);
}

/** The safety net of the queued jobs (a lost job, a restored backup): every account whose date has passed. */
export async function sweepDueAccounts(app: FastifyInstance, exportStorage: FileStorage, now = new Date()): Promise<number> {
  let count = 0;
  for (;;) {
    const due = await app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.scheduledDeletionAt), lte(users.scheduledDeletionAt, now)))
      .limit(50);
    if (due.length === 0) return count;
    for (const { id } of due) if (await deleteDueAccount(app, exportStorage, id, now)) count += 1;
  }
}

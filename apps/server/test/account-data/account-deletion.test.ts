import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import type { DataExportResult, DeleteAccountResult } from '@app/shared/account-data/schemas';
import type { DataSettingsAnswer } from '@app/shared/account-data/settings';
import { sessions } from '../../src/db/schema/auth';
import { bots, botVersions } from '../../src/db/schema/bots';
import { chats } from '../../src/db/schema/chats';
import { dataExports, jobs } from '../../src/db/schema/jobs';
import { mailOutbox } from '../../src/db/schema/mail';
import { users } from '../../src/db/schema/users';
import { deleteDueAccount } from '../../src/features/account-data/account-deletion';
import { createExportStorage } from '../../src/features/account-data/export-files';
import { STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, getSession, latestMailTo, login, refreshWithBody } from '../helpers/auth';
import { createBot, multipart } from '../bots/helpers';
import { as, createDataTestApp } from './helpers';

const DAY_MS = 86_400_000;

describe('account deletion', () => {
  let t: TestApp & { dataDir: string };
  beforeAll(async () => {
    t = await createDataTestApp();
  });
  afterAll(() => t.close());

  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const deletionJobs = (userId: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'account-deletion'), eq(jobs.dedupeKey, userId)));
  const dataSettings = async (session: Session) => (await as(t, session, 'GET', '/api/user/settings/data')).json() as DataSettingsAnswer;
  const schedule = async (session: Session) => {
    const res = await as(t, session, 'DELETE', '/api/user/account', { immediateDelete: false });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeleteAccountResult;
  };
  /** Moves a scheduled deletion (and its queued job) into the past, as 30 days of waiting would. */
  const passTheDate = async (userId: string) => {
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(users).set({ scheduledDeletionAt: past }).where(eq(users.id, userId));
    await t.database.db
      .update(jobs)
      .set({ runAt: past })
      .where(and(eq(jobs.kind, 'account-deletion'), eq(jobs.dedupeKey, userId)));
  };

  describe('bad input', () => {
    it.each([
      ['no body', undefined],
      ['no immediateDelete', {}],
      ['a string for immediateDelete', { immediateDelete: 'true' }],
      ['an unknown key', { immediateDelete: true, reason: 'bye' }],
      ['an empty password', { immediateDelete: true, password: '' }],
    ])('refuses %s with 400 and deletes nothing', async (_label, body) => {
      const user = await t.signup();
      expectError(await as(t, user, 'DELETE', '/api/user/account', body), 400, 'VALIDATION_ERROR');
      expect(await userRow(user.user.id)).toMatchObject({ deletionRequestedAt: null, scheduledDeletionAt: null });
    });

    it('refuses a wrong password for either path, naming the field', async () => {
      const user = await t.signup();
      for (const immediateDelete of [true, false]) {
        const error = expectError(
          await as(t, user, 'DELETE', '/api/user/account', { immediateDelete, password: 'not-my-password' }),
          400,
          'VALIDATION_ERROR',
          'Password is incorrect',
        );
        expect(error.field).toBe('password');
      }
      expect(await userRow(user.user.id)).toMatchObject({ deletionRequestedAt: null });
      expect((await getSession(t, user.accessToken)).statusCode).toBe(200);
    });

    it('asks for a session', async () => {
      expectError(await as(t, null, 'DELETE', '/api/user/account', { immediateDelete: true }), 401, 'UNAUTHORIZED');
      expectError(await as(t, null, 'DELETE', '/api/user/account/deletion'), 401, 'UNAUTHORIZED');
    });
  });

  describe('scheduled', () => {
    it('schedules the deletion 30 days ahead with one queued job; asking again keeps the date', async () => {
      const user = await t.signup();
      const before = Date.now();
      const { deleted, scheduledDeletion } = await schedule(user);
      expect(deleted).toBe(false);
      const date = Date.parse(scheduledDeletion!);
      expect(date).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(date).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
      expect(await dataSettings(user)).toMatchObject({ deleteAccountRequested: true, scheduledDeletion });

      const again = await schedule(user);
      expect(again.scheduledDeletion).toBe(scheduledDeletion);
      const queued = await deletionJobs(user.user.id);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ status: 'queued', payload: { userId: user.user.id } });
      expect(queued[0]!.runAt.toISOString()).toBe(scheduledDeletion);

      // Until the date, the account still signs in (to cancel).
      expect((await login(t, user.user.email)).statusCode).toBe(200);
      await t.app.ctx.jobs.runDue();
      expect(await userRow(user.user.id)).toBeDefined();
    });

    it('two schedules at once give one date and one job', async () => {
      const user = await t.signup();
      const [a, b] = await Promise.all([schedule(user), schedule(user)]);
      expect(a.scheduledDeletion).toBe(b.scheduledDeletion);
      expect(await deletionJobs(user.user.id)).toHaveLength(1);
    });

    it('cancels: both fields cleared, the job dropped, and nothing deleted when the date would have come', async () => {
      const user = await t.signup();
      await schedule(user);
      const res = await as(t, user, 'DELETE', '/api/user/account/deletion');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ deleteAccountRequested: false, scheduledDeletion: null });
      expect(await userRow(user.user.id)).toMatchObject({ deletionRequestedAt: null, scheduledDeletionAt: null });
      expect(await deletionJobs(user.user.id)).toHaveLength(0);

      const sweep = t.app.ctx.jobs.periodic.find((j) => j.name === 'account-deletion-sweep')!;
      await sweep.run();
      await t.app.ctx.jobs.runDue();
      expect(await userRow(user.user.id)).toBeDefined();
      expect((await getSession(t, user.accessToken)).statusCode).toBe(200);

      // Cancelling again is harmless.
      expect((await as(t, user, 'DELETE', '/api/user/account/deletion')).statusCode).toBe(200);
    });

    it('a job left from a cancelled schedule does nothing', async () => {
      const user = await t.signup();
      await schedule(user);
      const [job] = await deletionJobs(user.user.id);
      await as(t, user, 'DELETE', '/api/user/account/deletion');
      // As if the job had been claimed just before the cancel: put it back, due now.
      await t.database.db.insert(jobs).values({ ...job!, runAt: new Date(Date.now() - 1000) });
      await t.app.ctx.jobs.runDue();
      expect((await deletionJobs(user.user.id))[0]!.status).toBe('done');
      expect(await userRow(user.user.id)).toBeDefined();
    });

    it('a cancel that lands after the job looked at the date still keeps the account', async () => {
      const user = await t.signup();
      await schedule(user);
      await passTheDate(user.user.id);
      const real = t.app.ctx.db;
      // The job reads the date, then the user cancels before its transaction starts.
      const db = new Proxy(real, {
        get(target, key, receiver) {
          if (key !== 'transaction') return Reflect.get(target, key, receiver);
          return async (...args: Parameters<typeof real.transaction>) => {
            expect((await as(t, user, 'DELETE', '/api/user/account/deletion')).statusCode).toBe(200);
            return real.transaction(...args);
          };
        },
      });
      const app = Object.create(t.app, { ctx: { value: { ...t.app.ctx, db } } }) as typeof t.app;
      expect(await deleteDueAccount(app, createExportStorage(t.dataDir), user.user.id)).toBe(false);
      expect(await userRow(user.user.id)).toMatchObject({ scheduledDeletionAt: null });
      expect((await getSession(t, user.accessToken)).statusCode).toBe(200);
    });

    it('deletes the account when the date has passed, through the queued job', async () => {
      const user = await t.signup();
      await schedule(user);
      await passTheDate(user.user.id);
      await t.app.ctx.jobs.runDue();
      expect(await userRow(user.user.id)).toBeUndefined();
      expectError(await login(t, user.user.email), 401, 'INVALID_CREDENTIALS');
      expect((await getSession(t, user.accessToken)).statusCode).toBe(401);
      const [job] = await deletionJobs(user.user.id);
      expect(job!.status).toBe('done');
      expect((await latestMailTo(t, user.user.email))?.subject).toMatch(/account has been deleted/);
    });

    it('the sweep deletes a due account whose job was lost', async () => {
      const user = await t.signup();
      await schedule(user);
      await passTheDate(user.user.id);
      await t.database.db.delete(jobs).where(eq(jobs.dedupeKey, user.user.id));
      const sweep = t.app.ctx.jobs.periodic.find((j) => j.name === 'account-deletion-sweep')!;
      expect(await sweep.run()).toBe(1);
      expect(await userRow(user.user.id)).toBeUndefined();
      expect(await sweep.run()).toBe(0);
    });
  });

  describe('immediate', () => {
    let owner: Session;
    let other: Session;
    let ownerBotId: string;
    let othersBotId: string;
    let otherChatId: string;
    let avatarFile: string;
    let exportFile: string;

    beforeAll(async () => {
      owner = await t.signup({ displayName: 'Leaving' });
      other = await t.signup();
      const ownBot = await createBot(t, owner, { name: 'Public One' });
      ownerBotId = ownBot.id;
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'blue' } })
        .png()
        .toBuffer();
      const body = multipart('avatar', 'a.png', image, 'image/png');
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/bots/${ownerBotId}/avatar`,
        payload: body.payload,
        headers: { ...body.headers, ...t.bearer(owner) },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      avatarFile = path.join(t.dataDir, (uploaded.json() as { url: string }).url);
      expect((await as(t, owner, 'POST', `/api/bots/${ownerBotId}/publish`)).statusCode).toBeLessThan(300);
      // Another user chats with the public bot; the owner chats with and rates another's bot.
      otherChatId = ((await as(t, other, 'POST', '/api/chats', { botId: ownerBotId })).json() as Chat).id;
      othersBotId = (await createBot(t, other, { name: 'Stays', visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
      await as(t, owner, 'POST', '/api/chats', { botId: othersBotId });
      expect((await as(t, owner, 'POST', `/api/bots/${othersBotId}/rate`, { rating: 1 })).statusCode).toBe(200);
      await as(t, other, 'POST', '/api/chats', { botId: othersBotId });
      expect((await as(t, other, 'POST', `/api/bots/${othersBotId}/rate`, { rating: 5 })).statusCode).toBe(200);
      // The owner edits the other's bot as a collaborator and writes a version of it.
      const invited = await as(t, other, 'POST', `/api/bots/${othersBotId}/collaborators`, { email: owner.user.email, role: 'editor' });
      expect(invited.statusCode, invited.body).toBeLessThan(300);
      const version = await as(t, owner, 'POST', `/api/bots/${othersBotId}/versions`, { changelog: 'Written by a collaborator' });
      expect(version.statusCode, version.body).toBe(201);
      const exported = (await as(t, owner, 'POST', '/api/user/data/export', { format: 'json' })).json() as DataExportResult;
      const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, exported.id));
      exportFile = path.join(t.dataDir, 'private', row!.storageKey.replace(/^\/uploads\//, ''));
      expect(fs.existsSync(avatarFile)).toBe(true);
      expect(fs.existsSync(exportFile)).toBe(true);
    });

    it('deletes everything now, with the password as confirmation', async () => {
      const res = await as(t, owner, 'DELETE', '/api/user/account', { immediateDelete: true, password: STRONG_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: true, scheduledDeletion: null });

      expect(await userRow(owner.user.id)).toBeUndefined();
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(0);
      expect(await t.database.db.select().from(bots).where(eq(bots.id, ownerBotId))).toHaveLength(0);
      // The other user's chat with the deleted public bot went with it.
      expect(await t.database.db.select().from(chats).where(eq(chats.id, otherChatId))).toHaveLength(0);
      // The rating the owner gave is gone from the other bot's figures.
      const [rated] = await t.database.db.select().from(bots).where(eq(bots.id, othersBotId));
      expect(rated).toMatchObject({ ratingCount: 1, avgRating: 5 });
      // The version the owner wrote on the other's bot stays in its history, credited to its owner.
      const history = await t.database.db.select().from(botVersions).where(eq(botVersions.botId, othersBotId));
      expect(history).toEqual([expect.objectContaining({ changelog: 'Written by a collaborator', authorId: other.user.id })]);
      expect(fs.existsSync(avatarFile)).toBe(false);
      expect(fs.existsSync(exportFile)).toBe(false);
      expect((await latestMailTo(t, owner.user.email))?.subject).toMatch(/account has been deleted/);
    });

    it('the account can no longer sign in, and its tokens fail at once', async () => {
      expectError(await login(t, owner.user.email), 401, 'INVALID_CREDENTIALS');
      expect((await getSession(t, owner.accessToken)).statusCode).toBe(401);
      expect((await as(t, owner, 'GET', '/api/user/settings/data')).statusCode).toBe(401);
      expect((await refreshWithBody(t, owner.refreshToken)).statusCode).toBe(401);
    });

    it('the email can sign up again, as a new account', async () => {
      const again = await t.signup({ email: owner.user.email });
      expect(again.user.id).not.toBe(owner.user.id);
      expect((await login(t, owner.user.email)).statusCode).toBe(200);
    });

    it('deleting without a password works too (the spec payload), and the other user is untouched', async () => {
      const res = await as(t, other, 'DELETE', '/api/user/account', { immediateDelete: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(await userRow(other.user.id)).toBeUndefined();
      const third = await t.signup();
      expect((await getSession(t, third.accessToken)).statusCode).toBe(200);
    });

    it('two immediate deletions at once delete once and send one goodbye', async () => {
      const user = await t.signup();
      const results = await Promise.all([
        as(t, user, 'DELETE', '/api/user/account', { immediateDelete: true }),
        as(t, user, 'DELETE', '/api/user/account', { immediateDelete: true }),
      ]);
      // The second may arrive after the first ended the session (401), or find the account gone and answer as done.
      expect(results.some((r) => r.statusCode === 200)).toBe(true);
      for (const r of results) expect([200, 401]).toContain(r.statusCode);
      expect(await userRow(user.user.id)).toBeUndefined();
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.user.email));
      expect(mails.filter((m) => /account has been deleted/.test(m.subject))).toHaveLength(1);
    });

    it('a scheduled account deleted now leaves no queued job behind', async () => {
      const user = await t.signup();
      await schedule(user);
      expect((await as(t, user, 'DELETE', '/api/user/account', { immediateDelete: true })).statusCode).toBe(200);
      expect((await deletionJobs(user.user.id)).filter((j) => j.status === 'queued')).toHaveLength(0);
    });
  });
});

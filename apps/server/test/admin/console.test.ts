import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@app/shared/admin/messages';
import type { Session } from '@app/shared/auth/schemas';
import type { DomainEvent } from '@app/shared/events/domain-events';
import { adminAuditLog } from '../../src/db/schema/admin';
import { jobs } from '../../src/db/schema/jobs';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, getSession, login, refreshWithBody, signupAdmin } from '../helpers/auth';
import { validBot } from '../bots/helpers';

/** The admin console's calls (decision 023): users and bans, moderation, analytics, broadcasts, jobs and the audit log. */
describe('the admin console', () => {
  let t: TestApp;
  let admin: Session;
  const published: DomainEvent[] = [];

  const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? t.bearer(who) : {}, ...(payload ? { payload } : {}) });
  const json = <T>(res: LightMyRequestResponse, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const auditOf = (action: string) => t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', OFFLINE_WORD_DELAY_MS: '0' } });
    admin = await signupAdmin(t);
    for (const name of ['session.revoked', 'bot.moderated', 'system.broadcast', 'bot.visibility_changed'] as const)
      t.app.ctx.events.subscribe(name, 'admin-console-test', (e) => void published.push(e));
  });
  afterAll(() => t.close());

  describe('users', () => {
    it('searches by email, username and display name, paged', async () => {
      const found = await t.signup({ displayName: 'Zebediah Quill' });
      for (const q of ['zebediah', found.user.username.toUpperCase(), found.user.email.slice(0, 12)]) {
        const page = json<{ items: { id: string }[]; total: number }>(
          await call(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`),
        );
        expect(
          page.items.map((u) => u.id),
          q,
        ).toContain(found.user.id);
      }
      const first = json<{ items: unknown[]; total: number }>(await call(admin, 'GET', '/api/admin/users?limit=1&page=1'));
      expect(first.items).toHaveLength(1);
      expect(first.total).toBeGreaterThan(1);
      expect(json<{ items: unknown[] }>(await call(admin, 'GET', '/api/admin/users?q=%25_nobody')).items).toEqual([]);
    });

    it('changes role and tier with an audit row each; an admin cannot change their own role', async () => {
      const user = await t.signup();
      const changed = json<{ role: string; tier: string }>(
        await call(admin, 'PATCH', `/api/admin/users/${user.user.id}`, { role: 'admin', tier: 'premium' }),
      );
      expect(changed).toMatchObject({ role: 'admin', tier: 'premium' });
      const roles = (await auditOf('user.role_changed')).filter((r) => r.targetId === user.user.id);
      expect(roles).toHaveLength(1);
      expect(roles[0]).toMatchObject({ adminId: admin.user.id, details: { from: 'user', to: 'admin' } });
      expect((await auditOf('user.tier_changed')).filter((r) => r.targetId === user.user.id)).toHaveLength(1);
      expectError(await call(admin, 'PATCH', `/api/admin/users/${admin.user.id}`, { role: 'user' }), 403, 'CANNOT_CHANGE_SELF');
      expectError(await call(admin, 'PATCH', `/api/admin/users/${user.user.id}`, {}), 400, 'VALIDATION_ERROR');
      expectError(await call(admin, 'PATCH', `/api/admin/users/${user.user.id}`, { role: 'owner' }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('ban and unban', () => {
    it('ends every session at once, refuses sign-in and refresh with 403, and unban restores sign-in', async () => {
      const user = await t.signup();
      const second = json<Session>(await login(t, user.user.email));
      const revokedBefore = published.filter((e) => e.name === 'session.revoked').length;

      const banned = json<{ bannedAt: string | null; banReason: string }>(
        await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'Spam in public bots' }),
      );
      expect(banned.bannedAt).not.toBeNull();
      expect(banned.banReason).toBe('Spam in public bots');

      // Both access tokens stop at once, and both refresh tokens are refused.
      expectError(await getSession(t, user.accessToken), 401, 'SESSION_EXPIRED');
      expectError(await getSession(t, second.accessToken), 401, 'SESSION_EXPIRED');
      expect((await refreshWithBody(t, second.refreshToken)).statusCode).toBe(401);
      // The session cache of every instance is told: one event for all the user's sessions.
      const revoked = published.filter((e) => e.name === 'session.revoked').slice(revokedBefore);
      expect(revoked.map((e) => e.payload)).toEqual([{ userId: user.user.id, sessionId: null }]);

      expectError(await login(t, user.user.email), 403, 'ACCOUNT_BANNED', ADMIN_MESSAGES.accountBanned);
      // A wrong password is still just wrong: the ban is told only to whoever knows the password.
      expectError(await login(t, user.user.email, 'Wrong-Passphrase-1!'), 401, 'INVALID_CREDENTIALS');
      expectError(await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'again' }), 409, 'ALREADY_BANNED');

      json(await call(admin, 'POST', `/api/admin/users/${user.user.id}/unban`, { reason: 'Appeal accepted' }));
      const back = json<Session>(await login(t, user.user.email));
      expect((await getSession(t, back.accessToken)).statusCode).toBe(200);
      expectError(await call(admin, 'POST', `/api/admin/users/${user.user.id}/unban`, { reason: 'again' }), 409, 'NOT_BANNED');

      const bans = (await auditOf('user.banned')).filter((r) => r.targetId === user.user.id);
      expect(bans).toHaveLength(1);
      // The log names the user as people know them, not only by id.
      const listed = json<{ items: { targetId: string | null; targetLabel: string | null }[] }>(
        await call(admin, 'GET', `/api/admin/audit-log?action=user.banned&targetType=user&targetId=${user.user.id}`),
      );
      expect(listed.items.map((e) => e.targetLabel)).toEqual([`@${user.user.username}`]);
      expect(bans[0]!.details).toMatchObject({ reason: 'Spam in public bots', sessionsEnded: 2 });
      expect((await auditOf('user.unbanned')).filter((r) => r.targetId === user.user.id)[0]!.details).toMatchObject({
        reason: 'Appeal accepted',
      });
    });

    it('refuses the API keys of a banned user (keys outlive sessions)', async () => {
      const user = await t.signup();
      const key = json<{ key: string }>(await call(user, 'POST', '/api/user/api-keys', { name: 'k', permissions: ['bots:read'] }), 201).key;
      json(await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'Abuse' }));
      const res = await t.app.inject({ method: 'GET', url: '/api/bots/my', headers: { authorization: `Bearer ${key}` } });
      expectError(res, 403, 'ACCOUNT_BANNED');
    });

    it("can't ban oneself or another admin; needs a reason; unknown users are 404", async () => {
      const other = await signupAdmin(t);
      expectError(await call(admin, 'POST', `/api/admin/users/${admin.user.id}/ban`, { reason: 'x' }), 403, 'CANNOT_BAN');
      expectError(await call(admin, 'POST', `/api/admin/users/${other.user.id}/ban`, { reason: 'x' }), 403, 'CANNOT_BAN');
      const user = await t.signup();
      expectError(await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: '   ' }), 400, 'VALIDATION_ERROR');
      expectError(await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, {}), 400, 'VALIDATION_ERROR');
      expectError(await call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
      expectError(
        await call(admin, 'POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/ban', { reason: 'x' }),
        404,
        'NOT_FOUND',
      );
      // Still signs in: nothing was banned.
      expect((await login(t, user.user.email)).statusCode).toBe(200);
      expectError(await call(user, 'POST', `/api/admin/users/${other.user.id}/ban`, { reason: 'x' }), 403, 'FORBIDDEN');
      expectError(await call(null, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'x' }), 401, 'UNAUTHORIZED');
    });

    it('a sign-in and a ban at the same time: the session that wins the race is ended too', async () => {
      const user = await t.signup();
      const [signIn] = await Promise.all([
        login(t, user.user.email, STRONG_PASSWORD),
        call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'Race' }),
      ]);
      if (signIn.statusCode === 200) expectError(await getSession(t, (signIn.json() as Session).accessToken), 401, 'SESSION_EXPIRED');
      else expectError(signIn, 403, 'ACCOUNT_BANNED');
    });
    it('20 bans at once ban once (one audit row, one revocation), and 20 unbans at once lift it once', async () => {
      const user = await t.signup();
      const before = published.length;
      const bans = await Promise.all(
        Array.from({ length: 20 }, () => call(admin, 'POST', `/api/admin/users/${user.user.id}/ban`, { reason: 'Spam' })),
      );
      expect(bans.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of bans.filter((x) => x.statusCode !== 200)) expectError(r, 409, 'ALREADY_BANNED');
      expect((await auditOf('user.banned')).filter((r) => r.targetId === user.user.id)).toHaveLength(1);
      const revoked = published
        .slice(before)
        .filter((e) => e.name === 'session.revoked' && (e.payload as { userId: string }).userId === user.user.id);
      expect(revoked).toHaveLength(1);

      const unbans = await Promise.all(
        Array.from({ length: 20 }, () => call(admin, 'POST', `/api/admin/users/${user.user.id}/unban`, { reason: 'Appeal' })),
      );
      expect(unbans.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of unbans.filter((x) => x.statusCode !== 200)) expectError(r, 409, 'NOT_BANNED');
      expect((await auditOf('user.unbanned')).filter((r) => r.targetId === user.user.id)).toHaveLength(1);
      expect((await login(t, user.user.email)).statusCode).toBe(200);
    });
  });

  describe('moderation', () => {
    it('hide: the bot is no longer public, bot.moderated is published once after commit, an audit row is written', async () => {
      const creator = await t.signup();
      const reporter = await t.signup();
      const bot = json<{ id: string }>(
        await call(creator, 'POST', '/api/bots', validBot({ visibility: 'public', avatarUrl: '/avatars/mira.svg', name: 'Reported' })),
        201,
      );
      const report = json<{ id: string }>(await call(reporter, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam' }), 201);
      const before = published.length;

      json(await call(admin, 'PATCH', `/api/bots/moderation-requests/${report.id}`, { status: 'approved', hideBot: true, reason: 'Spam' }));
      const publicList = json<{ items: { id: string }[] }>(await call(null, 'GET', '/api/bots/public?limit=100'));
      expect(publicList.items.map((b) => b.id)).not.toContain(bot.id);
      expect((await call(reporter, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
      const moderated = published.slice(before).filter((e) => e.name === 'bot.moderated');
      expect(moderated.map((e) => e.payload)).toEqual([
        { botId: bot.id, ownerId: creator.user.id, name: 'Reported', requestId: report.id, action: 'hidden', reason: 'Spam' },
      ]);
      expect(published.slice(before).some((e) => e.name === 'bot.visibility_changed')).toBe(true);
      const rows = (await auditOf('moderation.decided')).filter((r) => r.targetId === report.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.details).toMatchObject({ botId: bot.id, outcome: 'hidden', hideBot: true });
      const listed = json<{ items: { targetLabel: string | null }[] }>(
        await call(admin, 'GET', `/api/admin/audit-log?targetType=moderation_request&targetId=${report.id}`),
      );
      expect(listed.items.map((e) => e.targetLabel)).toEqual(['Reported']);

      // Decided once: a second decision is refused and tells nobody anything.
      expectError(
        await call(admin, 'PATCH', `/api/bots/moderation-requests/${report.id}`, { status: 'rejected' }),
        409,
        'MODERATION_DECIDED',
      );
      expect(published.slice(before).filter((e) => e.name === 'bot.moderated')).toHaveLength(1);
    });

    it('dismiss a report and approve a review: the creator hears each outcome, the bot stays as it was', async () => {
      const creator = await t.signup();
      const bot = json<{ id: string }>(
        await call(creator, 'POST', '/api/bots', validBot({ visibility: 'public', avatarUrl: '/avatars/mira.svg' })),
        201,
      );
      const report = json<{ id: string }>(await call(admin, 'POST', `/api/bots/${bot.id}/report`, { reason: 'other' }), 201);
      const review = json<{ id: string }>(await call(creator, 'POST', `/api/bots/${bot.id}/submit-review`, {}), 201);
      const before = published.length;
      json(await call(admin, 'PATCH', `/api/bots/moderation-requests/${report.id}`, { status: 'rejected' }));
      json(await call(admin, 'PATCH', `/api/bots/moderation-requests/${review.id}`, { status: 'approved' }));
      const actions = published
        .slice(before)
        .filter((e) => e.name === 'bot.moderated')
        .map((e) => (e.payload as { action: string; requestId: string }).action);
      expect(actions).toEqual(['dismissed', 'approved']);
      expect(json<{ visibility: string }>(await call(null, 'GET', `/api/bots/${bot.id}`)).visibility).toBe('public');
    });
  });

  describe('analytics', () => {
    it('answers platform totals, top bots and every day of the range; the creator analytics stay the caller own', async () => {
      const creator = await t.signup();
      const bot = json<{ id: string }>(
        await call(creator, 'POST', '/api/bots', validBot({ visibility: 'public', avatarUrl: '/avatars/mira.svg', name: 'Popular' })),
        201,
      );
      const chat = json<{ id: string }>(await call(creator, 'POST', '/api/chats', { botId: bot.id }), 201);
      json(await call(creator, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello' }), 201);
      const today = new Date().toISOString().slice(0, 10);
      const report = json<{
        totals: { users: number; bots: number; publicBots: number };
        days: { date: string; newUsers: number; chats: number; messages: number; newBots: number }[];
        topBots: { id: string; chatsInRange: number }[];
        range: { chats: number };
      }>(await call(admin, 'GET', `/api/admin/bots/analytics?to=${today}`));
      expect(report.days).toHaveLength(30);
      expect(report.days.at(-1)!.date).toBe(today);
      expect(report.days.at(-1)!.newUsers).toBeGreaterThanOrEqual(3);
      expect(report.days.at(-1)!.chats).toBeGreaterThanOrEqual(1);
      expect(report.days.at(-1)!.messages).toBeGreaterThanOrEqual(1);
      expect(report.totals.bots).toBeGreaterThanOrEqual(1);
      expect(report.range.chats).toBe(report.days.reduce((n, d) => n + d.chats, 0));
      expect(report.topBots.find((b) => b.id === bot.id)?.chatsInRange).toBe(1);

      // The creator's own analytics count only the creator's bots.
      const own = json<{ totalBots: number }>(await call(creator, 'GET', '/api/bots/analytics'));
      expect(own.totalBots).toBe(1);
      const days = json<{ days: unknown[] }>(await call(admin, 'GET', '/api/admin/bots/analytics?from=2026-01-01&to=2026-01-07'));
      expect(days.days).toHaveLength(7);
      expectError(await call(admin, 'GET', '/api/admin/bots/analytics?from=2026-02-01&to=2026-01-01'), 400, 'VALIDATION_ERROR');
      expectError(await call(admin, 'GET', '/api/admin/bots/analytics?from=2024-01-01&to=2026-01-01'), 400, 'VALIDATION_ERROR');
      expectError(await call(creator, 'GET', '/api/admin/bots/analytics'), 403, 'FORBIDDEN');
    });
  });

  describe('broadcast', () => {
    it('stores the broadcast, publishes system.broadcast once, lists it, and refuses bad lengths', async () => {
      const before = published.length;
      const sent = json<{ id: string; title: string }>(
        await call(admin, 'POST', '/api/admin/broadcast', { title: '  Maintenance  ', message: 'Tonight at 22:00 UTC' }),
        201,
      );
      expect(sent.title).toBe('Maintenance');
      const events = published.slice(before).filter((e) => e.name === 'system.broadcast');
      expect(events.map((e) => e.payload)).toEqual([
        { broadcastId: sent.id, title: 'Maintenance', message: 'Tonight at 22:00 UTC', adminId: admin.user.id },
      ]);
      const history = json<{ items: { id: string }[] }>(await call(admin, 'GET', '/api/admin/broadcasts'));
      expect(history.items[0]!.id).toBe(sent.id);
      expect((await auditOf('broadcast.sent')).filter((r) => r.targetId === sent.id)).toHaveLength(1);

      for (const body of [
        { title: '', message: 'x' },
        { title: 'x', message: ' ' },
        { title: 'x'.repeat(121), message: 'x' },
        { title: 'x', message: 'x'.repeat(2001) },
        { title: 'x' },
      ])
        expectError(await call(admin, 'POST', '/api/admin/broadcast', body), 400, 'VALIDATION_ERROR');
      expect(published.slice(before).filter((e) => e.name === 'system.broadcast')).toHaveLength(1);
    });
  });

  describe('jobs', () => {
    it('shows depth and failures, and retries a failed job once', async () => {
      let fail = true;
      let runs = 0;
      t.app.ctx.jobs.handle('admin-test-flaky', async () => {
        runs += 1;
        if (fail) throw new Error('provider down');
      });
      const id = (await t.app.ctx.jobs.enqueue(t.database.db, 'admin-test-flaky', {}, { maxAttempts: 1 }))!;
      await t.app.ctx.jobs.runDue();
      const overview = json<{ kinds: { kind: string; failed: number }[]; failed: { id: string; lastError: string; attempts: number }[] }>(
        await call(admin, 'GET', '/api/admin/jobs'),
      );
      expect(overview.kinds.find((k) => k.kind === 'admin-test-flaky')?.failed).toBe(1);
      expect(overview.failed.find((j) => j.id === id)).toMatchObject({ lastError: 'provider down', attempts: 1 });

      fail = false;
      expect(json(await call(admin, 'POST', `/api/admin/jobs/${id}/retry`))).toEqual({ id, status: 'queued' });
      expectError(await call(admin, 'POST', `/api/admin/jobs/${id}/retry`), 409, 'JOB_NOT_FAILED');
      await t.app.ctx.jobs.runDue();
      expect(runs).toBe(2);
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row!.status).toBe('done');
      expect((await auditOf('job.retried')).filter((r) => r.targetId === id)).toHaveLength(1);
      expectError(await call(admin, 'POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'), 404, 'NOT_FOUND');
    });
  });

  describe('audit log', () => {
    it('records the existing admin actions too, in their transactions: pricing, token purchases, referral reviews and settings, XP', async () => {
      const pricing = json<Record<string, number>>(await call(admin, 'GET', '/api/admin/pricing'));
      json(await call(admin, 'PUT', '/api/admin/pricing', pricing));
      const purchase = json<{ id: string }>(
        await call(admin, 'POST', '/api/admin/token-purchases', {
          platform: 'openai',
          tokens_purchased: 10,
          price_paid_eur: 1,
          purchase_date: '2026-01-02',
        }),
        201,
      );
      json(await call(admin, 'PATCH', `/api/admin/token-purchases/${purchase.id}`, { notes: 'audited' }));
      expect((await call(admin, 'DELETE', `/api/admin/token-purchases/${purchase.id}`)).statusCode).toBe(204);
      const referral = json<Record<string, unknown>>(await call(admin, 'GET', '/api/admin/referral/config'));
      json(await call(admin, 'PUT', '/api/admin/referral/config', referral));
      const user = await t.signup();
      json(await call(admin, 'POST', '/api/gamification/xp', { userId: user.user.id, amount: 10, source: 'contest' }));

      for (const action of ['pricing.saved', 'referral_config.saved'])
        expect((await auditOf(action)).length, action).toBeGreaterThanOrEqual(1);
      for (const action of ['token_purchase.created', 'token_purchase.updated', 'token_purchase.deleted'])
        expect(
          (await auditOf(action)).filter((r) => r.targetId === purchase.id),
          action,
        ).toHaveLength(1);
      expect((await auditOf('xp.granted')).filter((r) => r.targetId === user.user.id)).toHaveLength(1);
      // A refused action writes nothing.
      const before = (await auditOf('token_purchase.deleted')).length;
      expect((await call(admin, 'DELETE', `/api/admin/token-purchases/${purchase.id}`)).statusCode).toBe(404);
      expect(await auditOf('token_purchase.deleted')).toHaveLength(before);
    });

    it('lists newest first with filters and a cursor that neither skips nor repeats', async () => {
      for (let i = 0; i < 5; i++) json(await call(admin, 'POST', '/api/admin/broadcast', { title: `Page ${i}`, message: 'm' }), 201);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: string; action: string; admin: { id: string } | null }[]; nextCursor: string | null } = json(
          await call(admin, 'GET', `/api/admin/audit-log?action=broadcast.sent&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
        );
        expect(page.items.every((e) => e.action === 'broadcast.sent' && e.admin?.id === admin.user.id)).toBe(true);
        seen.push(...page.items.map((e) => e.id));
        cursor = page.nextCursor;
      } while (cursor);
      const all = await auditOf('broadcast.sent');
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
      const byTarget = json<{ items: unknown[] }>(
        await call(admin, 'GET', `/api/admin/audit-log?targetType=broadcast&targetId=${all[0]!.targetId}`),
      );
      expect(byTarget.items).toHaveLength(1);
      expectError(await call(admin, 'GET', '/api/admin/audit-log?cursor=bm90LWEtY3Vyc29y'), 400, 'VALIDATION_ERROR');
      expectError(await call(admin, 'GET', '/api/admin/audit-log?action=nothing'), 400, 'VALIDATION_ERROR');
    });
  });
});

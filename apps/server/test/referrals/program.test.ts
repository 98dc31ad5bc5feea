import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/shared/referrals/rules';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { referralClicks, referrals } from '../../src/db/schema/referrals';
import { users } from '../../src/db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, login, postJson, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';
import { codeOf, dashboardOf, freshIp, from, signupWith, tokens, verifyEmail } from './helpers';

/** Issue 16: codes, attaching referred users, the registration rewards and the fraud rules. */
describe('referral program', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  const referralRow = async (referredId: string) =>
    (await t.database.db.select().from(referrals).where(eq(referrals.referredId, referredId)))[0];
  const ledgerCount = async (key: string) =>
    (await t.database.db.select().from(ledgerEntries).where(like(ledgerEntries.idempotencyKey, key))).length;

  it('GET /api/referral/config answers the defaults; an admin edits them', async () => {
    const res = await call(t, null, 'GET', '/api/referral/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      registrationBonus: 50,
      purchaseBonusPercentage: 30,
      maxBonusPerUser: 1000,
      minPurchaseForBonus: 5,
      linkExpireDays: 30,
    });
    const admin = await signupAdmin(t);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/referral/config',
      headers: t.bearer(admin),
      payload: { ...DEFAULT_REFERRAL_SETTINGS, linkExpireDays: 45 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await call(t, null, 'GET', '/api/referral/config')).json() as { linkExpireDays: number }).linkExpireDays).toBe(45);
    expect((await call(t, admin, 'GET', '/api/admin/referral/config')).json()).toEqual({
      ...DEFAULT_REFERRAL_SETTINGS,
      linkExpireDays: 45,
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/referral/config',
      headers: t.bearer(admin),
      payload: { ...DEFAULT_REFERRAL_SETTINGS, purchaseBonusPercentage: 150 },
    });
    expectError(bad, 400, 'VALIDATION_ERROR');
    await t.app.inject({ method: 'PUT', url: '/api/admin/referral/config', headers: t.bearer(admin), payload: DEFAULT_REFERRAL_SETTINGS });
  });

  it('generate-code: 6–10 uppercase letters or digits, one per user, also under 20 calls at once', async () => {
    const a = await signupWith(t);
    expect((await dashboardOf(t, a)).referralCode).toBeNull();
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(t, a)));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[A-Z0-9]{6,10}$/);
    expect(await codeOf(t, a)).toBe(codes[0]);
    const dash = await dashboardOf(t, a);
    expect(dash.referralCode).toBe(codes[0]);
    expect(dash.referralLink).toBe(`${t.config.publicUrl}/signup?ref=${codes[0]}`);
    const b = await signupWith(t);
    expect(await codeOf(t, b)).not.toBe(codes[0]);
  });

  it('a signup with ref: the friend gets 50 at once; the referrer 50 once the friend verifies (pending until then)', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const before = await tokens(t, a);
    const friend = await signupWith(t, { ref: code, displayName: 'Friendly Fred' });
    expect(await tokens(t, friend)).toBe(t.config.startingTokens + 50);
    let dash = await dashboardOf(t, a);
    expect(dash).toMatchObject({ totalReferred: 1, confirmedReferrals: 0, pendingReferrals: 1, totalEarnings: 0, conversionRate: 0 });
    expect(dash.recentActivity[0]).toMatchObject({
      type: 'registration',
      status: 'pending',
      amount: 50,
      description: 'Friendly Fred signed up',
      name: 'Friendly Fred',
      valueEur: null,
    });
    expect(await tokens(t, a)).toBe(before);

    await verifyEmail(t, friend);
    dash = await dashboardOf(t, a);
    expect(dash).toMatchObject({
      totalReferred: 1,
      confirmedReferrals: 1,
      pendingReferrals: 0,
      totalEarnings: 50,
      registrationBonuses: 50,
      purchaseBonuses: 0,
      conversionRate: 100,
    });
    expect(dash.recentActivity[0]).toMatchObject({ status: 'confirmed', amount: 50 });
    expect(await tokens(t, a)).toBe(before + 50);
    // The verification event delivered again, many times at once: paid once.
    await Promise.all(Array.from({ length: 20 }, () => t.app.ctx.events.publish('user.email_verified', { userId: friend.user.id })));
    expect(await tokens(t, a)).toBe(before + 50);
    const row = await referralRow(friend.user.id);
    expect(await ledgerCount(`referral-registration:${row!.id}`)).toBe(1);
    expect(await ledgerCount(`referral-friend:${friend.user.id}`)).toBe(1);
  });

  it('conversionRate is confirmed / total with one decimal', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const friends = [];
    for (let i = 0; i < 3; i += 1) friends.push(await signupWith(t, { ref: code }));
    await verifyEmail(t, friends[0]!);
    const dash = await dashboardOf(t, a);
    expect(dash).toMatchObject({ totalReferred: 3, confirmedReferrals: 1, pendingReferrals: 2, conversionRate: 33.3 });
  });

  it('self-referral: one own code, or one own address with dots or a +tag → 400 SELF_REFERRAL, nothing attached', async () => {
    const a = await signupWith(t, { email: `ann.smith${Date.now()}@example.com` });
    const code = await codeOf(t, a);
    expectError(await call(t, a, 'POST', '/api/gamification/referrals/apply', { code }), 400, 'SELF_REFERRAL');
    const [local, domain] = a.user.email.split('@');
    const twin = await signupWith(t, { email: `${local!.replace('.', '')}+again@${domain}` });
    expectError(await call(t, twin, 'POST', '/api/gamification/referrals/apply', { code }), 400, 'SELF_REFERRAL');
    expectError(await call(t, twin, 'POST', '/api/referral/register', { referralCode: code }), 400, 'SELF_REFERRAL');
    // At signup the account is made, unattached.
    const third = await signupWith(t, { email: `a.n.n.smith${local!.slice(9)}+x@${domain}`, ref: code });
    expect(await referralRow(third.user.id)).toBeUndefined();
    expect(await referralRow(twin.user.id)).toBeUndefined();
    expect(await tokens(t, third)).toBe(t.config.startingTokens);
    expect((await dashboardOf(t, a)).totalReferred).toBe(0);
  });

  it('apply and register attach once: a second is 409, and 10 at once attach one and pay one bonus', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const b = await signupWith(t);
    const other = await codeOf(t, await signupWith(t));
    const first = await call(t, b, 'POST', '/api/gamification/referrals/apply', { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', reason: null, bonus: 50 });
    expectError(await call(t, b, 'POST', '/api/gamification/referrals/apply', { code }), 409, 'ALREADY_REFERRED');
    expectError(await call(t, b, 'POST', '/api/referral/register', { referralCode: other }), 409, 'ALREADY_REFERRED');

    const c = await signupWith(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: 'POST',
              url: '/api/gamification/referrals/apply',
              headers: { ...t.bearer(c), ...from(freshIp()) },
              payload: { code },
            })
          : t.app.inject({
              method: 'POST',
              url: '/api/referral/register',
              headers: { ...t.bearer(c), ...from(freshIp()) },
              payload: { referralCode: other },
            }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(await t.database.db.select().from(referrals).where(eq(referrals.referredId, c.user.id))).toHaveLength(1);
    expect(await ledgerCount(`referral-friend:${c.user.id}`)).toBe(1);
    expect(await tokens(t, c)).toBe(t.config.startingTokens + 50);
  });

  it('register ignores the newUserId and ipAddress of its body: the caller and the request address count', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const victim = await signupWith(t);
    const b = await signupWith(t);
    const ip = freshIp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/referral/register',
      headers: { ...t.bearer(b), ...from(ip) },
      payload: { referralCode: code, newUserId: victim.user.id, ipAddress: '1.2.3.4' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await referralRow(b.user.id))?.ip).toBe(ip);
    expect(await referralRow(victim.user.id)).toBeUndefined();
  });

  it('applying is allowed within 7 days of the account creation only; an unknown code is 404', async () => {
    const code = await codeOf(t, await signupWith(t));
    const old = await signupWith(t);
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(users.id, old.user.id));
    expectError(await call(t, old, 'POST', '/api/gamification/referrals/apply', { code }), 400, 'APPLY_WINDOW_CLOSED');
    const recent = await signupWith(t);
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '6 days 23 hours'` })
      .where(eq(users.id, recent.user.id));
    expect((await call(t, recent, 'POST', '/api/gamification/referrals/apply', { code })).statusCode).toBe(200);
    expectError(await call(t, await signupWith(t), 'POST', '/api/gamification/referrals/apply', { code: 'ZZZZZZ99' }), 404, 'NOT_FOUND');
    expectError(await call(t, old, 'POST', '/api/gamification/referrals/apply', { code: 'abc' }), 400, 'VALIDATION_ERROR');
  });

  it('a disposable address is attached but never rewarded, and the dashboard says why', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const before = await tokens(t, a);
    const throwaway = await signupWith(t, { ref: code, email: `x${Date.now()}@mailinator.com`, displayName: 'Tempo' });
    expect(await referralRow(throwaway.user.id)).toMatchObject({ status: 'ineligible', reason: 'disposable_email' });
    expect(await tokens(t, throwaway)).toBe(t.config.startingTokens);
    await verifyEmail(t, throwaway);
    expect(await tokens(t, a)).toBe(before);
    const dash = await dashboardOf(t, a);
    expect(dash).toMatchObject({ totalReferred: 1, confirmedReferrals: 0, pendingReferrals: 0, totalEarnings: 0 });
    expect(dash.recentActivity[0]).toMatchObject({ status: 'ineligible', reason: 'disposable_email', amount: 0 });
    expect(dash.recentActivity[0]!.description).toMatch(/disposable/);
    // A subdomain of a listed domain is disposable too.
    const sub = await signupWith(t, { ref: code, email: `y${Date.now()}@mx.mailinator.com` });
    expect((await referralRow(sub.user.id))?.status).toBe('ineligible');
  });

  it('more than 3 signups with one code from one address in 24 h are flagged; an admin approves or rejects', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    const ip = freshIp();
    // Five at once from one address: the code's row orders them, so exactly the last two are flagged.
    const friends = await Promise.all(Array.from({ length: 5 }, () => signupWith(t, { ref: code, ip })));
    const rows = await Promise.all(friends.map((f) => referralRow(f.user.id)));
    expect(rows.filter((r) => r?.status === 'pending')).toHaveLength(3);
    const flagged = friends.filter((_, i) => rows[i]?.status === 'flagged');
    expect(flagged).toHaveLength(2);
    expect(rows.filter((r) => r?.status === 'flagged').every((r) => r?.reason === 'ip_burst')).toBe(true);
    for (const f of flagged) expect(await tokens(t, f)).toBe(t.config.startingTokens);
    // The same address with a day gone by is fine again.
    await t.database.db
      .update(referrals)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(referrals.code, code), eq(referrals.ip, ip)));
    const later = await signupWith(t, { ref: code, ip });
    expect((await referralRow(later.user.id))?.status).toBe('pending');

    const admin = await signupAdmin(t);
    const list = await call(t, admin, 'GET', '/api/admin/referrals?status=flagged&limit=100');
    expect(list.statusCode).toBe(200);
    const page = list.json() as { items: { id: string; status: string; reason: string; referred: { id: string } }[]; total: number };
    const ids = flagged.map((f) => f.user.id);
    const mine = page.items.filter((i) => ids.includes(i.referred.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((i) => i.status === 'flagged' && i.reason === 'ip_burst')).toBe(true);

    // Flagged: a verified address still earns nothing until approved.
    const [approveMe, rejectMe] = flagged;
    await verifyEmail(t, approveMe!);
    const before = await tokens(t, a);
    expect(await tokens(t, a)).toBe(before);
    const approveRow = mine.find((i) => i.referred.id === approveMe!.user.id)!;
    const rejectRow = mine.find((i) => i.referred.id === rejectMe!.user.id)!;
    const approved = await Promise.all(
      Array.from({ length: 5 }, () => call(t, admin, 'POST', `/api/admin/referrals/${approveRow.id}/approve`)),
    );
    expect(approved.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(approved.find((r) => r.statusCode === 200)!.json()).toMatchObject({ id: approveRow.id, status: 'confirmed' });
    expect(await tokens(t, approveMe!)).toBe(t.config.startingTokens + 50);
    expect(await tokens(t, a)).toBe(before + 50);
    // The referrer's activity no longer says the approved one waits for review; the rejected one still does until decided.
    const lines = (await dashboardOf(t, a)).recentActivity;
    const approvedLine = lines.find((l) => l.id === approveRow.id)!;
    expect(approvedLine).toMatchObject({ status: 'confirmed', reason: null });
    expect(approvedLine.description).not.toMatch(/review/);
    expect(lines.find((l) => l.id === rejectRow.id)).toMatchObject({ status: 'flagged', reason: 'ip_burst' });

    const rejected = await call(t, admin, 'POST', `/api/admin/referrals/${rejectRow.id}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    await verifyEmail(t, rejectMe!);
    expect(await tokens(t, rejectMe!)).toBe(t.config.startingTokens);
    expect(await tokens(t, a)).toBe(before + 50);
    expectError(await call(t, admin, 'POST', `/api/admin/referrals/${rejectRow.id}/approve`), 409, 'NOT_FLAGGED');
    expectError(await call(t, admin, 'POST', '/api/admin/referrals/00000000-0000-4000-8000-000000000000/approve'), 404, 'NOT_FOUND');
    const user = await signupWith(t);
    expectError(await call(t, user, 'POST', `/api/admin/referrals/${rejectRow.id}/approve`), 403, 'FORBIDDEN');
    expectError(await call(t, null, 'GET', '/api/admin/referrals?status=flagged'), 401, 'UNAUTHORIZED');
  });

  it("a signup from the referrer's own recent address is flagged", async () => {
    const ip = freshIp();
    const a = await signupWith(t, { ip });
    expect((await login(t, a.user.email, undefined, { headers: from(ip) })).statusCode).toBe(200);
    const code = await codeOf(t, a);
    const sock = await signupWith(t, { ref: code, ip });
    expect(await referralRow(sock.user.id)).toMatchObject({ status: 'flagged', reason: 'referrer_ip' });
    expect(await tokens(t, sock)).toBe(t.config.startingTokens);
    const dash = await dashboardOf(t, a);
    expect(dash.recentActivity[0]).toMatchObject({ status: 'flagged', reason: 'referrer_ip' });
    // Both people are told why no bonus came: it waits for a review (in the bell, in each one's language).
    expect((await call(t, sock, 'PATCH', '/api/user/settings/appearance', { language: 'ru' })).statusCode).toBe(200);
    await t.app.ctx.events.settled();
    const bell = async (s: typeof a) =>
      ((await call(t, s, 'GET', '/api/user/notifications')).json() as { items: { type: string; title: string; body: string }[] }).items;
    expect((await bell(a)).find((n) => n.type === 'referralJoined')?.body).toMatch(/waiting for a review/);
    expect((await bell(sock)).find((n) => n.type === 'referralJoined')).toMatchObject({ title: 'Приветственный бонус ждёт проверки' });
  });

  it('click: 204 and counted on the dashboard, unknown code 404, limited per address (429 with Retry-After)', async () => {
    const a = await signupWith(t, { displayName: 'Clicky Carla' });
    const code = await codeOf(t, a);
    const click = (referralCode: string, ip: string, body: object = {}) =>
      postJson(t, '/api/referral/click', { referralCode, ...body }, { headers: from(ip) });
    const ip = freshIp();
    const res = await click(code, ip, { ipAddress: '9.9.9.9' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await click(code, freshIp())).statusCode).toBe(204);
    expect((await dashboardOf(t, a)).clicks).toBe(2);
    const stored = await t.database.db.select().from(referralClicks).where(eq(referralClicks.referrerId, a.user.id));
    expect(stored.map((c) => c.ip)).toContain(ip);
    expect(stored.map((c) => c.ip)).not.toContain('9.9.9.9');
    expectError(await click('ZZZZZZZ9', freshIp()), 404, 'NOT_FOUND');
    expectError(await click('bad', freshIp()), 400, 'VALIDATION_ERROR');

    const busy = freshIp();
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await click(i % 2 ? code : 'ZZZZZZZ9', busy));
    const limited = answers.at(-1)!;
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await click(code, freshIp())).statusCode).toBe(204);

    // The signup page's lookup: who invites with a code.
    const lookup = await t.app.inject({ method: 'GET', url: `/api/referral/codes/${code}`, headers: from(freshIp()) });
    expect(lookup.json()).toEqual({ displayName: 'Clicky Carla' });
    expectError(await t.app.inject({ method: 'GET', url: '/api/referral/codes/ZZZZZZZ9', headers: from(freshIp()) }), 404, 'NOT_FOUND');
  });

  it('applies are limited per address too', async () => {
    const ip = freshIp();
    const user = await signupWith(t);
    const answers = [];
    for (let i = 0; i < 21; i += 1)
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/gamification/referrals/apply',
          headers: { ...t.bearer(user), ...from(ip) },
          payload: { code: `ZZZZZ${String(i).padStart(3, '0')}` },
        }),
      );
    expect(answers.slice(0, 20).every((r) => r.statusCode === 404)).toBe(true);
    expectError(answers[20]!, 429, 'RATE_LIMITED');
  });

  it('userId: the caller’s own id or none; another user’s is 403; an admin reads anyone’s; stats answer the same', async () => {
    const a = await signupWith(t);
    const code = await codeOf(t, a);
    await signupWith(t, { ref: code });
    const own = await call(t, a, 'GET', `/api/referral/user-dashboard?userId=${a.user.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ referralCode: code, totalReferred: 1 });
    const stats = await call(t, a, 'GET', '/api/gamification/referrals/stats');
    expect(stats.json()).toEqual(own.json());
    const b = await signupWith(t);
    expectError(await call(t, b, 'GET', `/api/referral/user-dashboard?userId=${a.user.id}`), 403, 'FORBIDDEN');
    expectError(await call(t, b, 'GET', `/api/gamification/referrals/stats?userId=${a.user.id}`), 403, 'FORBIDDEN');
    const admin = await signupAdmin(t);
    const read = await call(t, admin, 'GET', `/api/referral/user-dashboard?userId=${a.user.id}`);
    expect(read.json()).toEqual(own.json());
    expectError(await call(t, admin, 'GET', '/api/referral/user-dashboard?userId=00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await call(t, null, 'GET', '/api/referral/user-dashboard'), 401, 'UNAUTHORIZED');
  });
});

/** On a laptop, without a proxy, every browser is 127.0.0.1: that address tells nobody apart. */
describe('referrals from the loopback address without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a ?ref= signup from the referrer's own machine is not held as the referrer's address, nor as a burst", async () => {
    const a = await signupWith(t);
    expect((await login(t, a.user.email)).statusCode).toBe(200);
    const code = await codeOf(t, a);
    const friends = [];
    for (let i = 0; i < 5; i += 1) friends.push(await signupWith(t, { ref: code }));
    const rows = await Promise.all(
      friends.map(async (f) => (await t.database.db.select().from(referrals).where(eq(referrals.referredId, f.user.id)))[0]),
    );
    expect(rows.map((r) => [r?.ip, r?.status, r?.reason])).toEqual(Array(5).fill(['127.0.0.1', 'pending', null]));
    for (const f of friends) expect(await tokens(t, f)).toBe(t.config.startingTokens + 50);
  });
});

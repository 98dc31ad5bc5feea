import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { passwordResets } from '../../src/db/schema/auth';
import { mailOutbox } from '../../src/db/schema/mail';
import { hashToken } from '../../src/lib/secure-tokens';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, getSession, latestMailTo, login, postJson, refreshWithBody } from '../helpers/auth';

const NEW_PASSWORD = 'Fresh-Start-2026!';
const LINK_INVALID = 'This password reset link is invalid, has expired or was already used. Ask for a new one.';

/** Forgot password (issue 37 §4): POST /api/auth/password/forgot and /password/reset. */
describe('forgot password', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each test asks from an address of its own, so that the per-address limit of one can't touch another. */
  const nextIp = () => `192.0.2.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress = nextIp()) => postJson(t, '/api/auth/password/forgot', { email }, { remoteAddress });
  const reset = (token: string, password = NEW_PASSWORD, remoteAddress?: string) =>
    postJson(t, '/api/auth/password/reset', { token, password }, remoteAddress ? { remoteAddress } : {});
  const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  /** Asks for a link and answers its token, read from the mail. */
  async function linkFor(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(202);
    await t.app.ctx.jobs.runDue();
    const mail = await latestMailTo(t, email);
    const url = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
    if (!url) throw new Error(`no reset link mailed to ${email}`);
    return new URL(url).searchParams.get('token')!;
  }

  it("mails a single-use link valid for an hour, in the account's language, stored only as its hash", async () => {
    const user = await t.signup({ displayName: 'Вера' });
    await t.app.inject({ method: 'POST', url: '/api/user/language', headers: t.bearer(user), payload: { language: 'ru' } });
    const res = await forgot(user.user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    // The mail is the job's work, after the answer.
    expect((await mailsTo(user.user.email)).filter((m) => m.subject.includes('Сброс'))).toHaveLength(0);
    await t.app.ctx.jobs.runDue();
    const mail = await latestMailTo(t, user.user.email);
    expect(mail?.subject).toBe('Сброс пароля CharaChat');
    expect(mail?.text).toContain('Здравствуйте, Вера!');
    expect(mail?.html).toContain('<html lang="ru">');
    const token = new URL(/http:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    // 256 random bits, base64url, after the kind's prefix.
    expect(token).toMatch(/^pr_[\w-]{43}$/);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token.slice(3));
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it('answers an unknown address exactly as a known one, in about the same time, and mails nothing', async () => {
    const user = await t.signup();
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await forgot(user.user.email);
    const missing = await forgot(unknown);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);
    expect(Object.keys(missing.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await t.app.ctx.jobs.runDue();
    expect(await mailsTo(unknown)).toHaveLength(0);

    // The same work either way (the lookup is the job's): the medians of a few calls stay close.
    const timeOf = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const other = await t.signup();
      knownTimes.push(await timeOf(other.user.email));
      unknownTimes.push(await timeOf(`nobody-${i}-${Date.now()}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(Math.max(20, median(unknownTimes)));
  });

  it('sets the new password, ends every session (cached ones too), mails a notice, and works once', async () => {
    const user = await t.signup();
    const other: Session = (await login(t, user.user.email)).json();
    // Both tokens are in the session cache now.
    for (const s of [user, other]) expect((await getSession(t, s.accessToken)).statusCode).toBe(200);
    const token = await linkFor(user.user.email);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true });
    for (const s of [user, other]) {
      expect((await getSession(t, s.accessToken)).statusCode).toBe(401);
      expect((await refreshWithBody(t, s.refreshToken)).statusCode).toBe(401);
    }
    expectError(await login(t, user.user.email, STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, user.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await latestMailTo(t, user.user.email);
    expect(notice?.subject).toBe('Your CharaChat password was reset');
    expect(notice?.text).toContain('Every device that was signed in to your account has been signed out.');

    const again = expectError(await reset(token, 'Yet-Another-0ne!'), 400, 'INVALID_TOKEN', LINK_INVALID);
    expect(again.field).toBe('token');
    expect((await login(t, user.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired or unknown link with 400 INVALID_TOKEN and changes nothing', async () => {
    const user = await t.signup();
    const token = await linkFor(user.user.email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expectError(await reset(token), 400, 'INVALID_TOKEN', LINK_INVALID);
    expectError(await reset('pr_made-up'), 400, 'INVALID_TOKEN', LINK_INVALID);
    expect((await getSession(t, user.accessToken)).statusCode).toBe(200);
    expect((await login(t, user.user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password rules, and the link still works after a refused password', async () => {
    const user = await t.signup();
    const token = await linkFor(user.user.email);
    const weak = expectError(await reset(token, 'password'), 400, 'VALIDATION_ERROR');
    expect(weak.field).toBe('password');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it("a reset makes the account's other links useless", async () => {
    const user = await t.signup();
    const first = await linkFor(user.user.email);
    const second = await linkFor(user.user.email);
    expect((await reset(second)).statusCode).toBe(200);
    expectError(await reset(first, 'Yet-Another-0ne!'), 400, 'INVALID_TOKEN');
  });

  it('a password changed in the settings uses up the links mailed before', async () => {
    const user = await t.signup();
    const token = await linkFor(user.user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: t.bearer(user),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await reset(token, 'Yet-Another-0ne!'), 400, 'INVALID_TOKEN');
    expect((await login(t, user.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // A link asked for after the change still works.
    expect((await reset(await linkFor(user.user.email), 'Yet-Another-0ne!')).statusCode).toBe(200);
  });

  it('lets the owner in at once from the address whose wrong passwords were refused', async () => {
    const user = await t.signup();
    const ip = '198.51.100.77';
    for (let i = 0; i < 3; i++) await login(t, user.user.email, 'Wrong-Passw0rd!', { remoteAddress: ip });
    expectError(await login(t, user.user.email, STRONG_PASSWORD, { remoteAddress: ip }), 429, 'RATE_LIMITED');
    const token = await linkFor(user.user.email);
    expect((await reset(token, NEW_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(t, user.user.email, NEW_PASSWORD, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('takes 10 requests an hour from one client address (then 429 in minutes), and mails one address at most 3 times an hour', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@example.com`, ip)).statusCode).toBe(202);
    const limited = expectError(await forgot('someone-else@example.com', ip), 429, 'RATE_LIMITED');
    const retryAfter = Number((await forgot('someone-else@example.com', ip)).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(limited.message).toBe('Too many password reset requests from this address. Try again in 60 minutes.');

    const user = await t.signup();
    for (let i = 0; i < 5; i++) expect((await forgot(user.user.email)).statusCode).toBe(202);
    await t.app.ctx.jobs.runDue();
    const links = (await mailsTo(user.user.email)).filter((m) => m.subject === 'Reset your CharaChat password');
    expect(links).toHaveLength(3);
  });
});

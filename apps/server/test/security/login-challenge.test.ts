import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE } from '@app/shared/auth/messages';
import { sessions } from '../../src/db/schema/auth';
import { loginChallenges } from '../../src/db/schema/security';
import { hashToken } from '../../src/lib/secure-tokens';
import { cookieOf, createTestApp, type TestApp } from '../helpers/app';
import { expectError, login, postJson, refreshWithCookie } from '../helpers/auth';
import { enableAppTwoFactor, mailedCode, nextTotp, request, setup, textedCode, useSteppedClock } from './helpers';

describe('sign-in with two-factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => useSteppedClock());
  afterEach(() => vi.useRealTimers());

  const complete = (challengeToken: string, code: string) => postJson(t, '/api/auth/login/2fa', { challengeToken, code });
  const sessionCount = async (userId: string) => (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  async function challengeFor(email: string) {
    const res = await login(t, email);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('answers a challenge and no session, then opens the session with a current code', async () => {
    const session = await t.signup();
    const { secret } = await enableAppTwoFactor(t, session);
    const before = await sessionCount(session.user.id);

    const res = await challengeFor(session.user.email);
    const body = res.json();
    expect(body).toEqual({ twoFactorRequired: true, challengeToken: expect.stringMatching(/^lc_/), method: 'app', codeSentTo: null });
    expect(body).not.toHaveProperty('accessToken');
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    expect(await sessionCount(session.user.id)).toBe(before);

    const done = await complete(body.challengeToken, nextTotp(secret));
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = done.json();
    expect(signedIn.user.id).toBe(session.user.id);
    expect(signedIn.accessToken).toMatch(/^at_/);
    expect(cookieOf(done, REFRESH_COOKIE)?.value).toBe(signedIn.refreshToken);
    expect(await sessionCount(session.user.id)).toBe(before + 1);
    expect((await refreshWithCookie(t, signedIn.refreshToken)).statusCode).toBe(200);

    // The challenge works once.
    expectError(await complete(body.challengeToken, nextTotp(secret)), 401, 'CHALLENGE_EXPIRED');
  });

  it('counts wrong codes: five, then the challenge is over even for the right code', async () => {
    const session = await t.signup();
    const { secret } = await enableAppTwoFactor(t, session);
    const { challengeToken } = (await challengeFor(session.user.email)).json();
    for (let i = 0; i < 5; i++) {
      expectError(await complete(challengeToken, '000000'), 401, 'INVALID_2FA_CODE', 'Invalid verification code');
    }
    const [row] = await t.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, hashToken(challengeToken)));
    expect(row!.attempts).toBe(5);
    expectError(await complete(challengeToken, nextTotp(secret)), 401, 'CHALLENGE_EXPIRED', 'Too many wrong codes. Please sign in again.');
  });

  it('stops guessing across challenges once the account has had too many wrong codes', async () => {
    const session = await t.signup();
    const { secret } = await enableAppTwoFactor(t, session);
    for (let c = 0; c < 2; c++) {
      const { challengeToken } = (await challengeFor(session.user.email)).json();
      for (let i = 0; i < 5; i++) expectError(await complete(challengeToken, '000000'), 401, 'INVALID_2FA_CODE');
    }
    const { challengeToken } = (await challengeFor(session.user.email)).json();
    const limited = await complete(challengeToken, nextTotp(secret));
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts wrong codes sent at the same time against the account limit (no more than ten are checked)', async () => {
    const session = await t.signup();
    await enableAppTwoFactor(t, session);
    const tokens: string[] = [];
    for (let c = 0; c < 8; c++) tokens.push((await challengeFor(session.user.email)).json().challengeToken);
    const answers = await Promise.all(tokens.flatMap((token) => Array.from({ length: 5 }, () => complete(token, '000000'))));
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(answers.length - checked);
  });

  it('refuses an expired challenge', async () => {
    const session = await t.signup();
    const { secret } = await enableAppTwoFactor(t, session);
    const { challengeToken } = (await challengeFor(session.user.email)).json();
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.tokenHash, hashToken(challengeToken)));
    expectError(
      await complete(challengeToken, nextTotp(secret)),
      401,
      'CHALLENGE_EXPIRED',
      'This sign-in attempt has expired. Please sign in again.',
    );
  });

  it('refuses unknown challenges and malformed bodies', async () => {
    expectError(await complete('lc_unknown', '123456'), 401, 'CHALLENGE_EXPIRED');
    expectError(await postJson(t, '/api/auth/login/2fa', { code: '123456' }), 400, 'VALIDATION_ERROR');
    expectError(
      await postJson(t, '/api/auth/login/2fa', { challengeToken: 'lc_x' }),
      400,
      'VALIDATION_ERROR',
      'Verification code is required',
    );
    expectError(await complete('lc_x', '12345'), 400, 'VALIDATION_ERROR', 'Enter the 6-digit code or a backup code');
    expectError(await complete('lc_x', 'not a code at all'), 400, 'VALIDATION_ERROR');
    expectError(await postJson(t, '/api/auth/login/2fa', '{"challengeToken":'), 400, 'VALIDATION_ERROR');
  });

  it('accepts a backup code once (any case, with or without the dash)', async () => {
    const session = await t.signup();
    const { backupCodes } = await enableAppTwoFactor(t, session);
    const code = backupCodes[0]!;
    const first = (await challengeFor(session.user.email)).json();
    expect((await complete(first.challengeToken, code.toLowerCase().replace('-', ''))).statusCode).toBe(200);
    const second = (await challengeFor(session.user.email)).json();
    expectError(await complete(second.challengeToken, code), 401, 'INVALID_2FA_CODE');
    const settings = await request(t, session, 'GET', '/api/user/settings/security');
    expect(settings.json().backupCodesRemaining).toBe(9);
  });

  it('does not accept the code that turned two-factor on for the sign-in right after', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'app' });
    const code = nextTotp(answer.secret);
    expect((await request(t, session, 'POST', '/api/user/2fa/verify', { code })).statusCode).toBe(200);
    const { challengeToken } = (await challengeFor(session.user.email)).json();
    expectError(await complete(challengeToken, code), 401, 'INVALID_2FA_CODE');
  });

  it('the email method mails a code with the challenge', async () => {
    const session = await t.signup();
    await setup(t, session, { method: 'email' });
    await request(t, session, 'POST', '/api/user/2fa/verify', { code: await mailedCode(t, session.user.email) });
    const body = (await challengeFor(session.user.email)).json();
    expect(body).toMatchObject({ twoFactorRequired: true, method: 'email', codeSentTo: expect.stringContaining('@example.com') });
    const code = await mailedCode(t, session.user.email);
    expect((await complete(body.challengeToken, code)).statusCode).toBe(200);
  });

  it('the sms method texts a code with the challenge', async () => {
    const session = await t.signup();
    await setup(t, session, { method: 'sms', phone: '+447700900123' });
    await request(t, session, 'POST', '/api/user/2fa/verify', { code: await textedCode(t, '+447700900123') });
    const body = (await challengeFor(session.user.email)).json();
    expect(body).toMatchObject({ method: 'sms', codeSentTo: '•••• 0123' });
    const code = await textedCode(t, '+447700900123');
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await complete(body.challengeToken, wrong), 401, 'INVALID_2FA_CODE');
    expect((await complete(body.challengeToken, code)).statusCode).toBe(200);
  });

  it('a wrong password still answers 401 and no challenge', async () => {
    const session = await t.signup();
    await enableAppTwoFactor(t, session);
    expectError(await login(t, session.user.email, 'Wrong-Passw0rd!'), 401, 'INVALID_CREDENTIALS');
  });

  it('signs in as before when two-factor is off', async () => {
    const session = await t.signup();
    const res = await login(t, session.user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toMatch(/^at_/);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSession, type Session } from '@app/shared/auth/schemas';
import { sessions } from '../../src/db/schema/auth';
import { users } from '../../src/db/schema/users';
import { cookieOf, createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, getSession, login, sessionIdOf, sessionRowOf } from '../helpers/auth';

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    // The failed logins of this file must not add up to the per-account limit (rate-limit.test.ts tests it).
    t = await createTestApp({ env: { LOGIN_MAX_PER_ACCOUNT: '100' } });
    alice = await t.signup({ email: 'alice@example.com', username: 'alice' });
  });
  afterAll(() => t.close());

  it('answers 200 with a new session and the refresh cookie', async () => {
    const res = await login(t, 'alice@example.com');
    expect(res.statusCode).toBe(200);
    const session = ZSession.strict().parse(res.json());
    expect(session.user.id).toBe(alice.user.id);
    expect(session.accessToken).not.toBe(alice.accessToken);
    const cookie = cookieOf(res, 'refresh_token');
    expect(cookie).toMatchObject({ value: session.refreshToken, httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
  });

  it('takes the email in any case and with surrounding spaces', async () => {
    const res = await login(t, '  ALICE@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('alice@example.com');
  });

  it('opens a separate session per login, each with its own device, browser and address', async () => {
    const desktop = await login(t, 'alice@example.com', STRONG_PASSWORD, {
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': CHROME_ON_WINDOWS },
    });
    const unknown = await login(t, 'alice@example.com', STRONG_PASSWORD, { remoteAddress: '203.0.113.8', headers: { 'user-agent': '' } });
    const [a, b] = [desktop.json() as Session, unknown.json() as Session];
    const [idA, idB] = [await sessionIdOf(t, a), await sessionIdOf(t, b)];
    expect(idA).not.toBe(idB);
    expect(await sessionRowOf(t, idA)).toMatchObject({
      userId: alice.user.id,
      device: 'Desktop',
      browser: 'Chrome 131',
      os: 'Windows 10',
      ip: '203.0.113.7',
      userAgent: CHROME_ON_WINDOWS,
    });
    expect(await sessionRowOf(t, idB)).toMatchObject({ device: 'Unknown device', browser: 'Unknown browser', ip: '203.0.113.8' });
  });

  describe('refusals tell nothing about the account', () => {
    it('answers 401 INVALID_CREDENTIALS for a wrong password, without a cookie', async () => {
      const res = await login(t, 'alice@example.com', 'Wrong-Passw0rd!');
      expectError(res, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      expect(cookieOf(res, 'refresh_token')).toBeUndefined();
    });

    it('answers an unknown email exactly as a wrong password', async () => {
      const wrongPassword = await login(t, 'alice@example.com', 'Wrong-Passw0rd!');
      const unknownEmail = await login(t, 'nobody-here@example.com', 'Wrong-Passw0rd!');
      expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
      expect(unknownEmail.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
    });

    it('refuses a password login to an account that has no password (OIDC only)', async () => {
      const oidcOnly = await t.signup();
      await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, oidcOnly.user.id));
      expectError(await login(t, oidcOnly.user.email), 401, 'INVALID_CREDENTIALS');
    });

    it('does not accept the password of another account', async () => {
      await t.signup({ email: 'bob@example.com', username: 'bob', password: 'Bobs-Own-Pass1!' });
      expectError(await login(t, 'alice@example.com', 'Bobs-Own-Pass1!'), 401, 'INVALID_CREDENTIALS');
    });

    it('opens no session when it refuses', async () => {
      const count = async () => (await t.database.db.select().from(sessions).where(eq(sessions.userId, alice.user.id))).length;
      const before = await count();
      await login(t, 'alice@example.com', 'Wrong-Passw0rd!');
      expect(await count()).toBe(before);
    });
  });

  it('does not apply the new-password policy to a login (any presented password is checked against the hash)', async () => {
    // A weak password is simply wrong here, not a validation error that would reveal the policy check.
    expectError(await login(t, 'alice@example.com', 'weak'), 401, 'INVALID_CREDENTIALS');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS } from '@app/shared/app/constants';
import { ZSession } from '@app/shared/auth/schemas';
import { PASSWORD_MESSAGES } from '@app/shared/auth/password-policy';
import { accessTokens, refreshTokens, sessions } from '../../src/db/schema/auth';
import { users } from '../../src/db/schema/users';
import { cookieOf, createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, getSession, latestMailTo, postJson } from '../helpers/auth';

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signup = (body: object, extra = {}) => postJson(t, '/api/auth/signup', body, extra);

  it('creates the account and answers 201 with a session', async () => {
    const before = Date.now();
    const res = await signup({ email: ' New.User@Example.COM ', username: 'New_User', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    const session = ZSession.strict().parse(res.json());
    expect(session.user).toMatchObject({
      email: 'new.user@example.com',
      username: 'New_User',
      displayName: 'New_User',
      role: 'user',
      tier: 'free',
      emailVerified: false,
      isDemo: false,
    });
    expect(session.user).not.toHaveProperty('passwordHash');
    const expiresAt = Date.parse(session.expiresAt);
    expect(expiresAt).toBeGreaterThan(before);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ACCESS_TOKEN_TTL_MS);

    const me = await getSession(t, session.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(session.user.id);
  });

  it('keeps a display name and the referral code', async () => {
    const res = await signup({
      email: 'named@example.com',
      username: 'named',
      password: STRONG_PASSWORD,
      displayName: '  Named One ',
      ref: 'FRIEND42',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.displayName).toBe('Named One');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'named@example.com'));
    expect(row?.signupRef).toBe('FRIEND42');
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const res = await signup({ email: 'hashed@example.com', username: 'hashed', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'hashed@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('issues random tokens of at least 128 bits and stores only their hashes', async () => {
    const a = ZSession.parse((await signup({ email: 'tok-a@example.com', username: 'tok_a', password: STRONG_PASSWORD })).json());
    const b = ZSession.parse((await signup({ email: 'tok-b@example.com', username: 'tok_b', password: STRONG_PASSWORD })).json());
    for (const token of [a.accessToken, a.refreshToken]) {
      const secret = token.replace(/^[a-z]+_/, '');
      expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(new Set([a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]).size).toBe(4);
    const stored = [
      ...(await t.database.db.select({ h: accessTokens.tokenHash }).from(accessTokens)),
      ...(await t.database.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)),
    ].map((r) => r.h);
    expect(stored.length).toBeGreaterThanOrEqual(4);
    for (const token of [a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]) {
      expect(stored).not.toContain(token);
      expect(stored.some((h) => h.includes(token.slice(3, 20)))).toBe(false);
    }
  });

  it('sets the refresh cookie: httpOnly, SameSite=Strict, Path=/api/auth, not Secure over http', async () => {
    const res = await signup({ email: 'cookie@example.com', username: 'cookie', password: STRONG_PASSWORD });
    const cookie = cookieOf(res, 'refresh_token');
    expect(cookie).toBeDefined();
    expect(cookie?.value).toBe(res.json().refreshToken);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/api/auth');
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(t.config.refreshTokenTtlDays * 24 * 3600);
  });

  it('marks the refresh cookie Secure when the request came over https', async () => {
    const https = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await postJson(
        https,
        '/api/auth/signup',
        { email: 'secure@example.com', username: 'secure', password: STRONG_PASSWORD },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(res.statusCode).toBe(201);
      expect(cookieOf(res, 'refresh_token')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('records the device, browser, os and address of the session', async () => {
    const res = await signup(
      { email: 'device@example.com', username: 'device', password: STRONG_PASSWORD },
      {
        remoteAddress: '198.51.100.23',
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        },
      },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, res.json().user.id));
    expect(row).toMatchObject({ device: 'Mobile', browser: 'Mobile Safari 17', os: 'iOS 17.4', ip: '198.51.100.23', method: 'password' });
    expect(row?.revokedAt).toBeNull();
  });

  it('mails a verification link', async () => {
    const res = await signup({ email: 'mailme@example.com', username: 'mailme', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo(t, 'mailme@example.com');
    expect(mail?.text).toMatch(new RegExp(`${t.config.publicUrl}/verify-email\\?token=ev_`));
  });

  describe('conflicts', () => {
    beforeAll(async () => {
      const res = await signup({ email: 'taken@example.com', username: 'Taken_Name', password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(201);
    });

    it('answers 409 EMAIL_TAKEN for an email in use, whatever its case', async () => {
      for (const email of ['taken@example.com', 'TAKEN@Example.com']) {
        const res = await signup({ email, username: 'someone_new', password: STRONG_PASSWORD });
        const error = expectError(res, 409, 'EMAIL_TAKEN', 'An account with this email already exists');
        expect(error.field).toBe('email');
      }
    });

    it('answers 409 USERNAME_TAKEN for a username in use, whatever its case', async () => {
      for (const username of ['Taken_Name', 'taken_name', 'TAKEN_NAME']) {
        const res = await signup({ email: `${username}@elsewhere.com`, username, password: STRONG_PASSWORD });
        const error = expectError(res, 409, 'USERNAME_TAKEN', 'Username is already taken');
        expect(error.field).toBe('username');
      }
    });

    it('lets exactly one of simultaneous signups with the same email through', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signup({ email: 'race@example.com', username: `racer_${i}`, password: STRONG_PASSWORD })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const res of results.filter((r) => r.statusCode === 409)) expectError(res, 409, 'EMAIL_TAKEN');
      expect(await t.database.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
    });

    it('lets exactly one of simultaneous signups with the same username through', async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          signup({ email: `race-name-${i}@example.com`, username: i % 2 ? 'RaceName' : 'racename', password: STRONG_PASSWORD }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      for (const res of results.filter((r) => r.statusCode === 409)) expectError(res, 409, 'USERNAME_TAKEN');
    });
  });

  describe('password policy', () => {
    it.each([
      ['Ab1!xyz', PASSWORD_MESSAGES.tooShort],
      ['abcdefg1!', PASSWORD_MESSAGES.uppercase],
      ['ABCDEFG1!', PASSWORD_MESSAGES.lowercase],
      ['Abcdefgh!', PASSWORD_MESSAGES.number],
      ['Abcdefgh1', PASSWORD_MESSAGES.special],
      ['Password1!', PASSWORD_MESSAGES.common],
      [`Aa1!${'x'.repeat(125)}`, PASSWORD_MESSAGES.tooLong],
    ])('refuses %j with the spec message', async (password, message) => {
      const res = await signup({ email: 'weak@example.com', username: 'weak', password });
      const error = expectError(res, 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe('password');
    });

    it('creates nothing when it refuses', async () => {
      expect(await t.database.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
    });
  });
});

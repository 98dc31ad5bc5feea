import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSession, type Session } from '@app/shared/auth/schemas';
import { refreshTokens, sessions } from '../../src/db/schema/auth';
import { hashToken } from '../../src/lib/secure-tokens';
import { cookieOf, createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, refreshWithBody, refreshWithCookie, sessionIdOf, sessionRowOf } from '../helpers/auth';

describe('POST /api/auth/refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const works = async (accessToken: string) => (await getSession(t, accessToken)).statusCode === 200;

  it('trades a refresh token from the body for a new session of the same family', async () => {
    const first = await t.signup();
    const res = await refreshWithBody(t, first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = ZSession.strict().parse(res.json());
    expect(next.user.id).toBe(first.user.id);
    expect(next.accessToken).not.toBe(first.accessToken);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(await works(next.accessToken)).toBe(true);
    expect(await sessionIdOf(t, next)).toBe(await sessionIdOf(t, first));
    expect(cookieOf(res, 'refresh_token')).toMatchObject({
      value: next.refreshToken,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
  });

  it('takes the refresh token from the httpOnly cookie', async () => {
    const first = await t.signup();
    const res = await refreshWithCookie(t, first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json() as Session;
    expect(next.user.id).toBe(first.user.id);
    expect(cookieOf(res, 'refresh_token')?.value).toBe(next.refreshToken);
    expect(await works(next.accessToken)).toBe(true);
  });

  it('prefers the body over the cookie', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: b.refreshToken },
      cookies: { refresh_token: a.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(b.user.id);
  });

  it('extends the session and records where the refresh came from', async () => {
    const first = await t.signup();
    const id = await sessionIdOf(t, first);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: first.refreshToken },
      remoteAddress: '192.0.2.99',
    });
    expect(res.statusCode).toBe(200);
    const row = await sessionRowOf(t, id);
    expect(row.ip).toBe('192.0.2.99');
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + (t.config.refreshTokenTtlDays - 1) * 86_400_000);
  });

  describe('rotation', () => {
    it('refuses a refresh token once it has been used', async () => {
      const first = await t.signup();
      expect((await refreshWithBody(t, first.refreshToken)).statusCode).toBe(200);
      const again = await refreshWithBody(t, first.refreshToken);
      expectError(again, 401, 'SESSION_EXPIRED', 'Session has expired');
    });

    it('revokes the whole family when a rotated token is presented again', async () => {
      const first = await t.signup();
      const second = (await refreshWithBody(t, first.refreshToken)).json() as Session;
      const third = (await refreshWithCookie(t, second.refreshToken)).json() as Session;
      expect(await works(third.accessToken)).toBe(true);
      const id = await sessionIdOf(t, third);

      // Someone replays the first token (it was copied): every token of the family stops working.
      expectError(await refreshWithBody(t, first.refreshToken), 401, 'SESSION_EXPIRED');
      expect(await works(third.accessToken)).toBe(false);
      expect(await works(second.accessToken)).toBe(false);
      expect(await works(first.accessToken)).toBe(false);
      expectError(await refreshWithBody(t, third.refreshToken), 401, 'SESSION_EXPIRED');
      expect(await sessionRowOf(t, id)).toMatchObject({ revokedReason: 'refresh_token_reused' });
    });

    it('does not touch the other sessions of the user when one family is revoked', async () => {
      const first = await t.signup();
      const other = (
        await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: first.user.email, password: 'Str0ng-Passphrase!' } })
      ).json() as Session;
      await refreshWithBody(t, first.refreshToken);
      await refreshWithBody(t, first.refreshToken);
      expect(await works(other.accessToken)).toBe(true);
      expect((await refreshWithBody(t, other.refreshToken)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous uses of a token through', async () => {
      const first = await t.signup();
      const results = await Promise.all([refreshWithBody(t, first.refreshToken), refreshWithBody(t, first.refreshToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      // The loser presented a rotated token: that is reuse, so the family is gone.
      const winner = results.find((r) => r.statusCode === 200)!.json() as Session;
      expect(await works(winner.accessToken)).toBe(false);
    });

    it('clears the cookie when it refuses', async () => {
      const first = await t.signup();
      await refreshWithCookie(t, first.refreshToken);
      const res = await refreshWithCookie(t, first.refreshToken);
      expectError(res, 401, 'SESSION_EXPIRED');
      const cleared = cookieOf(res, 'refresh_token');
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api/auth');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('refusals', () => {
    it('answers 401 SESSION_EXPIRED without any token', async () => {
      expectError(await t.app.inject({ method: 'POST', url: '/api/auth/refresh' }), 401, 'SESSION_EXPIRED');
      expectError(await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} }), 401, 'SESSION_EXPIRED');
    });

    it('answers 401 for a forged token, in the body or the cookie', async () => {
      expectError(await refreshWithBody(t, 'rt_forged-token-that-was-never-issued'), 401, 'SESSION_EXPIRED');
      expectError(await refreshWithCookie(t, 'rt_forged-token-that-was-never-issued'), 401, 'SESSION_EXPIRED');
    });

    it('does not take an access token as a refresh token', async () => {
      const session = await t.signup();
      expectError(await refreshWithBody(t, session.accessToken), 401, 'SESSION_EXPIRED');
    });

    it('refuses an expired refresh token', async () => {
      const session = await t.signup();
      await t.database.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
    });

    it('refuses the refresh token of an expired session', async () => {
      const session = await t.signup();
      const id = await sessionIdOf(t, session);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, id));
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
    });

    it.each([
      ['a number', { refreshToken: 42 }],
      ['an empty string', { refreshToken: '' }],
      ['an overlong string', { refreshToken: 'x'.repeat(300) }],
      ['an array body', []],
    ])('answers 400 VALIDATION_ERROR for %s', async (_why, payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload });
      expectError(res, 400, 'VALIDATION_ERROR');
    });

    it('ignores an overlong cookie', async () => {
      expectError(await refreshWithCookie(t, 'x'.repeat(1000)), 401, 'SESSION_EXPIRED');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { cookieOf, createTestApp, type TestApp } from '../helpers/app';
import {
  expectError,
  expireAccessToken,
  getSession,
  login,
  refreshWithBody,
  sessionIdOf,
  sessionIdOfRefreshToken,
  sessionRowOf,
} from '../helpers/auth';

describe('logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const works = async (session: Session) => (await getSession(t, session.accessToken)).statusCode === 200;
  const expectCleared = (res: Awaited<ReturnType<typeof getSession>>) => {
    const cookie = cookieOf(res, 'refresh_token');
    expect(cookie?.value).toBe('');
    expect(cookie?.path).toBe('/api/auth');
    expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  };

  describe('POST /api/auth/logout', () => {
    const logout = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

    it('ends this session: the access token stops working and the refresh token is refused', async () => {
      const session = await t.signup();
      const id = await sessionIdOf(t, session);
      const res = await logout(t.bearer(session));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expectCleared(res);
      expectError(await getSession(t, session.accessToken), 401, 'SESSION_EXPIRED');
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
      const row = await sessionRowOf(t, id);
      expect(row.revokedAt).not.toBeNull();
      expect(row.revokedReason).toBe('logout');
    });

    it('leaves the other sessions of the user open', async () => {
      const here = await t.signup();
      const there = (await login(t, here.user.email)).json() as Session;
      await logout(t.bearer(here));
      expect(await works(there)).toBe(true);
    });

    it('answers 401 without a token, with a forged one, and a second time', async () => {
      expectError(await logout(), 401, 'UNAUTHORIZED');
      expectError(await logout({ authorization: 'Bearer at_forged' }), 401, 'SESSION_EXPIRED');
      const session = await t.signup();
      expect((await logout(t.bearer(session))).statusCode).toBe(200);
      expectError(await logout(t.bearer(session)), 401, 'SESSION_EXPIRED');
    });

    it('answers 401 for an expired access token', async () => {
      const session = await t.signup();
      await expireAccessToken(t, session.accessToken);
      expectError(await logout(t.bearer(session)), 401, 'SESSION_EXPIRED');
    });
  });

  describe('POST /api/auth/force-logout', () => {
    const forceLogout = (opts: { headers?: Record<string, string>; cookies?: Record<string, string>; payload?: object } = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/force-logout', ...opts });

    it('answers 200 and clears the cookie even with nothing to end', async () => {
      const res = await forceLogout();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expectCleared(res);
    });

    it('answers 200 to a JSON content type with an empty body (what many clients send)', async () => {
      const session = await t.signup();
      const res = await forceLogout({ headers: { 'content-type': 'application/json' }, cookies: { refresh_token: session.refreshToken } });
      expect(res.statusCode).toBe(200);
      expect(await works(session)).toBe(false);
    });

    it('ends the session that the refresh cookie names', async () => {
      const session = await t.signup();
      const res = await forceLogout({ cookies: { refresh_token: session.refreshToken } });
      expect(res.statusCode).toBe(200);
      expectCleared(res);
      expect(await works(session)).toBe(false);
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
      expect((await sessionRowOf(t, await sessionIdOfRefreshToken(t, session.refreshToken))).revokedReason).toBe('forced_logout');
    });

    it('ends the session of an already rotated refresh cookie too', async () => {
      const first = await t.signup();
      const second = (await refreshWithBody(t, first.refreshToken)).json() as Session;
      expect((await forceLogout({ cookies: { refresh_token: first.refreshToken } })).statusCode).toBe(200);
      expect(await works(second)).toBe(false);
    });

    it('ends the session that the bearer token names', async () => {
      const session = await t.signup();
      expect((await forceLogout({ headers: t.bearer(session) })).statusCode).toBe(200);
      expect(await works(session)).toBe(false);
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
    });

    it('ends only the named session', async () => {
      const here = await t.signup();
      const there = (await login(t, here.user.email)).json() as Session;
      await forceLogout({ headers: t.bearer(here) });
      expect(await works(there)).toBe(true);
    });

    it.each([
      ['a forged bearer token', { headers: { authorization: 'Bearer at_forged' } }],
      ['a malformed authorization header', { headers: { authorization: 'Basic abc' } }],
      ['a forged cookie', { cookies: { refresh_token: 'rt_forged' } }],
      ['an overlong cookie', { cookies: { refresh_token: 'x'.repeat(5000) } }],
      ['a JSON body', { payload: { anything: true } }],
    ])('still answers 200 with %s', async (_why, opts) => {
      const res = await forceLogout(opts);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    });

    it('still answers 200 for an expired access token or an ended session', async () => {
      const session = await t.signup();
      await expireAccessToken(t, session.accessToken);
      expect((await forceLogout({ headers: t.bearer(session), cookies: { refresh_token: session.refreshToken } })).statusCode).toBe(200);
      expect((await forceLogout({ headers: t.bearer(session), cookies: { refresh_token: session.refreshToken } })).statusCode).toBe(200);
      expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
    });
  });
});

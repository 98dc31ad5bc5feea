import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { sessions } from '../../src/db/schema/auth';
import { STRONG_PASSWORD, createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, login, refreshWithBody, sessionIdOf } from '../helpers/auth';

/**
 * The session cache (decision 024) answers a token it looked up lately from memory. Whatever ends
 * a session must make its access token fail at once on this instance all the same: each case
 * first makes a request with the token (so that the cache holds it), then ends the session.
 */
describe('ending a session refuses its cached access token at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A long TTL: only the invalidation can make the next request fail, never the entry's age.
    t = await createTestApp({ env: { SESSION_CACHE_MS: '60000' } });
  });
  afterAll(() => t.close());

  const call = (session: Pick<Session, 'accessToken'>, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.bearer(session), ...(payload ? { payload } : {}) });
  /** A request with the token: 200, and the token is now in the cache. */
  const cached = async (session: Session) => expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
  const refused = async (session: Session) => expectError(await getSession(t, session.accessToken), 401, 'SESSION_EXPIRED');
  /** A second session of the same account. */
  const secondSession = async (first: Session): Promise<Session> => {
    const res = await login(t, first.user.email);
    expect(res.statusCode).toBe(200);
    return res.json() as Session;
  };

  it('serves a token from the cache: a change behind the app’s back is not seen, the session.revoked event is', async () => {
    const session = await t.signup();
    const id = await sessionIdOf(t, session);
    // Ended in the database without telling anyone: the cache still answers for it…
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
    expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
    // …until the event that every place which ends sessions publishes.
    await t.app.ctx.events.publish('session.revoked', { userId: session.user.id, sessionId: id });
    await refused(session);
  });

  it('logout', async () => {
    const session = await t.signup();
    await cached(session);
    expect((await call(session, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await refused(session);
  });

  it('forced logout (by the refresh token)', async () => {
    const session = await t.signup();
    await cached(session);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/force-logout', cookies: { refresh_token: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    await refused(session);
  });

  it('terminating another session in the settings’ sessions list', async () => {
    const first = await t.signup();
    const second = await secondSession(first);
    await cached(second);
    const secondId = await sessionIdOf(t, second);
    expect((await call(first, 'DELETE', `/api/user/sessions/${secondId}`)).json()).toEqual({ revoked: 1 });
    await refused(second);
    expect((await getSession(t, first.accessToken)).statusCode).toBe(200);
  });

  it('signing out every other session', async () => {
    const first = await t.signup();
    const second = await secondSession(first);
    const third = await secondSession(first);
    await cached(second);
    await cached(third);
    expect((await call(first, 'DELETE', '/api/user/sessions/all')).json()).toEqual({ revoked: 2 });
    await refused(second);
    await refused(third);
    expect((await getSession(t, first.accessToken)).statusCode).toBe(200);
  });

  it('refresh-token reuse: the whole session ends, the access tokens of before and after the rotation too', async () => {
    const session = await t.signup();
    await cached(session);
    const rotated = await refreshWithBody(t, session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const renewed = rotated.json() as Session;
    await cached(renewed);
    // The used refresh token again: a copy was taken, the session is revoked.
    expectError(await refreshWithBody(t, session.refreshToken), 401, 'SESSION_EXPIRED');
    await refused(session);
    await refused(renewed);
  });

  it('account deletion', async () => {
    const session = await t.signup();
    await cached(session);
    const res = await call(session, 'DELETE', '/api/user/account', { immediateDelete: true, password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await refused(session);
  });

  it('a password change keeps the sessions (they are offered to sign out) but the cached account is the new one at once', async () => {
    const session = await t.signup();
    const other = await secondSession(session);
    await cached(session);
    await cached(other);
    const change = (who: Session, currentPassword: string, newPassword: string) =>
      call(who, 'POST', '/api/user/password', { currentPassword, newPassword, confirmPassword: newPassword });

    const changed = await change(session, STRONG_PASSWORD, 'An0ther-Passphrase!');
    expect(changed.json()).toEqual({ success: true, otherSessions: 1 });
    // The old password no longer opens anything, through either session's cached account.
    expectError(await change(other, STRONG_PASSWORD, 'Th1rd-Passphrase!'), 400, 'INVALID_CURRENT_PASSWORD');
    expectError(await change(session, STRONG_PASSWORD, 'Th1rd-Passphrase!'), 400, 'INVALID_CURRENT_PASSWORD');
    const security = await call(session, 'GET', '/api/user/settings/security');
    expect(Date.now() - Date.parse(security.json().passwordLastChanged)).toBeLessThan(60_000);

    // Then "sign out the other sessions", as the dialog offers.
    expect((await call(session, 'DELETE', '/api/user/sessions/all')).json()).toEqual({ revoked: 1 });
    await refused(other);
  });

  it('a change of the account is seen at once by the next request of its own session', async () => {
    const session = await t.signup();
    await cached(session);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: t.bearer(session),
      payload: { displayName: 'Renamed Person' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getSession(t, session.accessToken)).json().user.displayName).toBe('Renamed Person');
  });
});

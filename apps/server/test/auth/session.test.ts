import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS } from '@app/shared/app/constants';
import { ZCurrentSession } from '@app/shared/auth/schemas';
import { accessTokens, sessions } from '../../src/db/schema/auth';
import { users } from '../../src/db/schema/users';
import { hashToken } from '../../src/lib/secure-tokens';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, expireAccessToken, getSession, sessionIdOfRefreshToken, sessionRowOf } from '../helpers/auth';

describe('GET /api/auth/session and the bearer token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const withAuthorization = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization } });

  it("answers the bearer's session, without the refresh token", async () => {
    const session = await t.signup();
    const res = await getSession(t, session.accessToken);
    expect(res.statusCode).toBe(200);
    const body = ZCurrentSession.strict().parse(res.json());
    expect(body.user).toEqual(session.user);
    expect(body.accessToken).toBe(session.accessToken);
    expect(body.expiresAt).toBe(session.expiresAt);
    expect(res.body).not.toContain(session.refreshToken);
  });

  it('keeps access tokens for at most 15 minutes', async () => {
    const session = await t.signup();
    const [row] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(session.accessToken)));
    expect(row).toBeDefined();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_MS + 1000);
    expect(Date.parse(session.expiresAt)).toBe(row!.expiresAt.getTime());
  });

  it('accepts the scheme in any letter case', async () => {
    const session = await t.signup();
    expect((await withAuthorization(`bearer ${session.accessToken}`)).statusCode).toBe(200);
    expect((await withAuthorization(`BEARER ${session.accessToken}`)).statusCode).toBe(200);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/auth/session' }), 401, 'UNAUTHORIZED', 'Authentication required');
  });

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['the scheme alone', 'Bearer'],
    ['an empty token', 'Bearer '],
    ['two tokens', 'Bearer at_a at_b'],
    ['an overlong token', `Bearer at_${'x'.repeat(600)}`],
  ])('answers 401 for a malformed header: %s', async (_why, header) => {
    const error = expectError(await withAuthorization(header), 401, 'UNAUTHORIZED');
    expect(error.field).toBeUndefined();
  });

  it.each([
    ['a made-up token', 'at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['random text', 'not-a-token'],
    ['a SQL-looking token', "x'or'1'='1"],
  ])('answers 401 SESSION_EXPIRED for a forged token: %s', async (_why, token) => {
    expectError(await getSession(t, token), 401, 'SESSION_EXPIRED', 'Session has expired');
  });

  it('does not take a refresh token as an access token', async () => {
    const session = await t.signup();
    expectError(await getSession(t, session.refreshToken), 401, 'SESSION_EXPIRED');
  });

  it('refuses an access token one character off', async () => {
    const session = await t.signup();
    const last = session.accessToken.at(-1) === 'A' ? 'B' : 'A';
    expectError(await getSession(t, `${session.accessToken.slice(0, -1)}${last}`), 401, 'SESSION_EXPIRED');
  });

  it('refuses an expired access token, while a fresh one of the same session still works', async () => {
    const session = await t.signup();
    await expireAccessToken(t, session.accessToken);
    expectError(await getSession(t, session.accessToken), 401, 'SESSION_EXPIRED');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect((await getSession(t, refreshed.json().accessToken)).statusCode).toBe(200);
  });

  // These three change the session behind the app's back, before any request could put the token
  // in the session cache (decision 024): they check the database lookup's own conditions.
  it('refuses the access token of a revoked session', async () => {
    const session = await t.signup();
    const id = await sessionIdOfRefreshToken(t, session.refreshToken);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
    expectError(await getSession(t, session.accessToken), 401, 'SESSION_EXPIRED');
  });

  it('refuses the access token of an expired session', async () => {
    const session = await t.signup();
    const id = await sessionIdOfRefreshToken(t, session.refreshToken);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expectError(await getSession(t, session.accessToken), 401, 'SESSION_EXPIRED');
  });

  it('keeps lastActive and the address of the session up to date', async () => {
    const session = await t.signup();
    const id = await sessionIdOfRefreshToken(t, session.refreshToken);
    const longAgo = new Date(Date.now() - 3_600_000);
    await t.database.db.update(sessions).set({ lastActiveAt: longAgo }).where(eq(sessions.id, id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: t.bearer(session),
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(200);
    const row = await sessionRowOf(t, id);
    expect(row.lastActiveAt.getTime()).toBeGreaterThan(longAgo.getTime() + 3_000_000);
    expect(row.ip).toBe('192.0.2.44');
  });

  it('shows a change of the account at once, without a new token', async () => {
    const session = await t.signup();
    await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, session.user.id));
    const res = await getSession(t, session.accessToken);
    expect(res.json().user.tier).toBe('premium');
  });
});

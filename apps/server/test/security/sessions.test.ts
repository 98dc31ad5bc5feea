import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, login, refreshWithBody, sessionIdOf } from '../helpers/auth';
import { request } from './helpers';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function loginFrom(email: string, userAgent: string): Promise<Session> {
    const res = await login(t, email, undefined, { headers: { 'user-agent': userAgent } });
    expect(res.statusCode).toBe(200);
    return res.json() as Session;
  }

  it('lists the active sessions with device, browser, ip, location, last activity and the current one', async () => {
    const session = await t.signup();
    const phone = await loginFrom(session.user.email, SAFARI_IPHONE);
    const phoneId = await sessionIdOf(t, phone);
    const list = await request(t, session, 'GET', '/api/user/sessions');
    expect(list.statusCode).toBe(200);
    const items = list.json() as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    const current = items.find((s) => s.current);
    expect(current?.id).toBe(await sessionIdOf(t, session));
    const other = items.find((s) => s.id === phoneId)!;
    expect(other).toMatchObject({
      device: 'Mobile',
      browser: expect.stringContaining('Safari'),
      os: expect.stringContaining('iOS'),
      ip: '127.0.0.1',
      location: 'Unknown',
      current: false,
    });
    expect(new Date(other.lastActive as string).getTime()).not.toBeNaN();
  });

  it('ends one other session: its access and refresh tokens stop working at once', async () => {
    const session = await t.signup();
    const other = await loginFrom(session.user.email, FIREFOX_LINUX);
    const otherId = await sessionIdOf(t, other);
    const res = await request(t, session, 'DELETE', `/api/user/sessions/${otherId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    expect((await getSession(t, other.accessToken)).statusCode).toBe(401);
    expectError(await refreshWithBody(t, other.refreshToken), 401, 'SESSION_EXPIRED');
    const ids = ((await request(t, session, 'GET', '/api/user/sessions')).json() as Array<{ id: string }>).map((s) => s.id);
    expect(ids).not.toContain(otherId);
    // Already ended: not found.
    expectError(await request(t, session, 'DELETE', `/api/user/sessions/${otherId}`), 404, 'NOT_FOUND');
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const bobId = await sessionIdOf(t, bob);
    expectError(await request(t, alice, 'DELETE', `/api/user/sessions/${bobId}`), 404, 'NOT_FOUND');
    expect((await getSession(t, bob.accessToken)).statusCode).toBe(200);
    const aliceList = (await request(t, alice, 'GET', '/api/user/sessions')).json() as Array<{ id: string }>;
    expect(aliceList.map((s) => s.id)).not.toContain(bobId);
  });

  it('refuses to end the current session here (logout does that), and unknown or malformed ids are 404', async () => {
    const session = await t.signup();
    const id = await sessionIdOf(t, session);
    expectError(await request(t, session, 'DELETE', `/api/user/sessions/${id}`), 400, 'CURRENT_SESSION');
    expectError(await request(t, session, 'DELETE', `/api/user/sessions/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await request(t, session, 'DELETE', '/api/user/sessions/not-a-session'), 404, 'NOT_FOUND');
    expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
  });

  it('signs out all others: their refresh tokens fail at once, the current one keeps working', async () => {
    const session = await t.signup();
    const others = [await loginFrom(session.user.email, FIREFOX_LINUX), await loginFrom(session.user.email, SAFARI_IPHONE)];
    const bystander = await t.signup();
    const res = await request(t, session, 'DELETE', '/api/user/sessions/all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of others) {
      expectError(await refreshWithBody(t, other.refreshToken), 401, 'SESSION_EXPIRED');
      expect((await getSession(t, other.accessToken)).statusCode).toBe(401);
    }
    expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
    expect((await refreshWithBody(t, session.refreshToken)).statusCode).toBe(200);
    expect((await getSession(t, bystander.accessToken)).statusCode).toBe(200);
    const list = (await request(t, session, 'GET', '/api/user/sessions')).json() as unknown[];
    expect(list).toHaveLength(1);
    expect((await request(t, session, 'DELETE', '/api/user/sessions/all')).json()).toEqual({ revoked: 0 });
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/user/sessions' }), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/user/sessions/all' }), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${randomUUID()}` }), 401, 'UNAUTHORIZED');
  });
});

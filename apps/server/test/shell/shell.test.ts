import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { LIVE_COOKIE } from '@app/shared/live/schemas';
import type { Purchase } from '@app/shared/purchases/schemas';
import { ZShell } from '@app/shared/shell/schemas';
import { cookieOf, createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call } from '../bots/helpers';

/** GET /api/shell (issue 38 §2, decision 043): the signed-in shell's data in one call. */
describe('the app shell in one call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const shellOf = async (s: Session) => {
    const res = await call(t, s, 'GET', '/api/shell');
    expect(res.statusCode, res.body).toBe(200);
    return { res, shell: ZShell.parse(res.json()) };
  };
  const read = async (s: Session, url: string) => {
    const res = await call(t, s, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };

  it('refuses an anonymous caller with 401 and sets no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shell' });
    expectError(res, 401, 'UNAUTHORIZED');
    expect(cookieOf(res, LIVE_COOKIE)).toBeUndefined();
  });

  it('answers each part exactly as its own route does', async () => {
    const s = await t.signup();
    await call(t, s, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const { shell } = await shellOf(s);
    const me = s.user.id;
    const [
      session,
      balance,
      gems,
      subscription,
      bell,
      appearance,
      notifications,
      data,
      level,
      missions,
      rewards,
      achievements,
      info,
      config,
    ] = await Promise.all(
      [
        '/api/auth/session',
        '/api/tokens/balance',
        '/api/gems',
        '/api/subscription',
        '/api/user/notifications?page=1&limit=10&unreadOnly=false',
        '/api/user/settings/appearance',
        '/api/user/settings/notifications',
        '/api/user/settings/data',
        `/api/gamification/user/${me}`,
        '/api/gamification/missions',
        '/api/gamification/rewards',
        '/api/gamification/user/achievements',
        '/api/app/info',
        '/api/gamification/config',
      ].map((url) => read(s, url)),
    );
    expect(shell).toEqual({
      session,
      balance,
      gems,
      subscription,
      notifications: bell,
      settings: { appearance, notifications, data },
      gamification: { user: level, missions, rewards, achievements },
      live: { expiresAt: s.expiresAt },
      flags: { app: info, gamification: config },
    });
    expect(shell.session.user.id).toBe(me);
    expect(shell.notifications.unreadCount).toBe(1);
    expect(shell.gamification.user.streaks).toHaveLength(2);
  });

  it("sets the event stream's cookie as POST /api/events/cookie does", async () => {
    const s = await t.signup();
    const { res } = await shellOf(s);
    const cookie = cookieOf(res, LIVE_COOKIE);
    expect(cookie).toMatchObject({ value: s.accessToken, path: '/api/events', httpOnly: true, sameSite: 'Strict' });
  });

  it('shows a write in the next call: a purchase, a read notification, a changed setting', async () => {
    const s = await t.signup();
    await call(t, s, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const before = (await shellOf(s)).shell;
    expect(before.notifications.unreadCount).toBe(1);

    const bought = await call(t, s, 'POST', '/api/purchases', { kind: 'tokens', packId: 'small' });
    expect(bought.statusCode, bought.body).toBe(201);
    const paid = await call(t, s, 'POST', `/api/purchases/${(bought.json() as Purchase).id}/sandbox/complete`);
    expect(paid.statusCode, paid.body).toBe(200);
    const marked = await call(t, s, 'POST', `/api/user/notifications/${before.notifications.items[0]!.id}/read`);
    expect(marked.statusCode, marked.body).toBe(200);
    const themed = await call(t, s, 'PATCH', '/api/user/settings/appearance', {
      theme: before.settings.appearance.theme === 'dark' ? 'light' : 'dark',
    });
    expect(themed.statusCode, themed.body).toBe(200);

    const after = (await shellOf(s)).shell;
    expect(after.balance.balance).toBe(before.balance.balance + (bought.json() as Purchase).credits);
    expect(after.gems).toEqual(await read(s, '/api/gems'));
    const noticed = before.notifications.items[0]!.id;
    expect(after.notifications.items.find((n) => n.id === noticed)).toMatchObject({ read: true });
    // The purchase may have told of itself in the bell: the count is the bell's own.
    expect(after.notifications.unreadCount).toBe(
      ((await read(s, '/api/user/notifications/unread-count')) as { unreadCount: number }).unreadCount,
    );
    expect(after.notifications.unreadCount).toBe(after.notifications.items.filter((n) => !n.read).length);
    expect(after.settings.appearance.theme).not.toBe(before.settings.appearance.theme);
  });

  it("is the caller's own: another user's shell shows none of it", async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    await call(t, a, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const shell = (await shellOf(b)).shell;
    expect(shell.session.user.id).toBe(b.user.id);
    expect(shell.notifications.unreadCount).toBe(0);
    expect(shell.notifications.items).toEqual([]);
  });
});

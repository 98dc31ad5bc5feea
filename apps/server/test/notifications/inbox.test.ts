import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@app/shared/notifications/schemas';
import { jobs } from '../../src/db/schema/jobs';
import { notifications } from '../../src/db/schema/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, latestMailTo } from '../helpers/auth';
import { call } from './helpers';

describe('in-app notifications: the bell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: { accessToken: string }, query = '') => {
    const res = await call(t, who, 'GET', `/api/user/notifications${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationList;
  };

  it('an in-app test lands in the bell, unread; mark one read, then all', async () => {
    const user = await t.signup();
    expect(await list(user)).toEqual({ items: [], page: 1, limit: 20, total: 0, unreadCount: 0, nextCursor: null });
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t, user, 'POST', '/api/user/notifications/test', { type: 'inApp' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sent: 1 });
    }
    const page = await list(user);
    expect(page.total).toBe(3);
    expect(page.unreadCount).toBe(3);
    expect(page.items[0]).toMatchObject({ type: 'test', title: 'Test notification', read: false, link: null });
    expect((await call(t, user, 'GET', '/api/user/notifications/unread-count')).json()).toEqual({ unreadCount: 3 });

    const read = await call(t, user, 'POST', `/api/user/notifications/${page.items[1]!.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: page.items[1]!.id, read: true });
    // Marking it again is harmless.
    expect((await call(t, user, 'POST', `/api/user/notifications/${page.items[1]!.id}/read`)).json()).toMatchObject({ read: true });
    expect((await list(user)).unreadCount).toBe(2);
    expect((await list(user, '?unreadOnly=true')).items.map((n) => n.id)).toEqual([page.items[0]!.id, page.items[2]!.id]);

    const all = await call(t, user, 'POST', '/api/user/notifications/read-all');
    expect(all.json()).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list(user)).items.every((n) => n.read)).toBe(true);
  });

  it('pages newest first', async () => {
    const user = await t.signup();
    const base = Date.now();
    await t.database.db.insert(notifications).values(
      Array.from({ length: 5 }, (_, i) => ({
        userId: user.user.id,
        type: 'systemAlerts',
        title: `n${i}`,
        createdAt: new Date(base - (5 - i) * 1000),
      })),
    );
    const first = await list(user, '?limit=2');
    expect(first.items.map((n) => n.title)).toEqual(['n4', 'n3']);
    expect(first).toMatchObject({ total: 5, unreadCount: 5, page: 1, limit: 2 });
    expect((await list(user, '?limit=2&page=3')).items.map((n) => n.title)).toEqual(['n0']);
    for (const q of ['?limit=0', '?limit=51', '?page=0', '?unreadOnly=yes', '?limit=abc']) {
      expectError(await call(t, user, 'GET', `/api/user/notifications${q}`), 400, 'VALIDATION_ERROR');
    }
  });

  it('pages by cursor through rows of one moment, each row once, newest first; a new row does not shift the pages', async () => {
    const user = await t.signup();
    const moment = new Date(Date.now() - 60_000);
    // Twelve rows, most at the very same moment: the cursor must order them by id within it.
    await t.database.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: user.user.id,
        type: i % 3 === 0 ? 'purchasePaid' : i % 3 === 1 ? 'level_up' : 'newFollower',
        title: `c${i}`,
        createdAt: i < 9 ? moment : new Date(moment.getTime() + i * 1000),
      })),
    );
    const everything = (await list(user, '?limit=50')).items.map((n) => n.id);
    expect(everything).toHaveLength(12);
    const seen: string[] = [];
    let page = await list(user, '?limit=5');
    seen.push(...page.items.map((n) => n.id));
    // A notification arriving while scrolling goes to the top, not into the next page.
    await call(t, user, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    while (page.nextCursor) {
      page = await list(user, `?limit=5&cursor=${page.nextCursor}`);
      expect(page.total).toBe(13);
      seen.push(...page.items.map((n) => n.id));
    }
    expect(seen).toEqual(everything);
  });

  it('filters by type, with the cursor and the unread filter too', async () => {
    const user = await t.signup();
    const base = Date.now() - 60_000;
    const types = [
      'purchasePaid',
      'purchaseRefunded',
      'level_up',
      'newFollower',
      'referralJoined',
      'botModerated',
      'systemUpdate',
      'newMessage',
    ];
    await t.database.db.insert(notifications).values(
      types.flatMap((type, i) => [
        { userId: user.user.id, type, title: `${type} a`, createdAt: new Date(base + i * 1000) },
        { userId: user.user.id, type, title: `${type} b`, createdAt: new Date(base + i * 1000 + 500), readAt: new Date() },
      ]),
    );
    const types_ = async (query: string) => (await list(user, query)).items.map((n) => n.type);
    expect(new Set(await types_('?type=purchases'))).toEqual(new Set(['purchasePaid', 'purchaseRefunded']));
    expect((await list(user, '?type=purchases')).total).toBe(4);
    expect(new Set(await types_('?type=social'))).toEqual(new Set(['newFollower', 'referralJoined']));
    expect(new Set(await types_('?type=progress'))).toEqual(new Set(['level_up']));
    expect(new Set(await types_('?type=bots'))).toEqual(new Set(['botModerated']));
    expect(new Set(await types_('?type=messages'))).toEqual(new Set(['newMessage']));
    expect(new Set(await types_('?type=system'))).toEqual(new Set(['systemUpdate']));
    const unread = await list(user, '?type=social&unreadOnly=true');
    expect(unread.items.map((n) => n.title)).toEqual(['referralJoined a', 'newFollower a']);
    // The unread count stays the whole bell's.
    expect(unread.unreadCount).toBe(8);
    const first = await list(user, '?type=purchases&limit=3');
    expect(first.nextCursor).not.toBeNull();
    const second = await list(user, `?type=purchases&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.title)).toEqual(['purchasePaid a']);
    expect(second.nextCursor).toBeNull();

    for (const q of [
      '?type=achievement',
      '?type=',
      '?cursor=%%%',
      '?cursor=bm90LWpzb24',
      `?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    ]) {
      expectError(await call(t, user, 'GET', `/api/user/notifications${q}`), 400, 'VALIDATION_ERROR');
    }
  });

  it('clear all empties only my bell', async () => {
    const [me, other] = [await t.signup(), await t.signup()];
    for (const who of [me, me, other]) await call(t, who, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const res = await call(t, me, 'DELETE', '/api/user/notifications');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, unreadCount: 0 });
    expect((await list(me)).total).toBe(0);
    expect((await list(other)).total).toBe(1);
    expect((await call(t, me, 'DELETE', '/api/user/notifications')).json()).toEqual({ deleted: 0, unreadCount: 0 });
    expectError(await call(t, null, 'DELETE', '/api/user/notifications'), 401, 'UNAUTHORIZED');
  });

  it("another user's notification answers 404 and stays as it was; delete removes only my own", async () => {
    const [owner, other] = [await t.signup(), await t.signup()];
    await call(t, owner, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const [mine] = (await list(owner)).items;
    expectError(await call(t, other, 'POST', `/api/user/notifications/${mine!.id}/read`), 404, 'NOT_FOUND', 'Notification not found');
    expectError(await call(t, other, 'DELETE', `/api/user/notifications/${mine!.id}`), 404, 'NOT_FOUND');
    expect((await list(owner)).items[0]).toMatchObject({ id: mine!.id, read: false });
    // read-all of another user touches nothing of mine.
    await call(t, other, 'POST', '/api/user/notifications/read-all');
    expect((await list(owner)).unreadCount).toBe(1);

    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expectError(await call(t, owner, 'POST', `/api/user/notifications/${id}/read`), 404, 'NOT_FOUND');
      expectError(await call(t, owner, 'DELETE', `/api/user/notifications/${id}`), 404, 'NOT_FOUND');
    }
    expect((await call(t, owner, 'DELETE', `/api/user/notifications/${mine!.id}`)).statusCode).toBe(204);
    expect((await list(owner)).total).toBe(0);
    expectError(await call(t, owner, 'DELETE', `/api/user/notifications/${mine!.id}`), 404, 'NOT_FOUND');
  });

  it('needs a session, and a test needs a known channel', async () => {
    expectError(await call(t, null, 'GET', '/api/user/notifications'), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'POST', '/api/user/notifications/read-all'), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'POST', '/api/user/notifications/test', { type: 'inApp' }), 401, 'UNAUTHORIZED');
    const user = await t.signup();
    for (const body of [{ type: 'sms' }, {}, { type: 'inApp', extra: true }, { type: ['email'] }]) {
      expectError(await call(t, user, 'POST', '/api/user/notifications/test', body), 400, 'VALIDATION_ERROR');
    }
    expect((await list(user)).total).toBe(0);
  });

  it('a new follower: in the bell and by email per the settings, once per follow', async () => {
    const [followee, follower] = [await t.signup(), await t.signup({ displayName: 'Ann Follower' })];
    const res = await call(t, follower, 'POST', `/api/users/${followee.user.id}/follow`);
    expect(res.statusCode, res.body).toBe(200);
    // Following again is not news.
    await call(t, follower, 'POST', `/api/users/${followee.user.id}/follow`);
    // A first follower also unlocks an achievement, whose notice is the progress tests' business.
    const followerNotices = (await list(followee)).items.filter((n) => n.type === 'newFollower');
    expect(followerNotices).toHaveLength(1);
    expect(followerNotices[0]).toMatchObject({
      type: 'newFollower',
      title: 'Ann Follower started following you',
      link: `/profile/${follower.user.username}`,
    });
    // The email goes out through the queue (email on and newFollower on by default; push off by default).
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'notification-deliver'));
    expect(
      queued
        .filter((j) => (j.payload as { userId: string }).userId === followee.user.id)
        .map((j) => (j.payload as { channel: string }).channel),
    ).toEqual(['email']);
    await t.app.ctx.jobs.runDue();
    const mail = await latestMailTo(t, followee.user.email);
    expect(mail?.subject).toContain('Ann Follower started following you');
    expect(mail?.text).toContain(`/profile/${follower.user.username}`);
  });

  it("shows each notice in the reader's language of the moment: switching it changes the notices already in the bell", async () => {
    const [followee, follower] = [await t.signup(), await t.signup({ displayName: 'Boris Follower' })];
    expect((await call(t, followee, 'POST', '/api/user/language', { language: 'ru' })).statusCode).toBe(200);
    await call(t, follower, 'POST', `/api/users/${followee.user.id}/follow`);
    await call(t, followee, 'POST', '/api/user/notifications/test', { type: 'inApp' });
    const notice = async () => (await list(followee)).items.find((n) => n.type === 'newFollower');
    expect(await notice()).toMatchObject({
      title: 'Новый подписчик: Boris Follower',
      body: `@${follower.user.username} теперь подписан(а) на вас.`,
    });
    // Its email, and the test send, are in Russian too: the notice's words and the mail's own.
    await t.app.ctx.jobs.runDue();
    const mail = await latestMailTo(t, followee.user.email);
    expect(mail?.subject).toBe('Новый подписчик: Boris Follower — CharaChat');
    expect(mail?.text).toContain(`Открыть: http://localhost:3000/profile/${follower.user.username}`);
    expect(mail?.text).toContain('Какие письма вам приходят, можно выбрать в разделе «Настройки → Уведомления»');
    expect(mail?.html).toContain('<html lang="ru">');
    expect((await list(followee)).items.find((n) => n.type === 'test')).toMatchObject({ title: 'Тестовое уведомление' });

    expect((await call(t, followee, 'POST', '/api/user/language', { language: 'en' })).statusCode).toBe(200);
    const english = { title: 'Boris Follower started following you', body: `@${follower.user.username} now follows you.` };
    expect(await notice()).toMatchObject(english);
    const read = await call(t, followee, 'POST', `/api/user/notifications/${(await notice())!.id}/read`);
    expect(read.json()).toMatchObject({ ...english, read: true });
    expect((await list(followee)).items.find((n) => n.type === 'test')).toMatchObject({ title: 'Test notification' });
  });

  it('a new follower is not shown or mailed when the user turned those switches off', async () => {
    const [followee, follower] = [await t.signup(), await t.signup()];
    await call(t, followee, 'PATCH', '/api/user/settings/notifications', { inApp: { newFollower: false }, email: { enabled: false } });
    await call(t, follower, 'POST', `/api/users/${followee.user.id}/follow`);
    await t.app.ctx.jobs.runDue();
    expect((await list(followee)).items.filter((n) => n.type === 'newFollower')).toEqual([]);
    expect((await latestMailTo(t, followee.user.email))?.subject).toMatch(/^Confirm your email/);
  });
});

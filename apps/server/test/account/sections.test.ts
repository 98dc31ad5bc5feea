import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFollows } from '../../src/db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { as } from './helpers';

describe('account settings: privacy, appearance, block list, language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the spec defaults exactly for a new user', async () => {
    const user = await t.signup();
    expect((await as(t, user, 'GET', '/api/user/settings/privacy')).json()).toStrictEqual({
      profileVisibility: 'public',
      showEmail: false,
      showLocation: false,
      showOnlineStatus: true,
      allowFriendRequests: true,
      allowDirectMessages: 'friends',
      blockList: [],
      shareActivityStatus: true,
      shareStatistics: false,
    });
    expect((await as(t, user, 'GET', '/api/user/settings/appearance')).json()).toStrictEqual({
      theme: 'system',
      language: 'en',
      fontSize: 'medium',
      compactMode: false,
      showAnimations: true,
    });
    expectError(await as(t, null, 'GET', '/api/user/settings/privacy'), 401, 'UNAUTHORIZED');
    expectError(await as(t, null, 'PATCH', '/api/user/settings/appearance', { theme: 'dark' }), 401, 'UNAUTHORIZED');
  });

  it('PATCH merges what it is given, keeps the rest, and each user has their own', async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    const first = await as(t, a, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'private', showEmail: true });
    expect(first.statusCode, first.body).toBe(200);
    const second = await as(t, a, 'PATCH', '/api/user/settings/privacy', { allowDirectMessages: 'none' });
    expect(second.json()).toMatchObject({
      profileVisibility: 'private',
      showEmail: true,
      allowDirectMessages: 'none',
      showOnlineStatus: true,
    });
    await as(t, a, 'PATCH', '/api/user/settings/appearance', { theme: 'dark', fontSize: 'large' });
    expect((await as(t, a, 'PATCH', '/api/user/settings/appearance', { compactMode: true })).json()).toStrictEqual({
      theme: 'dark',
      language: 'en',
      fontSize: 'large',
      compactMode: true,
      showAnimations: true,
    });
    expect((await as(t, b, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ theme: 'system', fontSize: 'medium' });
  });

  it('refuses unknown keys, values outside the sets, the block list, and malformed bodies; nothing changes', async () => {
    const user = await t.signup();
    const bad: [string, unknown][] = [
      ['/api/user/settings/privacy', { profileVisibility: 'friends' }],
      ['/api/user/settings/privacy', { showEmail: 'yes' }],
      ['/api/user/settings/privacy', { allowDirectMessages: 'anyone' }],
      ['/api/user/settings/privacy', { blockList: [user.user.id] }],
      ['/api/user/settings/privacy', { showEmail: true, nickname: 'x' }],
      ['/api/user/settings/appearance', { theme: 'blue' }],
      ['/api/user/settings/appearance', { language: 'de' }],
      ['/api/user/settings/appearance', { fontSize: 'huge', compactMode: true }],
      ['/api/user/settings/appearance', { showAnimations: 1 }],
      ['/api/user/settings/appearance', []],
      ['/api/user/settings/appearance', '{"theme":'],
    ];
    for (const [url, body] of bad) {
      expectError(await as(t, user, 'PATCH', url, body as object), 400, 'VALIDATION_ERROR');
    }
    expect((await as(t, user, 'GET', '/api/user/settings/privacy')).json()).toMatchObject({ showEmail: false, blockList: [] });
    expect((await as(t, user, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ compactMode: false, theme: 'system' });
  });

  it('concurrent PATCHes of different keys both stay', async () => {
    const user = await t.signup();
    await Promise.all([
      as(t, user, 'PATCH', '/api/user/settings/appearance', { theme: 'light' }),
      as(t, user, 'PATCH', '/api/user/settings/appearance', { fontSize: 'small' }),
      as(t, user, 'PATCH', '/api/user/settings/appearance', { showAnimations: false }),
    ]);
    expect((await as(t, user, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({
      theme: 'light',
      fontSize: 'small',
      showAnimations: false,
    });
  });

  it('POST /language saves appearance.language and answers it; other languages are refused', async () => {
    const user = await t.signup();
    const res = await as(t, user, 'POST', '/api/user/language', { language: 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({ language: 'ru' });
    expect((await as(t, user, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ language: 'ru', theme: 'system' });
    expectError(await as(t, user, 'POST', '/api/user/language', { language: 'fr' }), 400, 'VALIDATION_ERROR');
    expectError(await as(t, user, 'POST', '/api/user/language', {}), 400, 'VALIDATION_ERROR');
  });

  describe('block list', () => {
    it('blocks and unblocks, idempotently, answering the privacy settings with the list', async () => {
      const [me, x, y] = [await t.signup(), await t.signup(), await t.signup()];
      const first = await as(t, me, 'POST', '/api/user/block', { userId: x.user.id });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ blockList: [x.user.id], profileVisibility: 'public' });
      expect((await as(t, me, 'POST', '/api/user/block', { userId: x.user.id })).json()).toMatchObject({ blockList: [x.user.id] });
      expect((await as(t, me, 'POST', '/api/user/block', { userId: y.user.id })).json()).toMatchObject({
        blockList: [x.user.id, y.user.id],
      });
      expect((await as(t, me, 'GET', '/api/user/settings/privacy')).json()).toMatchObject({ blockList: [x.user.id, y.user.id] });
      // Someone else's list is their own.
      expect((await as(t, x, 'GET', '/api/user/settings/privacy')).json()).toMatchObject({ blockList: [] });

      expect((await as(t, me, 'DELETE', `/api/user/block/${x.user.id}`)).json()).toMatchObject({ blockList: [y.user.id] });
      expect((await as(t, me, 'DELETE', `/api/user/block/${x.user.id}`)).json()).toMatchObject({ blockList: [y.user.id] });
    });

    it('refuses oneself (400), an unknown user (404), a malformed id (400) and no session (401)', async () => {
      const me = await t.signup();
      expectError(await as(t, me, 'POST', '/api/user/block', { userId: me.user.id }), 400, 'VALIDATION_ERROR', 'You cannot block yourself');
      expectError(
        await as(t, me, 'POST', '/api/user/block', { userId: '00000000-0000-4000-8000-000000000000' }),
        404,
        'NOT_FOUND',
        'User not found',
      );
      expectError(await as(t, me, 'POST', '/api/user/block', { userId: 'bob' }), 400, 'VALIDATION_ERROR');
      expectError(await as(t, me, 'POST', '/api/user/block', {}), 400, 'VALIDATION_ERROR');
      expectError(await as(t, me, 'DELETE', '/api/user/block/not-a-uuid'), 400, 'VALIDATION_ERROR');
      expectError(await as(t, null, 'POST', '/api/user/block', { userId: me.user.id }), 401, 'UNAUTHORIZED');
      expect((await as(t, me, 'GET', '/api/user/settings/privacy')).json()).toMatchObject({ blockList: [] });
    });

    it('a blocked user no longer sees the blocker, cannot follow them, and follows between them end', async () => {
      const [me, them] = [await t.signup(), await t.signup()];
      await as(t, them, 'POST', `/api/users/${me.user.id}/follow`);
      await as(t, me, 'POST', `/api/users/${them.user.id}/follow`);
      expect((await as(t, them, 'GET', `/api/users/${me.user.username}/profile`)).statusCode).toBe(200);

      await as(t, me, 'POST', '/api/user/block', { userId: them.user.id });
      const follows = await t.database.db
        .select()
        .from(userFollows)
        .where(and(eq(userFollows.followerId, them.user.id), eq(userFollows.followeeId, me.user.id)));
      expect(follows).toHaveLength(0);
      expect((await as(t, me, 'GET', `/api/users/${them.user.username}/followers`)).json()).toMatchObject({ total: 0 });
      expectError(await as(t, them, 'GET', `/api/users/${me.user.username}/profile`), 404, 'NOT_FOUND');
      expectError(await as(t, them, 'GET', `/api/users/${me.user.username}/activity`), 404, 'NOT_FOUND');
      expectError(await as(t, them, 'POST', `/api/users/${me.user.id}/follow`), 404, 'NOT_FOUND');
      // Others and the blocker still see everything.
      expect((await as(t, null, 'GET', `/api/users/${me.user.username}/profile`)).statusCode).toBe(200);
      expect((await as(t, me, 'GET', `/api/users/${them.user.username}/profile`)).statusCode).toBe(200);

      await as(t, me, 'DELETE', `/api/user/block/${them.user.id}`);
      expect((await as(t, them, 'GET', `/api/users/${me.user.username}/profile`)).statusCode).toBe(200);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('profiles and follows', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let aliceUser: { id: string; username: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup();
    aliceUser = ((await call(t, alice, 'GET', '/api/auth/session')).json() as { user: { id: string; username: string } }).user;
  });
  afterAll(() => t.close());

  it('shows a profile by username in any case and by id, with counts over public bots only', async () => {
    await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    await createBot(t, alice);
    const byName = await call(t, null, 'GET', `/api/users/${aliceUser.username.toUpperCase()}/profile`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      id: aliceUser.id,
      displayName: 'Alice',
      isMe: false,
      isFollowing: false,
      followers: 0,
      stats: { publicBots: 1 },
      level: null,
    });
    const byId = await call(t, alice, 'GET', `/api/users/${aliceUser.id}/profile`);
    expect(byId.json()).toMatchObject({ username: aliceUser.username, isMe: true });
    expect(JSON.stringify(byId.json())).not.toContain('@example.com');
  });

  it("answers 'Profile not available' for an unknown user", async () => {
    const res = await call(t, null, 'GET', '/api/users/nobody_here/profile');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Profile not available');
  });

  it('follows and unfollows idempotently with the real count, never oneself', async () => {
    expect((await call(t, null, 'POST', `/api/users/${aliceUser.id}/follow`)).statusCode).toBe(401);
    expect((await call(t, bob, 'POST', `/api/users/${aliceUser.id}/follow`)).json()).toEqual({ following: true, followers: 1 });
    expect((await call(t, bob, 'POST', `/api/users/${aliceUser.id}/follow`)).json()).toEqual({ following: true, followers: 1 });
    expect((await call(t, bob, 'GET', `/api/users/${aliceUser.username}/profile`)).json()).toMatchObject({
      isFollowing: true,
      followers: 1,
    });
    const followers = await call(t, null, 'GET', `/api/users/${aliceUser.username}/followers`);
    expect(followers.json()).toMatchObject({ total: 1 });
    const self = await call(t, alice, 'POST', `/api/users/${aliceUser.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe('You cannot follow yourself');
    expect((await call(t, bob, 'DELETE', `/api/users/${aliceUser.id}/follow`)).json()).toEqual({ following: false, followers: 0 });
    expect((await call(t, bob, 'DELETE', `/api/users/${aliceUser.id}/follow`)).json()).toEqual({ following: false, followers: 0 });
    expect((await call(t, bob, 'POST', '/api/users/00000000-0000-4000-8000-000000000000/follow')).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { validBot } from '../bots/helpers';
import { as } from './helpers';

describe('privacy settings act on the public profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a private profile is there only for its owner', async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const path = `/api/users/${owner.user.username}/profile`;
    expect((await as(t, other, 'GET', path)).statusCode).toBe(200);
    await as(t, owner, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' });
    for (const viewer of [other, null]) {
      expect((await as(t, viewer, 'GET', path)).statusCode).toBe(404);
      expect((await as(t, viewer, 'GET', `/api/users/${owner.user.username}/activity`)).statusCode).toBe(404);
      expect((await as(t, viewer, 'GET', `/api/users/${owner.user.username}/followers`)).statusCode).toBe(404);
    }
    expect((await as(t, other, 'POST', `/api/users/${owner.user.id}/follow`)).statusCode).toBe(404);
    expect((await as(t, owner, 'GET', path)).statusCode).toBe(200);
    await as(t, owner, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'public' });
    expect((await as(t, other, 'GET', path)).statusCode).toBe(200);
  });

  it('shows the location to others only with Show Location on (off by default)', async () => {
    const owner = await t.signup();
    const other = await t.signup();
    await as(t, owner, 'PATCH', '/api/user/profile', { location: 'Lisbon' });
    const path = `/api/users/${owner.user.username}/profile`;
    expect((await as(t, other, 'GET', path)).json()).toMatchObject({ location: '' });
    expect((await as(t, owner, 'GET', path)).json()).toMatchObject({ location: 'Lisbon' });
    await as(t, owner, 'PATCH', '/api/user/settings/privacy', { showLocation: true });
    expect((await as(t, other, 'GET', path)).json()).toMatchObject({ location: 'Lisbon' });
  });

  it('hides the activity from others with Show Activity off', async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const created = await as(t, owner, 'POST', '/api/bots', validBot({ visibility: 'public', avatarUrl: '/avatars/mira.svg' }));
    expect(created.statusCode, created.body).toBe(201);
    await t.app.ctx.events.settled();
    const path = `/api/users/${owner.user.username}/activity`;
    const seen = (await as(t, other, 'GET', path)).json().items as { type: string }[];
    expect(seen.map((i) => i.type)).toContain('bot_published');
    await as(t, owner, 'PATCH', '/api/user/settings/privacy', { shareActivityStatus: false });
    expect((await as(t, other, 'GET', path)).json().items).toEqual([]);
    expect((await as(t, owner, 'GET', path)).json().items).toHaveLength(seen.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

describe('bots smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, reads, lists, publishes, clones and deletes', async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const bot = await createBot(t, alice);
    expect(bot).toMatchObject({ name: 'Test Pilot', visibility: 'private', isPublic: false, myRole: 'owner' });
    expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
    const pub = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
    expect(pub.statusCode).toBe(400);
    expect(errorOf(pub)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add an avatar image before publishing', field: 'avatar' });
    const patched = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { avatarUrl: '/avatars/mira.svg' });
    expect(patched.statusCode).toBe(200);
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`)).json()).toMatchObject({ isPublic: true });
    const list = await call(t, bob, 'GET', '/api/bots/public?q=PILOT&tags=Aviation');
    expect(list.json()).toMatchObject({ total: 1 });
    const clone = await call(t, bob, 'POST', `/api/bots/${bot.id}/clone`, {});
    expect(clone.statusCode).toBe(201);
    expect(clone.json()).toMatchObject({ name: 'Test Pilot (Copy)', visibility: 'private', myRole: 'owner' });
    const mine = await call(t, bob, 'GET', '/api/bots/my?sortBy=name');
    expect(mine.json()).toMatchObject({ total: 1 });
    expect((await call(t, bob, 'POST', '/api/bots/bulk-delete', { botIds: [bot.id] })).statusCode).toBe(404);
    expect((await call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [bot.id] })).json()).toEqual({ updated: [bot.id], count: 1 });
    expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
    const templates = await call(t, null, 'GET', '/api/bots/templates');
    expect(templates.json().items.length).toBeGreaterThan(3);
  });
});

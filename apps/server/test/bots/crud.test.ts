import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot } from '@app/shared/bots/schemas';
import { botCollaborators, bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot, validBot } from './helpers';

describe('bot create, read, edit, delete', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  const botCount = async () => (await t.database.db.select({ n: count() }).from(bots))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  it('creates a bot with the defaults of §9', async () => {
    const res = await call(t, alice, 'POST', '/api/bots', {
      name: '  Mira  ',
      description: 'A captain of a freighter.',
      personality: 'Calm.',
      scenario: 'On board.',
      firstMessage: 'Hi.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Mira',
      visibility: 'private',
      isPublic: false,
      isActive: true,
      category: { id: 'general' },
      tags: [],
      myRole: 'owner',
      settings: { temperature: 0.7, maxTokens: 1000, topP: 0.9, contextLength: 10, responseStyle: 'balanced', memoryEnabled: true },
      costs: { textMessage: 1, imageGeneration: 5, videoGeneration: 20 },
      stats: { totalChats: 0, totalMessages: 0, avgRating: null },
      sexuality: 'heterosexual',
      gender: 'female',
    });
  });

  const tooLong = (n: number) => 'x'.repeat(n);
  it.each([
    [{ name: undefined }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: tooLong(51) }, 'name', 'Name must be less than 50 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ description: tooLong(501) }, 'description', 'Description must be less than 500 characters'],
    [{ personality: ' ' }, 'personality', 'Personality is required'],
    [{ scenario: undefined }, 'scenario', 'Scenario is required'],
    [{ firstMessage: '' }, 'firstMessage', 'First message is required'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'At most 20 tags'],
    [{ tags: [tooLong(41)] }, 'tags.0', 'Each tag must be at most 40 characters'],
    [{ category: 'nope' }, 'category', 'Unknown category'],
    [{ visibility: 'secret' }, 'visibility', undefined],
    [{ settings: { temperature: 2.1 } }, 'settings.temperature', undefined],
    [{ settings: { maxTokens: 50 } }, 'settings.maxTokens', undefined],
    [{ settings: { maxTokens: 4100 } }, 'settings.maxTokens', undefined],
    [{ settings: { responseStyle: 'loud' } }, 'settings.responseStyle', undefined],
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Must be an image URL'],
  ])('refuses %j with 400 naming %s, and saves nothing', async (override, field, message) => {
    const before = await botCount();
    const res = await call(t, alice, 'POST', '/api/bots', validBot(override as object));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field, ...(message ? { message } : {}) });
    expect(await botCount()).toBe(before);
  });

  it('accepts the limits themselves (50-character name, 10 and 500-character descriptions)', async () => {
    expect((await call(t, alice, 'POST', '/api/bots', validBot({ name: tooLong(50), description: tooLong(10) }))).statusCode).toBe(201);
    expect((await call(t, alice, 'POST', '/api/bots', validBot({ description: tooLong(500) }))).statusCode).toBe(201);
  });

  it('trims tags, drops empties and duplicates', async () => {
    const bot = await createBot(t, alice, { tags: [' Space ', '', 'space', 'sci-fi'] });
    expect(bot.tags).toEqual(['Space', 'sci-fi']);
  });

  it('creating a public bot follows the publish rules', async () => {
    const res = await call(t, alice, 'POST', '/api/bots', validBot({ visibility: 'public' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add an avatar image before publishing', field: 'avatar' });
    const ok = await call(t, alice, 'POST', '/api/bots', validBot({ visibility: 'public', avatarUrl: '/avatars/mira.svg' }));
    expect(ok.json()).toMatchObject({ visibility: 'public', isPublic: true });
  });

  it('needs a session to create', async () => {
    expect((await call(t, null, 'POST', '/api/bots', validBot())).statusCode).toBe(401);
  });

  it('PATCH changes only what it names; settings merge', async () => {
    const bot = await createBot(t, alice, { settings: { temperature: 1.2, maxTokens: 2000 } });
    const res = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { name: 'Renamed', settings: { temperature: 0.3 } });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Bot;
    expect(updated).toMatchObject({
      name: 'Renamed',
      tags: bot.tags,
      description: bot.description,
      settings: { temperature: 0.3, maxTokens: 2000 },
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(bot.updatedAt).getTime());
    const bad = await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { description: 'short' });
    expect(errorOf(bad)).toMatchObject({ field: 'description', message: 'Description must be at least 10 characters' });
    expect(((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json() as Bot).description).toBe(bot.description);
  });

  it("refuses another user's bot: 404 when private, 403 when public, nothing changed", async () => {
    const priv = await createBot(t, alice);
    const pub = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    for (const [method, body] of [
      ['PATCH', { name: 'Hacked' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(t, bob, method, `/api/bots/${priv.id}`, body)).statusCode).toBe(404);
      expect((await call(t, bob, method, `/api/bots/${pub.id}`, body)).statusCode).toBe(403);
    }
    expect((await call(t, bob, 'GET', `/api/bots/${priv.id}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/bots/${priv.id}`)).statusCode).toBe(404);
    expect(((await call(t, alice, 'GET', `/api/bots/${priv.id}`)).json() as Bot).name).toBe(priv.name);
    expect(((await call(t, null, 'GET', `/api/bots/${pub.id}`)).json() as Bot).myRole).toBeNull();
  });

  it('unlisted bots open by id for anyone', async () => {
    const bot = await createBot(t, alice, { visibility: 'unlisted' });
    expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ visibility: 'unlisted', isPublic: false });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(t, alice, 'GET', '/api/bots/not-a-uuid')).statusCode).toBe(400);
    const missing = await call(t, alice, 'GET', '/api/bots/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('Bot not found');
  });

  it('editors edit content but not visibility; viewers only read', async () => {
    const bot = await createBot(t, alice);
    const bobId = ((await call(t, bob, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    await t.database.db.insert(botCollaborators).values({ botId: bot.id, userId: bobId, role: 'viewer' });
    expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ myRole: 'viewer' });
    expect((await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { name: 'By viewer' })).statusCode).toBe(403);
    await t.database.db.update(botCollaborators).set({ role: 'editor' }).where(eq(botCollaborators.botId, bot.id));
    expect((await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { name: 'By editor' })).json()).toMatchObject({
      name: 'By editor',
      myRole: 'editor',
    });
    expect((await call(t, bob, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'unlisted' })).statusCode).toBe(403);
    expect((await call(t, bob, 'DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(403);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/publish`)).statusCode).toBe(403);
  });

  it('deletes with its versions, collaborators and favorites', async () => {
    const bot = await createBot(t, alice);
    await call(t, alice, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'First' });
    await call(t, alice, 'POST', `/api/bots/${bot.id}/favorite`);
    expect((await call(t, alice, 'DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(204);
    expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await call(t, alice, 'GET', '/api/bots/favorites')).json().items.map((b: Bot) => b.id)).not.toContain(bot.id);
  });

  it('admins may read a private bot but not change it', async () => {
    const bot = await createBot(t, alice);
    const admin = await t.signup();
    const adminId = ((await call(t, admin, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    const { users } = await import('../../src/db/schema/users');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, adminId));
    expect((await call(t, admin, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(200);
    expect((await call(t, admin, 'PATCH', `/api/bots/${bot.id}`, { name: 'Admin edit' })).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { API_KEY_SCOPES, type Integrations } from '@app/shared/integrations/schemas';
import { bots } from '../../src/db/schema/bots';
import { apiKeys } from '../../src/db/schema/integrations';
import { hashToken } from '../../src/lib/secure-tokens';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { validBot } from '../bots/helpers';
import { callAs, createKey } from './helpers';

describe('API keys', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  it('creates a key shown once, stores only its hash, and lists it without the secret', async () => {
    const res = await callAs(t, alice, 'POST', '/api/user/api-keys', {
      name: '  Zapier  ',
      permissions: ['bots:write', 'bots:read', 'bots:read'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Zapier', permissions: ['bots:read', 'bots:write'] });
    expect(created.key).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(12);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await callAs(t, alice, 'GET', '/api/user/integrations');
    expect(list.statusCode).toBe(200);
    const body = list.json() as Integrations;
    const shown = body.apiKeys.find((k) => k.id === created.id)!;
    expect(shown).toEqual({
      id: created.id,
      name: 'Zapier',
      prefix: created.prefix,
      permissions: ['bots:read', 'bots:write'],
      lastUsedAt: null,
      createdAt: created.createdAt,
    });
    expect(list.body).not.toContain(created.key);
    expect(body.available).toEqual({ oidc: null });
    // Another user's list does not show it.
    expect(((await callAs(t, bob, 'GET', '/api/user/integrations')).json() as Integrations).apiKeys).toEqual([]);
  });

  it.each([
    [{ name: '', permissions: ['bots:read'] }, 'name', 'Name is required'],
    [{ name: '   ', permissions: ['bots:read'] }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(51), permissions: ['bots:read'] }, 'name', 'Name must be at most 50 characters'],
    [{ permissions: ['bots:read'] }, 'name', undefined],
    [{ name: 'k', permissions: [] }, 'permissions', 'Select at least one permission'],
    [{ name: 'k', permissions: ['admin'] }, 'permissions', undefined],
    [{ name: 'k' }, 'permissions', undefined],
    [{ name: 'k', permissions: 'bots:read' }, 'permissions', undefined],
  ])('refuses bad input %j', async (payload, field, message) => {
    const before = await t.database.db.select().from(apiKeys);
    const res = await callAs(t, alice, 'POST', '/api/user/api-keys', payload);
    const error = expectError(res, 400, 'VALIDATION_ERROR', message);
    expect(error.field?.split('.')[0]).toBe(field);
    expect(await t.database.db.select().from(apiKeys)).toHaveLength(before.length);
  });

  it('needs a session, and refuses a key for keys', async () => {
    expectError(await callAs(t, null, 'POST', '/api/user/api-keys', { name: 'k', permissions: ['bots:read'] }), 401, 'UNAUTHORIZED');
  });

  it('revokes a key: it stops working at once and leaves the list; another user gets 404', async () => {
    const key = await createKey(t, alice, ['bots:read']);
    expect((await callAs(t, key.key, 'GET', '/api/bots/my')).statusCode).toBe(200);

    expectError(await callAs(t, bob, 'DELETE', `/api/user/api-keys/${key.id}`), 404, 'NOT_FOUND');
    expect((await callAs(t, key.key, 'GET', '/api/bots/my')).statusCode).toBe(200);

    expect((await callAs(t, alice, 'DELETE', `/api/user/api-keys/${key.id}`)).statusCode).toBe(204);
    expectError(await callAs(t, key.key, 'GET', '/api/bots/my'), 401, 'API_KEY_INVALID');
    expectError(await callAs(t, alice, 'DELETE', `/api/user/api-keys/${key.id}`), 404, 'NOT_FOUND');
    const list = (await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations;
    expect(list.apiKeys.map((k) => k.id)).not.toContain(key.id);

    expectError(await callAs(t, alice, 'DELETE', '/api/user/api-keys/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(await callAs(t, alice, 'DELETE', '/api/user/api-keys/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });

  it('refuses an unknown key with 401, even on public routes', async () => {
    expectError(await callAs(t, 'cck_not-a-real-key', 'GET', '/api/bots/public'), 401, 'API_KEY_INVALID');
    expectError(await callAs(t, 'cck_not-a-real-key', 'GET', '/api/user/sessions'), 401, 'API_KEY_INVALID');
  });

  it('works as its user on the routes of its scopes, and 403 elsewhere', async () => {
    const readBots = await createKey(t, alice, ['bots:read']);
    const writeBots = await createKey(t, alice, ['bots:write', 'bots:read']);
    const chats = await createKey(t, alice, ['chats:read', 'chats:write']);

    const created = await callAs(t, writeBots.key, 'POST', '/api/bots', validBot({ name: 'Made by key' }));
    expect(created.statusCode).toBe(201);
    const botId = created.json().id as string;
    const [botRow] = await t.database.db.select().from(bots).where(eq(bots.id, botId));
    expect(botRow!.createdBy).toBe(alice.user.id);

    const mine = await callAs(t, readBots.key, 'GET', '/api/bots/my');
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(botId);
    expect((await callAs(t, readBots.key, 'GET', `/api/bots/${botId}`)).statusCode).toBe(200);
    expect((await callAs(t, readBots.key, 'GET', '/api/bots/public')).statusCode).toBe(200);
    expectError(await callAs(t, readBots.key, 'PATCH', `/api/bots/${botId}`, { name: 'x' }), 403, 'API_KEY_SCOPE');
    expectError(await callAs(t, readBots.key, 'DELETE', `/api/bots/${botId}`), 403, 'API_KEY_SCOPE');
    expectError(await callAs(t, readBots.key, 'GET', '/api/chats'), 403, 'API_KEY_SCOPE');

    const chat = await callAs(t, chats.key, 'POST', '/api/chats', { botId });
    expect(chat.statusCode).toBe(201);
    expect((await callAs(t, chats.key, 'GET', '/api/chats')).statusCode).toBe(200);
    expect((await callAs(t, chats.key, 'GET', `/api/chats/${chat.json().id}`)).statusCode).toBe(200);
    // A public route outside the key's scopes is closed to it too.
    expectError(await callAs(t, chats.key, 'GET', '/api/bots/public'), 403, 'API_KEY_SCOPE');
    expectError(await callAs(t, chats.key, 'POST', '/api/bots', validBot()), 403, 'API_KEY_SCOPE');

    // The key acts only as its own user: Bob's private bot stays hidden.
    const bobsBot = await callAs(t, bob, 'POST', '/api/bots', validBot({ name: 'Secret' }));
    expectError(await callAs(t, readBots.key, 'GET', `/api/bots/${bobsBot.json().id}`), 404, 'NOT_FOUND');
  });

  it('reaches the profile with the profile scopes only', async () => {
    const read = await createKey(t, alice, ['profile:read']);
    const bots = await createKey(t, alice, ['bots:read']);
    const profile = await callAs(t, read.key, 'GET', '/api/user/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().username).toBe(alice.user.username);
    expectError(await callAs(t, bots.key, 'GET', '/api/user/profile'), 403, 'API_KEY_SCOPE');
    expectError(await callAs(t, read.key, 'PATCH', '/api/user/profile', { bio: 'x' }), 403, 'API_KEY_SCOPE');
    const write = await createKey(t, alice, ['profile:write']);
    const patched = await callAs(t, write.key, 'PATCH', '/api/user/profile', { bio: 'Edited with a key' });
    expect(patched.statusCode, patched.body).toBe(200);
    expectError(await callAs(t, write.key, 'GET', '/api/user/profile'), 403, 'API_KEY_SCOPE');
  });

  it('never reaches sessions, password, two-factor, keys, webhooks, services, account deletion, export, admin or auth', async () => {
    const all = await createKey(t, alice, [...API_KEY_SCOPES], 'Everything');
    const closed: [string, string, object?][] = [
      ['GET', '/api/user/sessions'],
      ['DELETE', '/api/user/sessions/all'],
      ['DELETE', '/api/user/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/user/password', { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' }],
      ['POST', '/api/user/2fa/setup', { method: 'app' }],
      ['POST', '/api/user/2fa/verify', { code: '123456' }],
      ['DELETE', '/api/user/2fa', { code: '123456' }],
      ['GET', '/api/user/integrations'],
      ['POST', '/api/user/integrations/connect', { service: 'oidc' }],
      ['POST', '/api/user/api-keys', { name: 'escalate', permissions: ['bots:read'] }],
      ['DELETE', `/api/user/api-keys/${all.id}`],
      ['POST', '/api/user/webhooks', { url: 'https://example.com/hook', events: ['bot.published'] }],
      ['DELETE', '/api/user/account', { immediateDelete: true }],
      ['DELETE', '/api/user/account/deletion'],
      ['POST', '/api/user/data/export', { format: 'json' }],
      ['GET', '/api/user/settings/privacy'],
      ['POST', '/api/user/settings/reset-all'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/tokens/balance'],
      ['GET', '/api/no-such-route'],
    ];
    for (const [method, url, payload] of closed) {
      const res = await callAs(t, all.key, method as 'GET', url, payload);
      expectError(res, 403, 'API_KEY_SCOPE', 'This API key does not allow this action');
    }
    // Nothing changed: the key still works and no other key was made.
    expect((await callAs(t, all.key, 'GET', '/api/bots/my')).statusCode).toBe(200);
    const keys = await t.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'escalate'));
    expect(keys).toEqual([]);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const key = await createKey(t, alice, ['bots:read']);
    await callAs(t, key.key, 'GET', '/api/bots/my');
    const [first] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(first!.lastUsedAt).toBeInstanceOf(Date);
    await callAs(t, key.key, 'GET', '/api/bots/my');
    const [second] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(second!.lastUsedAt!.getTime()).toBe(first!.lastUsedAt!.getTime());
    const list = (await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations;
    expect(list.apiKeys.find((k) => k.id === key.id)!.lastUsedAt).toBe(first!.lastUsedAt!.toISOString());
  });

  it('keeps at most 20 active keys, even when created at the same time', async () => {
    const carol = await t.signup();
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => callAs(t, carol, 'POST', '/api/user/api-keys', { name: `k${i}`, permissions: ['bots:read'] })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, 'LIMIT_REACHED', 'You can have at most 20 API keys');
    // A revoked key frees its place.
    const one = results.find((r) => r.statusCode === 201)!.json();
    await callAs(t, carol, 'DELETE', `/api/user/api-keys/${one.id}`);
    expect((await callAs(t, carol, 'POST', '/api/user/api-keys', { name: 'again', permissions: ['bots:read'] })).statusCode).toBe(201);
  });
});

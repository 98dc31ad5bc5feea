import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import type { DataExportResult } from '@app/shared/account-data/schemas';
import { dataExports } from '../../src/db/schema/jobs';
import { users } from '../../src/db/schema/users';
import { STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { createBot } from '../bots/helpers';
import { as, createDataTestApp } from './helpers';

type Archive = Record<string, unknown> & {
  profile: Record<string, unknown>;
  settings: Record<string, unknown>;
  bots: Record<string, unknown>[];
  chats: { chat: { id: string }; messages: { content: string }[] }[];
  ledger: { balances: unknown[]; entries: unknown[] };
  searches: { query: string; searchedAt: string }[];
};

describe('data export', () => {
  let t: TestApp & { dataDir: string };
  let alice: Session;
  let bob: Session;
  let aliceChat: Chat;
  beforeAll(async () => {
    t = await createDataTestApp();
    alice = await t.signup({ displayName: 'Alice' });
    bob = await t.signup({ displayName: 'Bob' });
    const mine = await createBot(t, alice, { name: 'Aviator', visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const version = await as(t, alice, 'POST', `/api/bots/${mine.id}/versions`, { changelog: 'First flight' });
    expect(version.statusCode, version.body).toBe(201);
    const bobs = await createBot(t, bob, { name: 'Bobbot', visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    aliceChat = (await as(t, alice, 'POST', '/api/chats', { botId: bobs.id })).json() as Chat;
    const sent = await as(t, alice, 'POST', `/api/chats/${aliceChat.id}/messages`, { content: 'Hello from Alice' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect((await as(t, alice, 'POST', `/api/bots/${bobs.id}/rate`, { rating: 4 })).statusCode).toBe(200);
    await as(t, alice, 'POST', `/api/bots/${bobs.id}/favorite`);
    await as(t, alice, 'POST', `/api/users/${bob.user.id}/follow`);
    await as(t, alice, 'PATCH', '/api/user/settings/data', { allowAnalytics: false });
    expect((await as(t, alice, 'POST', '/api/search/recent', { query: 'Aviator wings' })).statusCode).toBeLessThan(300);
    // Bob's own chat must never show in Alice's archive.
    const bobChat = (await as(t, bob, 'POST', '/api/chats', { botId: bobs.id })).json() as Chat;
    await as(t, bob, 'POST', `/api/chats/${bobChat.id}/messages`, { content: 'Bob private words' });
  });
  afterAll(() => t.close());

  const requestExport = async (session: Session, format: 'json' | 'zip') => {
    const res = await as(t, session, 'POST', '/api/user/data/export', { format });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DataExportResult;
  };
  const download = (session: Session | null, url: string) => as(t, session, 'GET', url);

  it('builds a json archive of everything the user owns, downloadable by its owner', async () => {
    const result = await requestExport(alice, 'json');
    expect(result).toMatchObject({ format: 'json', downloadUrl: `/api/user/data/exports/${result.id}/download` });
    const hours = (Date.parse(result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const res = await download(alice, result.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="user-data-export.json"');
    expect(res.rawPayload.length).toBe(result.sizeBytes);
    const archive = res.json() as Archive;

    expect(archive.profile).toMatchObject({ id: alice.user.id, email: alice.user.email, displayName: 'Alice' });
    expect(archive.profile).not.toHaveProperty('passwordHash');
    expect(archive.settings).toMatchObject({ data: { allowAnalytics: false }, appearance: { theme: 'system' } });
    expect(archive.bots).toHaveLength(1);
    expect(archive.bots[0]).toMatchObject({ name: 'Aviator', personality: expect.any(String) as string });
    expect(archive.bots[0]!.versions).toEqual([expect.objectContaining({ version: 1, changelog: 'First flight' })]);
    expect(archive.chats).toHaveLength(1);
    expect(archive.chats[0]!.chat.id).toBe(aliceChat.id);
    expect(archive.chats[0]!.messages.map((m) => m.content)).toContain('Hello from Alice');
    expect(archive.ratings).toEqual([expect.objectContaining({ botName: 'Bobbot', rating: 4 })]);
    expect(archive.favorites).toEqual([expect.objectContaining({ botName: 'Bobbot' })]);
    expect(archive.follows).toMatchObject({ following: [{ userId: bob.user.id }], followers: [] });
    expect(archive.ledger.balances.length).toBeGreaterThan(0);
    expect(archive.ledger.entries.length).toBeGreaterThan(0);
    expect(archive.sessions).toEqual([expect.objectContaining({ id: expect.any(String) as string })]);
    expect(archive.searches).toEqual([{ query: 'Aviator wings', searchedAt: expect.any(String) as string }]);

    const text = res.body;
    expect(text).not.toContain('Bob private words');
    expect(text).not.toContain(STRONG_PASSWORD);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/passwordHash|keyHash|secretSealed|tokenHash|idempotencyKey/);
    expect(text).not.toContain(alice.accessToken);
  });

  it('marks the export as requested in the data settings', async () => {
    const settings = (await as(t, alice, 'GET', '/api/user/settings/data')).json() as { exportDataRequested: boolean };
    expect(settings.exportDataRequested).toBe(true);
  });

  it('builds a zip with one file per part and per chat, and a README', async () => {
    expect((await as(t, bob, 'POST', '/api/personas', { name: 'Bob the Bard', description: 'Sings badly.' })).statusCode).toBe(201);
    const result = await requestExport(bob, 'zip');
    const res = await download(bob, result.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="user-data-export.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    for (const part of [
      'README.txt',
      'profile.json',
      'settings.json',
      'bots.json',
      'ledger.json',
      'sessions.json',
      'searches.json',
      'api-keys.json',
      'webhooks.json',
      'personas.json',
      'lorebooks.json',
    ]) {
      expect(names).toContain(part);
    }
    const chatFiles = names.filter((n) => n.startsWith('chats/'));
    expect(chatFiles).toHaveLength(1);
    const chat = JSON.parse(strFromU8(files[chatFiles[0]!]!)) as { messages: { content: string }[] };
    expect(chat.messages.map((m) => m.content)).toContain('Bob private words');
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: bob.user.id, displayName: 'Bob' });
    const bots = JSON.parse(strFromU8(files['bots.json']!)) as { name: string }[];
    expect(bots.map((b) => b.name)).toEqual(['Bobbot']);
    const personas = JSON.parse(strFromU8(files['personas.json']!)) as { name: string; isDefault: boolean }[];
    expect(personas).toMatchObject([{ name: 'Bob the Bard', description: 'Sings badly.', isDefault: true }]);
    for (const [name, data] of Object.entries(files)) {
      const text = strFromU8(data);
      if (name.endsWith('.json')) expect(() => JSON.parse(text) as unknown, name).not.toThrow();
      expect(text).not.toMatch(/\$argon2|passwordHash|keyHash|secretSealed|tokenHash/);
      expect(text).not.toContain('Hello from Alice');
    }
  });

  it('stores the archive outside the public uploads, under an unguessable name', async () => {
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.userId, bob.user.id));
    expect(row!.storageKey).toMatch(new RegExp(`exports/${bob.user.id}/[0-9a-f]{32}\\.zip$`));
    const relative = row!.storageKey.replace(/^\/uploads\//, '');
    expect(fs.existsSync(path.join(t.dataDir, 'private', relative))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', relative))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: row!.storageKey })).statusCode).toBe(404);
  });

  it("answers 404 for another user's export and 401 without a session", async () => {
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.userId, bob.user.id));
    const url = `/api/user/data/exports/${row!.id}/download`;
    expectError(await download(alice, url), 404, 'NOT_FOUND', 'Data export not found');
    expectError(await download(null, url), 401, 'UNAUTHORIZED');
    expectError(await download(alice, '/api/user/data/exports/00000000-0000-4000-8000-000000000000/download'), 404, 'NOT_FOUND');
    expectError(await download(alice, '/api/user/data/exports/not-a-uuid/download'), 400, 'VALIDATION_ERROR');
  });

  it('allows one export per minute per user, with Retry-After', async () => {
    const res = await as(t, alice, 'POST', '/api/user/data/export', { format: 'zip' });
    expectError(res, 429, 'RATE_LIMITED', 'You can request one data export per minute. Please try again shortly.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it.each([
    ['an unknown format', { format: 'csv' }],
    ['no format', {}],
    ['an extra key', { format: 'json', everything: true }],
  ])('refuses %s with 400 before counting an export', async (_label, body) => {
    const carol = await t.signup();
    expectError(await as(t, carol, 'POST', '/api/user/data/export', body), 400, 'VALIDATION_ERROR');
    expect((await as(t, carol, 'POST', '/api/user/data/export', { format: 'json' })).statusCode).toBe(201);
  });

  it('refuses an export without a session', async () => {
    expectError(await as(t, null, 'POST', '/api/user/data/export', { format: 'json' }), 401, 'UNAUTHORIZED');
  });

  it('answers 410 for an expired export, and the cleanup job deletes it with its file', async () => {
    const dave = await t.signup();
    const result = await requestExport(dave, 'json');
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, result.id));
    const file = path.join(t.dataDir, 'private', row!.storageKey.replace(/^\/uploads\//, ''));
    expect(fs.existsSync(file)).toBe(true);
    await t.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, result.id));

    expectError(await download(dave, result.downloadUrl), 410, 'EXPORT_EXPIRED', 'This data export has expired. Please request a new one.');

    const cleanup = t.app.ctx.jobs.periodic.find((j) => j.name === 'data-export-cleanup')!;
    expect(await cleanup.run()).toBe(1);
    expect(await cleanup.run()).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.database.db.select().from(dataExports).where(eq(dataExports.id, result.id))).toHaveLength(0);
    expectError(await download(dave, result.downloadUrl), 404, 'NOT_FOUND');
    // Exports that have not expired stay.
    expect(await t.database.db.select().from(dataExports).where(eq(dataExports.userId, bob.user.id))).toHaveLength(1);
  });

  it('exports a chat of 10,000 messages whole, read page by page', async () => {
    const erin = await t.signup();
    const bot = await createBot(t, erin, { name: 'Chatty' });
    const chat = (await as(t, erin, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    await t.database.db.execute(
      sql`insert into chat_messages (chat_id, role, content, created_at)
          select ${chat.id}::uuid, case when n % 2 = 0 then 'user' else 'assistant' end, 'message ' || n, now() - (n || ' seconds')::interval
          from generate_series(1, 10000) n`,
    );
    const result = await requestExport(erin, 'zip');
    const files = unzipSync(new Uint8Array((await download(erin, result.downloadUrl)).rawPayload));
    const doc = JSON.parse(strFromU8(files[`chats/${chat.id}.json`]!)) as { messages: { id: number; content: string }[] };
    expect(doc.messages).toHaveLength(10_001);
    expect(new Set(doc.messages.map((m) => m.id)).size).toBe(10_001);
    expect(doc.messages.map((m) => m.content)).toContain('message 10000');
    const [user] = await t.database.db.select({ at: users.exportRequestedAt }).from(users).where(eq(users.id, erin.user.id));
    expect(user!.at).not.toBeNull();
  }, 60_000);
});

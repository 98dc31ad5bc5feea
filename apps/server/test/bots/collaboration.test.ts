import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot, BotVersion, Collaborator } from '@app/shared/bots/schemas';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

describe('versions and collaborators', () => {
  let t: TestApp;
  let owner: Session;
  let editor: Session;
  let viewer: Session;
  let stranger: Session;
  const emails = new Map<Session, string>();
  const ids = new Map<Session, string>();

  async function user(): Promise<Session> {
    const email = `collab-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const session = await t.signup({ email });
    emails.set(session, email);
    ids.set(session, ((await call(t, session, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id);
    return session;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await user();
    editor = await user();
    viewer = await user();
    stranger = await user();
  });
  afterAll(() => t.close());

  it('invites by email (viewer by default), lists the owner first, changes roles and removes', async () => {
    const bot = await createBot(t, owner);
    const invited = await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(viewer)!.toUpperCase() });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'viewer', permissions: ['read'], user: { id: ids.get(viewer) } });
    await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(editor), role: 'editor' });

    const list = (await call(t, owner, 'GET', `/api/bots/${bot.id}/collaborators`)).json().items as Collaborator[];
    expect(list.map((c) => c.role)).toEqual(['owner', 'viewer', 'editor']);
    expect(list[0]).toMatchObject({ user: { id: ids.get(owner) }, permissions: ['read', 'write', 'admin'] });
    expect(list[1]!.user.email).toBe(emails.get(viewer));
    // Collaborators see the list, without other people's emails.
    const seenByViewer = (await call(t, viewer, 'GET', `/api/bots/${bot.id}/collaborators`)).json().items as Collaborator[];
    expect(seenByViewer.every((c) => c.user.email === undefined)).toBe(true);
    expect((await call(t, stranger, 'GET', `/api/bots/${bot.id}/collaborators`)).statusCode).toBe(404);

    expect(
      (await call(t, owner, 'PATCH', `/api/bots/${bot.id}/collaborators/${ids.get(viewer)}`, { role: 'editor' })).json(),
    ).toMatchObject({ role: 'editor' });
    expect((await call(t, owner, 'PATCH', `/api/bots/${bot.id}/collaborators/${ids.get(viewer)}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call(t, owner, 'DELETE', `/api/bots/${bot.id}/collaborators/${ids.get(viewer)}`)).statusCode).toBe(204);
    expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
  });

  it('refuses unknown emails, oneself, duplicates, and invitations by non-owners', async () => {
    const bot = await createBot(t, owner);
    const unknown = await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('No user with this email');
    expect((await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(owner) })).statusCode).toBe(400);
    expect((await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: 'not an email' })).statusCode).toBe(400);
    await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(editor), role: 'editor' });
    const again = await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(editor) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This user is already a collaborator');
    expect((await call(t, editor, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(viewer) })).statusCode).toBe(403);
    expect((await call(t, stranger, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(viewer) })).statusCode).toBe(404);
  });

  it('never changes or removes the owner; a collaborator may leave', async () => {
    const bot = await createBot(t, owner);
    await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(editor), role: 'editor' });
    for (const res of [
      await call(t, owner, 'PATCH', `/api/bots/${bot.id}/collaborators/${ids.get(owner)}`, { role: 'viewer' }),
      await call(t, owner, 'DELETE', `/api/bots/${bot.id}/collaborators/${ids.get(owner)}`),
      await call(t, editor, 'DELETE', `/api/bots/${bot.id}/collaborators/${ids.get(owner)}`),
    ]) {
      expect([400, 403]).toContain(res.statusCode);
    }
    expect(errorOf(await call(t, owner, 'DELETE', `/api/bots/${bot.id}/collaborators/${ids.get(owner)}`)).message).toBe(
      "The owner can't be changed or removed",
    );
    expect((await call(t, editor, 'DELETE', `/api/bots/${bot.id}/collaborators/${ids.get(editor)}`)).statusCode).toBe(204);
    expect((await call(t, editor, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
  });

  it('saves versions with increasing numbers, lists them newest first, and restores one as a new version', async () => {
    const bot = await createBot(t, owner, { name: 'First name' });
    await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(editor), role: 'editor' });
    await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: emails.get(viewer) });
    const v1 = (await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Initial' })).json() as BotVersion;
    expect(v1).toMatchObject({ version: 1, status: 'current', changelog: 'Initial', name: 'First name' });
    await call(t, editor, 'PATCH', `/api/bots/${bot.id}`, { name: 'Second name', visibility: undefined });
    await call(t, owner, 'POST', `/api/bots/${bot.id}/unpublish`);
    const v2 = await call(t, editor, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Renamed' });
    expect(v2.json()).toMatchObject({ version: 2, name: 'Second name' });
    expect((await call(t, viewer, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Nope' })).statusCode).toBe(403);
    expect(errorOf(await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: ' ' })).message).toBe('Changelog is required');

    const list = (await call(t, viewer, 'GET', `/api/bots/${bot.id}/versions`)).json().items as BotVersion[];
    expect(list.map((v) => [v.version, v.status])).toEqual([
      [2, 'current'],
      [1, 'archived'],
    ]);
    expect((await call(t, stranger, 'GET', `/api/bots/${bot.id}/versions`)).statusCode).toBe(404);

    expect((await call(t, viewer, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`)).statusCode).toBe(403);
    const restored = await call(t, editor, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as Bot).name).toBe('First name');
    const after = (await call(t, owner, 'GET', `/api/bots/${bot.id}/versions`)).json().items as BotVersion[];
    expect(after[0]).toMatchObject({ version: 3, changelog: 'Restored version 1', status: 'current' });
  });

  it("refuses a version of another bot, and a stranger's calls on a public bot with 403", async () => {
    const a = await createBot(t, owner);
    const b = await createBot(t, owner, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const va = (await call(t, owner, 'POST', `/api/bots/${a.id}/versions`, { changelog: 'A' })).json() as BotVersion;
    const wrong = await call(t, owner, 'POST', `/api/bots/${b.id}/versions/${va.id}/restore`);
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong).message).toBe('Version not found');
    expect((await call(t, stranger, 'GET', `/api/bots/${b.id}/versions`)).statusCode).toBe(403);
    expect((await call(t, stranger, 'POST', `/api/bots/${b.id}/versions`, { changelog: 'x' })).statusCode).toBe(403);
  });

  it('gives concurrent version saves distinct numbers', async () => {
    const bot = await createBot(t, owner);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: `v${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => (r.json() as BotVersion).version).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

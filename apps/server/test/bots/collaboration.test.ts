import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot, BotVersion, Collaborator } from '@app/shared/bots/schemas';
import { botCollaborators, botVersions, bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { expectError, setRole } from '../helpers/auth';
import { call, createBot } from './helpers';

/** Version history and collaborators, real and enforced (issue 3 §8; spec §2, §3 Collaboration, §6). */
describe('versions and collaborators', () => {
  let t: TestApp;
  let owner: Session;
  let editor: Session;
  let viewer: Session;
  let stranger: Session;
  let admin: Session;
  const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };

  const invite = (botId: string, email: string, role?: 'editor' | 'viewer', by: Session = owner) =>
    call(t, by, 'POST', `/api/bots/${botId}/collaborators`, role ? { email, role } : { email });
  const versionsOf = async (s: Session, botId: string) =>
    ((await call(t, s, 'GET', `/api/bots/${botId}/versions`)).json() as { items: BotVersion[] }).items;
  const collaboratorsOf = async (s: Session, botId: string) =>
    ((await call(t, s, 'GET', `/api/bots/${botId}/collaborators`)).json() as { items: Collaborator[] }).items;
  const collaboratorRows = (botId: string) =>
    t.database.db
      .select({ userId: botCollaborators.userId, role: botCollaborators.role })
      .from(botCollaborators)
      .where(eq(botCollaborators.botId, botId));
  /** A bot of the owner with the editor and the viewer invited. */
  async function sharedBot(fields: Parameters<typeof createBot>[2] = {}) {
    const bot = await createBot(t, owner, fields);
    expect((await invite(bot.id, editor.user.email, 'editor')).statusCode).toBe(201);
    expect((await invite(bot.id, viewer.user.email)).statusCode).toBe(201);
    return bot;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    owner = await t.signup();
    editor = await t.signup();
    viewer = await t.signup();
    stranger = await t.signup();
    admin = await t.signup();
    await setRole(t, admin.user.id, 'admin');
  });
  afterAll(() => t.close());

  describe('versions', () => {
    it('creates versions 1, 2, 3 with their changelog and author; the newest is current, the others archived', async () => {
      const bot = await sharedBot({ name: 'First name' });
      const v1 = await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: '  Initial  ' });
      expect(v1.statusCode).toBe(201);
      expect(v1.json()).toMatchObject({
        version: 1,
        status: 'current',
        changelog: 'Initial',
        name: 'First name',
        author: { id: owner.user.id, username: owner.user.username },
      });
      await call(t, editor, 'PATCH', `/api/bots/${bot.id}`, { name: 'Second name' });
      const v2 = await call(t, editor, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Renamed' });
      expect(v2.statusCode).toBe(201);
      expect(v2.json()).toMatchObject({ version: 2, status: 'current', name: 'Second name', author: { id: editor.user.id } });
      const v3 = await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Again' });
      expect(v3.json()).toMatchObject({ version: 3 });

      const list = await versionsOf(owner, bot.id);
      expect(list.map((v) => [v.version, v.status, v.changelog])).toEqual([
        [3, 'current', 'Again'],
        [2, 'archived', 'Renamed'],
        [1, 'archived', 'Initial'],
      ]);
      expect(list.map((v) => v.id)).toEqual([(v3.json() as BotVersion).id, (v2.json() as BotVersion).id, (v1.json() as BotVersion).id]);
      // Numbers are per bot.
      const other = await createBot(t, owner);
      expect((await call(t, owner, 'POST', `/api/bots/${other.id}/versions`, { changelog: 'Other' })).json()).toMatchObject({ version: 1 });
    });

    it('the owner, an editor and a viewer list them; a stranger gets 404 on a private bot and 403 on a public one', async () => {
      const priv = await sharedBot();
      const publicBot = await sharedBot(pub);
      for (const bot of [priv, publicBot]) await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'One' });
      for (const s of [owner, editor, viewer]) {
        for (const bot of [priv, publicBot]) {
          const res = await call(t, s, 'GET', `/api/bots/${bot.id}/versions`);
          expect(res.statusCode).toBe(200);
          expect((res.json() as { items: BotVersion[] }).items).toHaveLength(1);
        }
      }
      expectError(await call(t, stranger, 'GET', `/api/bots/${priv.id}/versions`), 404, 'NOT_FOUND', 'Bot not found');
      expectError(await call(t, stranger, 'GET', `/api/bots/${publicBot.id}/versions`), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'GET', `/api/bots/${publicBot.id}/versions`), 401, 'UNAUTHORIZED');
    });

    it('only the owner and editors save versions; changelog required, at most 500 characters', async () => {
      const bot = await sharedBot();
      const publicBot = await sharedBot(pub);
      expectError(await call(t, viewer, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Nope' }), 403, 'FORBIDDEN');
      expectError(await call(t, stranger, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Nope' }), 404, 'NOT_FOUND');
      expectError(await call(t, stranger, 'POST', `/api/bots/${publicBot.id}/versions`, { changelog: 'Nope' }), 403, 'FORBIDDEN');
      expectError(await call(t, admin, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Nope' }), 403, 'FORBIDDEN');
      for (const changelog of ['', '   ']) {
        const res = await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog });
        expect(errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message: 'Changelog is required', field: 'changelog' });
      }
      expectError(await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, {}), 400, 'VALIDATION_ERROR');
      expectError(await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
      expect((await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'x'.repeat(500) })).statusCode).toBe(201);
      expect(await versionsOf(owner, bot.id)).toHaveLength(1);
      expect(await versionsOf(owner, publicBot.id)).toHaveLength(0);
    });

    it('restore brings the fields back, but not the visibility or the avatar, and records "Restored version N"', async () => {
      const bot = await sharedBot({
        name: 'Original',
        personality: 'Original personality.',
        tags: ['one'],
        settings: { temperature: 0.5 },
        category: 'creative',
        avatarUrl: '/avatars/mira.svg',
      });
      const v1 = (await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Initial' })).json() as BotVersion;
      const edited = await call(t, editor, 'PATCH', `/api/bots/${bot.id}`, {
        name: 'Edited',
        personality: 'Edited personality.',
        tags: ['two', 'three'],
        settings: { temperature: 1.5, maxTokens: 3000 },
        category: 'educational',
        avatarUrl: '/avatars/kai.svg',
      });
      expect(edited.statusCode).toBe(200);
      expect((await call(t, owner, 'POST', `/api/bots/${bot.id}/publish`)).statusCode).toBe(200);
      await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Edited' });

      const res = await call(t, editor, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`);
      expect(res.statusCode).toBe(200);
      const restored = res.json() as Bot;
      expect(restored).toMatchObject({
        name: 'Original',
        personality: 'Original personality.',
        tags: ['one'],
        category: { id: 'creative' },
        settings: { temperature: 0.5, maxTokens: 1000 },
        visibility: 'public',
        isPublic: true,
        avatarUrl: '/avatars/kai.svg',
        myRole: 'editor',
      });
      expect(await call(t, owner, 'GET', `/api/bots/${bot.id}`).then((r) => r.json())).toMatchObject({
        name: 'Original',
        visibility: 'public',
      });
      // Explore searches the restored texts.
      expect((await call(t, null, 'GET', '/api/bots/public?q=original')).json()).toMatchObject({ total: 1 });

      const list = await versionsOf(owner, bot.id);
      expect(list.map((v) => [v.version, v.status, v.changelog, v.name])).toEqual([
        [3, 'current', 'Restored version 1', 'Original'],
        [2, 'archived', 'Edited', 'Edited'],
        [1, 'archived', 'Initial', 'Original'],
      ]);
      expect(list[0]!.author.id).toBe(editor.user.id);
    });

    it('a viewer, a stranger and an admin may not restore, and nothing changes', async () => {
      const bot = await sharedBot({ name: 'Keep me' });
      const v1 = (await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Initial' })).json() as BotVersion;
      await call(t, owner, 'PATCH', `/api/bots/${bot.id}`, { name: 'Current name' });
      expectError(await call(t, viewer, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`), 403, 'FORBIDDEN');
      expectError(await call(t, stranger, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`), 404, 'NOT_FOUND');
      expectError(await call(t, admin, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'POST', `/api/bots/${bot.id}/versions/${v1.id}/restore`), 401, 'UNAUTHORIZED');
      expect((await t.database.db.select({ name: bots.name }).from(bots).where(eq(bots.id, bot.id)))[0]!.name).toBe('Current name');
      expect(await versionsOf(owner, bot.id)).toHaveLength(1);
    });

    it("refuses a version of another bot, an unknown one (404 'Version not found') and a malformed id (400)", async () => {
      const a = await createBot(t, owner);
      const b = await createBot(t, owner, { name: 'Bot B' });
      const va = (await call(t, owner, 'POST', `/api/bots/${a.id}/versions`, { changelog: 'A' })).json() as BotVersion;
      const wrong = await call(t, owner, 'POST', `/api/bots/${b.id}/versions/${va.id}/restore`);
      expectError(wrong, 404, 'NOT_FOUND', 'Version not found');
      expectError(
        await call(t, owner, 'POST', `/api/bots/${b.id}/versions/00000000-0000-4000-8000-000000000000/restore`),
        404,
        'NOT_FOUND',
        'Version not found',
      );
      expectError(await call(t, owner, 'POST', `/api/bots/${b.id}/versions/nope/restore`), 400, 'VALIDATION_ERROR');
      expect((await call(t, owner, 'GET', `/api/bots/${b.id}`)).json()).toMatchObject({ name: 'Bot B' });
      expect(await versionsOf(owner, b.id)).toHaveLength(0);
    });

    it('gives concurrent saves distinct numbers', async () => {
      const bot = await sharedBot();
      const results = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: `owner ${i}` })),
        ...Array.from({ length: 4 }, (_, i) => call(t, editor, 'POST', `/api/bots/${bot.id}/versions`, { changelog: `editor ${i}` })),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(results.map((r) => (r.json() as BotVersion).version).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const stored = await t.database.db.select({ v: botVersions.version }).from(botVersions).where(eq(botVersions.botId, bot.id));
      expect(new Set(stored.map((r) => r.v)).size).toBe(8);
      expect((await versionsOf(owner, bot.id)).filter((v) => v.status === 'current')).toHaveLength(1);
    });
  });

  describe('collaborators', () => {
    it('lists the owner first (read, write, admin), then editors and viewers with their permissions', async () => {
      const bot = await createBot(t, owner);
      expect(await collaboratorsOf(owner, bot.id)).toEqual([
        {
          botId: bot.id,
          user: expect.objectContaining({ id: owner.user.id, username: owner.user.username, email: owner.user.email }),
          role: 'owner',
          permissions: ['read', 'write', 'admin'],
          joinedAt: expect.any(String),
        },
      ]);
      await invite(bot.id, viewer.user.email);
      await invite(bot.id, editor.user.email, 'editor');
      const list = await collaboratorsOf(owner, bot.id);
      expect(list.map((c) => [c.user.id, c.role, c.permissions])).toEqual([
        [owner.user.id, 'owner', ['read', 'write', 'admin']],
        [viewer.user.id, 'viewer', ['read']],
        [editor.user.id, 'editor', ['read', 'write']],
      ]);
    });

    it('invites an existing user by email: viewer by default, or editor; case and spaces do not matter', async () => {
      const bot = await createBot(t, owner);
      const res = await invite(bot.id, `  ${viewer.user.email.toUpperCase()} `);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        botId: bot.id,
        role: 'viewer',
        permissions: ['read'],
        user: { id: viewer.user.id, username: viewer.user.username, email: viewer.user.email },
      });
      const asEditor = await invite(bot.id, editor.user.email, 'editor');
      expect(asEditor.json()).toMatchObject({ role: 'editor', permissions: ['read', 'write'], user: { id: editor.user.id } });
      expect(await collaboratorRows(bot.id)).toHaveLength(2);
    });

    it('refuses an unknown email (404), oneself (400), a duplicate (409), a bad email or role (400), and saves nothing', async () => {
      const bot = await createBot(t, owner);
      await invite(bot.id, editor.user.email, 'editor');
      const unknown = await invite(bot.id, 'nobody-here@example.com');
      expectError(unknown, 404, 'NOT_FOUND', 'No user with this email');
      const self = await invite(bot.id, owner.user.email);
      expect(errorOf(self)).toEqual({ code: 'VALIDATION_ERROR', message: 'You are already the owner of this bot', field: 'email' });
      expect(self.statusCode).toBe(400);
      const again = await invite(bot.id, editor.user.email.toUpperCase(), 'viewer');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({ code: 'CONFLICT', message: 'This user is already a collaborator', field: 'email' });
      const bad = await invite(bot.id, 'not an email');
      expect(errorOf(bad)).toEqual({ code: 'VALIDATION_ERROR', message: 'Please enter a valid email address', field: 'email' });
      expectError(
        await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, { email: viewer.user.email, role: 'owner' }),
        400,
        'VALIDATION_ERROR',
      );
      expectError(await call(t, owner, 'POST', `/api/bots/${bot.id}/collaborators`, {}), 400, 'VALIDATION_ERROR');
      // The duplicate did not change the editor's role.
      expect(await collaboratorRows(bot.id)).toEqual([{ userId: editor.user.id, role: 'editor' }]);
    });

    it('only the owner invites: editor and viewer 403, stranger 404 (private) or 403 (public), admin 403', async () => {
      const priv = await sharedBot();
      const publicBot = await sharedBot(pub);
      const target = await t.signup();
      for (const bot of [priv, publicBot]) {
        for (const by of [editor, viewer, admin]) expectError(await invite(bot.id, target.user.email, 'editor', by), 403, 'FORBIDDEN');
      }
      expectError(await invite(priv.id, target.user.email, 'viewer', stranger), 404, 'NOT_FOUND');
      expectError(await invite(publicBot.id, target.user.email, 'viewer', stranger), 403, 'FORBIDDEN');
      // A stranger cannot make themselves a collaborator.
      expectError(await invite(publicBot.id, stranger.user.email, 'editor', stranger), 403, 'FORBIDDEN');
      for (const bot of [priv, publicBot]) expect(await collaboratorRows(bot.id)).toHaveLength(2);
    });

    it('changes a role, and the new rights apply at once', async () => {
      const bot = await sharedBot();
      expectError(await call(t, viewer, 'PATCH', `/api/bots/${bot.id}`, { name: 'By viewer' }), 403, 'FORBIDDEN');
      const promoted = await call(t, owner, 'PATCH', `/api/bots/${bot.id}/collaborators/${viewer.user.id}`, { role: 'editor' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ role: 'editor', permissions: ['read', 'write'], user: { id: viewer.user.id } });
      expect((await call(t, viewer, 'PATCH', `/api/bots/${bot.id}`, { name: 'By promoted viewer' })).statusCode).toBe(200);
      expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ myRole: 'editor' });

      const demoted = await call(t, owner, 'PATCH', `/api/bots/${bot.id}/collaborators/${editor.user.id}`, { role: 'viewer' });
      expect(demoted.json()).toMatchObject({ role: 'viewer', permissions: ['read'] });
      expectError(await call(t, editor, 'PATCH', `/api/bots/${bot.id}`, { name: 'By demoted editor' }), 403, 'FORBIDDEN');
      expectError(await call(t, editor, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'x' }), 403, 'FORBIDDEN');
    });

    it('refuses role changes that are not the owner’s to make or not valid', async () => {
      const bot = await sharedBot();
      const path = (userId: string) => `/api/bots/${bot.id}/collaborators/${userId}`;
      expectError(await call(t, editor, 'PATCH', path(viewer.user.id), { role: 'editor' }), 403, 'FORBIDDEN');
      expectError(await call(t, viewer, 'PATCH', path(viewer.user.id), { role: 'editor' }), 403, 'FORBIDDEN');
      expectError(await call(t, stranger, 'PATCH', path(viewer.user.id), { role: 'editor' }), 404, 'NOT_FOUND');
      expectError(await call(t, owner, 'PATCH', path(viewer.user.id), { role: 'owner' }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, owner, 'PATCH', path(viewer.user.id), { role: 'admin' }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, owner, 'PATCH', path(stranger.user.id), { role: 'editor' }), 404, 'NOT_FOUND', 'Collaborator not found');
      expectError(await call(t, owner, 'PATCH', path('nope'), { role: 'editor' }), 400, 'VALIDATION_ERROR');
      expect((await collaboratorRows(bot.id)).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
        { userId: editor.user.id, role: 'editor' },
        { userId: viewer.user.id, role: 'viewer' },
      ]);
    });

    it('never changes or removes the owner: 400 "The owner can\'t be changed or removed"', async () => {
      const bot = await sharedBot();
      const path = `/api/bots/${bot.id}/collaborators/${owner.user.id}`;
      for (const role of ['viewer', 'editor']) {
        const res = await call(t, owner, 'PATCH', path, { role });
        expect(errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message: "The owner can't be changed or removed", field: 'userId' });
        expect(res.statusCode).toBe(400);
      }
      const removed = await call(t, owner, 'DELETE', path);
      expect(removed.statusCode).toBe(400);
      expect(errorOf(removed).message).toBe("The owner can't be changed or removed");
      // Nor can a collaborator remove them.
      expect([400, 403]).toContain((await call(t, editor, 'DELETE', path)).statusCode);
      expect((await collaboratorsOf(owner, bot.id))[0]).toMatchObject({ role: 'owner', user: { id: owner.user.id } });
      expect((await call(t, owner, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ myRole: 'owner', createdBy: owner.user.id });
    });

    it('removes a collaborator, who then loses access; they can be invited again', async () => {
      const bot = await sharedBot({ name: 'Private collab' });
      expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(200);
      const res = await call(t, owner, 'DELETE', `/api/bots/${bot.id}/collaborators/${viewer.user.id}`);
      expect(res.statusCode).toBe(204);
      expect((await collaboratorsOf(owner, bot.id)).map((c) => c.user.id)).toEqual([owner.user.id, editor.user.id]);
      expectError(await call(t, viewer, 'GET', `/api/bots/${bot.id}`), 404, 'NOT_FOUND');
      expectError(await call(t, viewer, 'GET', `/api/bots/${bot.id}/versions`), 404, 'NOT_FOUND');
      expectError(await call(t, viewer, 'GET', `/api/bots/${bot.id}/collaborators`), 404, 'NOT_FOUND');
      expectError(await call(t, owner, 'DELETE', `/api/bots/${bot.id}/collaborators/${viewer.user.id}`), 404, 'NOT_FOUND');
      expect((await invite(bot.id, viewer.user.email)).statusCode).toBe(201);
      expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).statusCode).toBe(200);
    });

    it('a collaborator may leave; an editor may not remove anyone else', async () => {
      const bot = await sharedBot();
      expectError(await call(t, editor, 'DELETE', `/api/bots/${bot.id}/collaborators/${viewer.user.id}`), 403, 'FORBIDDEN');
      expectError(await call(t, viewer, 'DELETE', `/api/bots/${bot.id}/collaborators/${editor.user.id}`), 403, 'FORBIDDEN');
      expect((await call(t, viewer, 'DELETE', `/api/bots/${bot.id}/collaborators/${viewer.user.id}`)).statusCode).toBe(204);
      expect((await call(t, editor, 'DELETE', `/api/bots/${bot.id}/collaborators/${editor.user.id}`)).statusCode).toBe(204);
      expect(await collaboratorRows(bot.id)).toEqual([]);
      expectError(await call(t, editor, 'GET', `/api/bots/${bot.id}`), 404, 'NOT_FOUND');
    });

    it('a viewer reads the private bot, its versions and collaborators, but cannot edit it (403, nothing changed)', async () => {
      const bot = await sharedBot({ name: 'Viewer view' });
      await call(t, owner, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Initial' });
      expect((await call(t, viewer, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ name: 'Viewer view', myRole: 'viewer' });
      expect(await versionsOf(viewer, bot.id)).toHaveLength(1);
      expect(await collaboratorsOf(viewer, bot.id)).toHaveLength(3);
      expectError(await call(t, viewer, 'PATCH', `/api/bots/${bot.id}`, { name: 'Changed by viewer' }), 403, 'FORBIDDEN');
      expect((await call(t, owner, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ name: 'Viewer view' });
    });

    it("shows collaborators' emails to the owner only", async () => {
      const bot = await sharedBot();
      const ownersView = await collaboratorsOf(owner, bot.id);
      expect(ownersView.map((c) => c.user.email)).toEqual([owner.user.email, editor.user.email, viewer.user.email]);
      for (const s of [editor, viewer]) {
        const list = await collaboratorsOf(s, bot.id);
        expect(list).toHaveLength(3);
        for (const c of list) expect(c.user).not.toHaveProperty('email');
        expect(JSON.stringify(list)).not.toContain('@example.com');
      }
    });

    it('a stranger may not list collaborators: 404 on a private bot, 403 on a public one; anonymous 401', async () => {
      const priv = await sharedBot();
      const publicBot = await sharedBot(pub);
      expectError(await call(t, stranger, 'GET', `/api/bots/${priv.id}/collaborators`), 404, 'NOT_FOUND');
      expectError(await call(t, stranger, 'GET', `/api/bots/${publicBot.id}/collaborators`), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'GET', `/api/bots/${publicBot.id}/collaborators`), 401, 'UNAUTHORIZED');
      expectError(await call(t, stranger, 'GET', `/api/bots/00000000-0000-4000-8000-000000000000/collaborators`), 404, 'NOT_FOUND');
    });
  });
});

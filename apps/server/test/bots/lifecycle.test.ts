import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot, Collaborator, BotVersion } from '@app/shared/bots/schemas';
import { botCollaborators, bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call, createBot } from './helpers';

/** Publish, unpublish, clone and the bulk actions (spec §4, §5, §9; issue 3). */
describe('publish, unpublish, clone and bulk actions', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  const avatar = '/avatars/kai.svg';
  const pub = { visibility: 'public' as const, avatarUrl: avatar };

  const rowOf = async (id: string) => (await t.database.db.select().from(bots).where(eq(bots.id, id)))[0];
  const visibilityOf = async (ids: string[]) =>
    Object.fromEntries(
      (await t.database.db.select({ id: bots.id, v: bots.visibility }).from(bots).where(inArray(bots.id, ids))).map((r) => [r.id, r.v]),
    );
  const botsOf = async (userId: string) => (await t.database.db.select({ n: count() }).from(bots).where(eq(bots.createdBy, userId)))[0]!.n;
  const addCollaborator = (botId: string, userId: string, role: 'editor' | 'viewer') =>
    t.database.db.insert(botCollaborators).values({ botId, userId, role });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  describe('POST /api/bots/:id/publish and /unpublish', () => {
    it('needs an avatar first: 400 PUBLISH_ERROR naming avatar, and nothing changes', async () => {
      for (const tags of [['friendly'], []]) {
        const bot = await createBot(t, alice, { tags });
        const before = await rowOf(bot.id);
        const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
        expectError(res, 400, 'PUBLISH_ERROR', 'Please add an avatar image before publishing');
        expect(errorOf(res)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add an avatar image before publishing', field: 'avatar' });
        expect(await rowOf(bot.id)).toEqual(before);
      }
    });

    it('then at least one tag: 400 PUBLISH_ERROR naming tags', async () => {
      const bot = await createBot(t, alice, { tags: [], avatarUrl: avatar });
      const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
      expect(errorOf(res)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add at least one tag before publishing', field: 'tags' });
      expect((await rowOf(bot.id))!.visibility).toBe('private');
    });

    it('publishes a bot with an avatar and a tag: public, isPublic, listed in Explore', async () => {
      const bot = await createBot(t, alice, { tags: [], name: 'Publishable Quokka' });
      await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { avatarUrl: avatar });
      await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { tags: ['friendly'] });
      const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: bot.id, visibility: 'public', isPublic: true, myRole: 'owner' });
      expect((await rowOf(bot.id))!.visibility).toBe('public');
      expect((await call(t, null, 'GET', '/api/bots/public?q=quokka')).json()).toMatchObject({ total: 1, items: [{ id: bot.id }] });
      // Publishing again is harmless; an unlisted bot is published too.
      expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`)).json()).toMatchObject({ visibility: 'public' });
      const unlisted = await createBot(t, alice, { visibility: 'unlisted', avatarUrl: avatar });
      expect((await call(t, alice, 'POST', `/api/bots/${unlisted.id}/publish`)).json()).toMatchObject({
        visibility: 'public',
        isPublic: true,
      });
    });

    it('always unpublishes, to private: public, unlisted, already private, and a public bot that lost its avatar', async () => {
      const publicBot = await createBot(t, alice, pub);
      const unlisted = await createBot(t, alice, { visibility: 'unlisted' });
      const priv = await createBot(t, alice);
      const lost = await createBot(t, alice, pub);
      await call(t, alice, 'PATCH', `/api/bots/${lost.id}`, { avatarUrl: null, tags: [] });
      for (const bot of [publicBot, unlisted, priv, lost]) {
        const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/unpublish`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: bot.id, visibility: 'private', isPublic: false });
        expect((await rowOf(bot.id))!.visibility).toBe('private');
      }
      expect((await call(t, bob, 'GET', `/api/bots/${publicBot.id}`)).statusCode).toBe(404);
    });

    it('only the owner publishes or unpublishes: editor and viewer 403, stranger 404 or 403, anonymous 401; nothing changes', async () => {
      const priv = await createBot(t, alice, { avatarUrl: avatar });
      const publicBot = await createBot(t, alice, pub);
      const editor = await t.signup();
      const viewer = await t.signup();
      for (const bot of [priv, publicBot]) {
        await addCollaborator(bot.id, editor.user.id, 'editor');
        await addCollaborator(bot.id, viewer.user.id, 'viewer');
      }
      for (const action of ['publish', 'unpublish']) {
        for (const bot of [priv, publicBot]) {
          expectError(await call(t, editor, 'POST', `/api/bots/${bot.id}/${action}`), 403, 'FORBIDDEN');
          expectError(await call(t, viewer, 'POST', `/api/bots/${bot.id}/${action}`), 403, 'FORBIDDEN');
          expectError(await call(t, null, 'POST', `/api/bots/${bot.id}/${action}`), 401, 'UNAUTHORIZED');
        }
        expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/${action}`), 404, 'NOT_FOUND', 'Bot not found');
        expectError(await call(t, bob, 'POST', `/api/bots/${publicBot.id}/${action}`), 403, 'FORBIDDEN');
      }
      expect(await visibilityOf([priv.id, publicBot.id])).toEqual({ [priv.id]: 'private', [publicBot.id]: 'public' });
      expectError(await call(t, alice, 'POST', '/api/bots/00000000-0000-4000-8000-000000000000/publish'), 404, 'NOT_FOUND');
    });
  });

  describe('POST /api/bots/:id/clone', () => {
    const withStats = async (bot: Bot) => {
      await t.database.db
        .update(bots)
        .set({
          totalChats: 40,
          totalMessages: 900,
          totalImagesGenerated: 7,
          totalVideosGenerated: 2,
          popularity: 13,
          avgRating: 4.2,
          ratingCount: 5,
        })
        .where(eq(bots.id, bot.id));
    };
    const zeroStats = {
      totalChats: 0,
      totalMessages: 0,
      totalImagesGenerated: 0,
      totalVideosGenerated: 0,
      avgRating: null,
      ratingCount: 0,
      popularity: 0,
    };

    it("copies one's own bot as '{name} (Copy)', private, with every field but no statistics", async () => {
      const bot = await createBot(t, alice, {
        ...pub,
        name: 'Kai',
        category: 'creative',
        nsfw: true,
        exampleMessages: 'ex',
        alternateGreetings: ['Hello again.'],
        settings: { temperature: 1.4 },
        costs: { textMessage: 3 },
        creatorNotes: 'notes',
      });
      await withStats(bot);
      const sourceBefore = await rowOf(bot.id);
      const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, {});
      expect(res.statusCode).toBe(201);
      const copy = res.json() as Bot;
      expect(copy.id).not.toBe(bot.id);
      expect(copy).toMatchObject({
        name: 'Kai (Copy)',
        visibility: 'private',
        isPublic: false,
        myRole: 'owner',
        createdBy: alice.user.id,
        description: bot.description,
        personality: bot.personality,
        scenario: bot.scenario,
        firstMessage: bot.firstMessage,
        exampleMessages: 'ex',
        alternateGreetings: ['Hello again.'],
        tags: bot.tags,
        category: { id: 'creative' },
        nsfw: true,
        settings: bot.settings,
        costs: bot.costs,
        creatorNotes: 'notes',
        avatarUrl: avatar,
        favorited: false,
      });
      expect(copy.stats).toEqual(zeroStats);
      expect(await rowOf(copy.id)).toMatchObject({ totalChats: 0, visibility: 'private', createdBy: alice.user.id });
      // The source is untouched, and the copy has no history or collaborators of its own.
      expect(await rowOf(bot.id)).toEqual(sourceBefore);
      expect((await call(t, alice, 'GET', `/api/bots/${copy.id}/versions`)).json()).toEqual({ items: [] });
      const collaborators = (await call(t, alice, 'GET', `/api/bots/${copy.id}/collaborators`)).json().items as Collaborator[];
      expect(collaborators.map((c) => c.role)).toEqual(['owner']);
    });

    it("copies someone else's public or unlisted bot as the caller's own, private, without statistics", async () => {
      const publicBot = await createBot(t, alice, { ...pub, name: 'Public Source' });
      const unlisted = await createBot(t, alice, { name: 'Unlisted Source', visibility: 'unlisted' });
      await withStats(publicBot);
      for (const source of [publicBot, unlisted]) {
        const res = await call(t, bob, 'POST', `/api/bots/${source.id}/clone`, {});
        expect(res.statusCode).toBe(201);
        const copy = res.json() as Bot;
        expect(copy).toMatchObject({
          name: `${source.name} (Copy)`,
          visibility: 'private',
          createdBy: bob.user.id,
          creator: { id: bob.user.id },
          myRole: 'owner',
        });
        expect(copy.stats).toEqual(zeroStats);
        // Bob may edit his copy; the source stays alice's.
        expect((await call(t, bob, 'PATCH', `/api/bots/${copy.id}`, { name: 'Mine now' })).statusCode).toBe(200);
        expect((await rowOf(source.id))!.name).toBe(source.name);
      }
    });

    it("refuses to copy someone else's private bot (404) and creates nothing", async () => {
      const priv = await createBot(t, alice);
      const before = await botsOf(bob.user.id);
      expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/clone`, {}), 404, 'NOT_FOUND', 'Bot not found');
      expectError(await call(t, null, 'POST', `/api/bots/${priv.id}/clone`, {}), 401, 'UNAUTHORIZED');
      expect(await botsOf(bob.user.id)).toBe(before);
    });

    it('takes a custom name, checked like a bot name', async () => {
      const bot = await createBot(t, alice, { name: 'Original' });
      const named = await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { name: '  Brand New  ' });
      expect(named.json()).toMatchObject({ name: 'Brand New' });
      const before = await botsOf(alice.user.id);
      const long = await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { name: 'y'.repeat(51) });
      expect(errorOf(long)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name', message: 'Name must be less than 50 characters' });
      expectError(await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { name: '   ' }), 400, 'VALIDATION_ERROR');
      expect(await botsOf(alice.user.id)).toBe(before);
    });

    it("keeps '{name} (Copy)' within 50 characters", async () => {
      const fifty = await createBot(t, alice, { name: 'x'.repeat(50) });
      const copy = (await call(t, alice, 'POST', `/api/bots/${fifty.id}/clone`, {})).json() as Bot;
      expect(copy.name.length).toBeLessThanOrEqual(50);
      expect(copy.name.endsWith(' (Copy)')).toBe(true);
      // A copy of the copy stays within the limit too.
      const again = (await call(t, alice, 'POST', `/api/bots/${copy.id}/clone`, {})).json() as Bot;
      expect(again.name.length).toBeLessThanOrEqual(50);
      // 43 characters plus ' (Copy)' is exactly 50: nothing is cut.
      const fits = await createBot(t, alice, { name: 'z'.repeat(43) });
      expect(((await call(t, alice, 'POST', `/api/bots/${fits.id}/clone`, {})).json() as Bot).name).toBe(`${'z'.repeat(43)} (Copy)`);
    });

    it('includeStats and makePrivate:false apply to own bots only', async () => {
      const bot = await createBot(t, alice, { ...pub, name: 'Stats Source' });
      await withStats(bot);
      const own = await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: true, makePrivate: false, name: 'Kai Two' });
      expect(own.statusCode).toBe(201);
      expect(own.json()).toMatchObject({
        name: 'Kai Two',
        visibility: 'public',
        stats: { totalChats: 40, totalMessages: 900, avgRating: 4.2, ratingCount: 5, popularity: 13 },
      });
      // Without includeStats, or by default, none.
      expect(((await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { makePrivate: false })).json() as Bot).stats).toEqual(zeroStats);
      expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, {})).json()).toMatchObject({ visibility: 'private' });
      const stranger = await call(t, bob, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: true, makePrivate: false });
      expect(stranger.statusCode).toBe(201);
      expect(stranger.json()).toMatchObject({ visibility: 'private' });
      expect((stranger.json() as Bot).stats).toEqual(zeroStats);
    });

    it('includeStats copies every statistic of the source, images and videos included', async () => {
      const bot = await createBot(t, alice, { name: 'Full Stats' });
      await withStats(bot);
      const source = (await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json() as Bot;
      const copy = (await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: true })).json() as Bot;
      expect(copy.stats).toEqual(source.stats);
    });

    it('refuses a malformed body', async () => {
      const bot = await createBot(t, alice);
      expectError(await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: 'yes' }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, alice, 'POST', '/api/bots/not-an-id/clone', {}), 400, 'VALIDATION_ERROR');
    });
  });

  describe('bulk publish, unpublish and delete', () => {
    it('publish, unpublish and delete act on own bots and answer the ids and the count', async () => {
      const a = await createBot(t, alice, { name: 'Bulk A' });
      const b = await createBot(t, alice, { name: 'Bulk B', visibility: 'unlisted' });
      const c = await createBot(t, alice, { name: 'Bulk C' });
      const published = await call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: [a.id, b.id] });
      expect(published.statusCode).toBe(200);
      const body = published.json() as { updated: string[]; count: number };
      expect(body.count).toBe(2);
      expect([...body.updated].sort()).toEqual([a.id, b.id].sort());
      expect(await visibilityOf([a.id, b.id, c.id])).toEqual({ [a.id]: 'public', [b.id]: 'public', [c.id]: 'private' });

      expect((await call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: [a.id] })).json()).toEqual({ updated: [a.id], count: 1 });
      expect(await visibilityOf([a.id, b.id, c.id])).toEqual({ [a.id]: 'private', [b.id]: 'public', [c.id]: 'private' });

      const deleted = await call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [a.id, b.id] });
      expect(deleted.json()).toMatchObject({ count: 2 });
      expect(await visibilityOf([a.id, b.id, c.id])).toEqual({ [c.id]: 'private' });
      expectError(await call(t, alice, 'GET', `/api/bots/${a.id}`), 404, 'NOT_FOUND');
    });

    it('bulk unpublish makes unlisted bots private too', async () => {
      const unlisted = await createBot(t, alice, { visibility: 'unlisted' });
      const publicBot = await createBot(t, alice, pub);
      expect((await call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: [unlisted.id, publicBot.id] })).json()).toMatchObject({
        count: 2,
      });
      expect(await visibilityOf([unlisted.id, publicBot.id])).toEqual({ [unlisted.id]: 'private', [publicBot.id]: 'private' });
    });

    it('bulk publish does not apply the avatar and tag rule (§5)', async () => {
      const bare = await createBot(t, alice, { tags: [], avatarUrl: null });
      const res = await call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: [bare.id] });
      expect(res.statusCode).toBe(200);
      expect(await visibilityOf([bare.id])).toEqual({ [bare.id]: 'public' });
    });

    it('counts duplicates once', async () => {
      const a = await createBot(t, alice);
      const b = await createBot(t, alice);
      const res = await call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: [a.id, b.id, a.id, a.id] });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { updated: string[]; count: number };
      expect(body.count).toBe(2);
      expect([...body.updated].sort()).toEqual([a.id, b.id].sort());
      expect((await call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [b.id, b.id] })).json()).toEqual({
        updated: [b.id],
        count: 1,
      });
    });

    it.each(['bulk-delete', 'bulk-publish', 'bulk-unpublish'])(
      "%s with another user's bot among one's own answers 404 and changes nothing at all",
      async (action) => {
        const mine = [await createBot(t, bob), await createBot(t, bob, pub), await createBot(t, bob, { visibility: 'unlisted' })];
        const theirs = [await createBot(t, alice), await createBot(t, alice, pub)];
        const all = [...mine, ...theirs].map((b) => b.id);
        const before = await Promise.all(all.map(rowOf));
        for (const foreign of theirs) {
          const res = await call(t, bob, 'POST', `/api/bots/${action}`, { botIds: [mine[0]!.id, foreign.id, mine[1]!.id, mine[2]!.id] });
          expectError(res, 404, 'NOT_FOUND', 'Bot not found');
        }
        expect(await Promise.all(all.map(rowOf))).toEqual(before);
      },
    );

    it.each(['bulk-delete', 'bulk-publish', 'bulk-unpublish'])('%s refuses an empty selection and malformed input', async (action) => {
      const empty = await call(t, alice, 'POST', `/api/bots/${action}`, { botIds: [] });
      expect(errorOf(empty)).toEqual({ code: 'VALIDATION_ERROR', message: 'Select at least one bot', field: 'botIds' });
      expectError(await call(t, alice, 'POST', `/api/bots/${action}`, { botIds: ['x'] }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, alice, 'POST', `/api/bots/${action}`, { botIds: 'all' }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, alice, 'POST', `/api/bots/${action}`, {}), 400, 'VALIDATION_ERROR');
      const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      expectError(await call(t, alice, 'POST', `/api/bots/${action}`, { botIds: tooMany }), 400, 'VALIDATION_ERROR');
      expectError(await call(t, null, 'POST', `/api/bots/${action}`, { botIds: [] }), 401, 'UNAUTHORIZED');
    });
  });

  describe('concurrency', () => {
    it('concurrent bulk delete, publish and unpublish of the same bots never fail with 500', async () => {
      for (let round = 0; round < 3; round += 1) {
        const ids = (await Promise.all([1, 2, 3].map(() => createBot(t, alice)))).map((b) => b.id);
        const results = await Promise.all([
          call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: ids }),
          call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: ids }),
          call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: ids }),
          call(t, alice, 'POST', `/api/bots/${ids[0]}/publish`),
          call(t, alice, 'DELETE', `/api/bots/${ids[1]}`),
        ]);
        for (const res of results) expect([200, 204, 400, 404], res.body).toContain(res.statusCode);
        const bulkDelete = results[1]!;
        // Whatever the order, the outcome is whole: a successful bulk delete removed all three.
        if (bulkDelete.statusCode === 200) expect(await visibilityOf(ids)).toEqual({});
        else expect(bulkDelete.statusCode).toBe(404);
      }
    });

    it('concurrent bulk calls over the same bots in different orders neither deadlock nor fail with 500', async () => {
      const ids = (await Promise.all([1, 2, 3, 4].map(() => createBot(t, alice)))).map((b) => b.id);
      const reversed = [...ids].reverse();
      const shuffled = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => [
          call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: i % 2 ? ids : reversed }),
          call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: i % 2 ? shuffled : ids }),
          call(t, alice, 'PATCH', `/api/bots/${ids[i]}`, { name: `Renamed ${i}` }),
          call(t, alice, 'POST', `/api/bots/${ids[3 - i]}/versions`, { changelog: `v${i}` }),
        ]).flat(),
      );
      for (const res of results) expect([200, 201], res.body).toContain(res.statusCode);
      const final = await visibilityOf(ids);
      expect(Object.keys(final)).toHaveLength(4);
    });

    it('concurrent clones of one bot all succeed with distinct copies', async () => {
      const bot = await createBot(t, alice, pub);
      const results = await Promise.all(Array.from({ length: 5 }, () => call(t, bob, 'POST', `/api/bots/${bot.id}/clone`, {})));
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(results.map((r) => (r.json() as Bot).id)).size).toBe(5);
    });

    it('a version saved while the bot is deleted either lands or answers 404, never 500', async () => {
      const bot = await createBot(t, alice);
      const [version, deleted] = await Promise.all([
        call(t, alice, 'POST', `/api/bots/${bot.id}/versions`, { changelog: 'Racing' }),
        call(t, alice, 'DELETE', `/api/bots/${bot.id}`),
      ]);
      expect([201, 404]).toContain(version.statusCode);
      if (version.statusCode === 201) expect((version.json() as BotVersion).version).toBe(1);
      expect(deleted.statusCode).toBe(204);
    });
  });
});

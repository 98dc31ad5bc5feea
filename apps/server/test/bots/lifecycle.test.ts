import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Bot } from '@app/shared/bots/schemas';
import { bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

describe('publish, unpublish, clone and bulk actions', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());
  const visibilityOf = async (ids: string[]) =>
    Object.fromEntries(
      (await t.database.db.select({ id: bots.id, v: bots.visibility }).from(bots).where(inArray(bots.id, ids))).map((r) => [r.id, r.v]),
    );

  it('publishes only with an avatar and a tag, and always unpublishes', async () => {
    const bot = await createBot(t, alice, { tags: [] });
    let res = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
    expect(errorOf(res)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add an avatar image before publishing', field: 'avatar' });
    await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { avatarUrl: '/avatars/kai.svg' });
    res = await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`);
    expect(errorOf(res)).toEqual({ code: 'PUBLISH_ERROR', message: 'Please add at least one tag before publishing', field: 'tags' });
    await call(t, alice, 'PATCH', `/api/bots/${bot.id}`, { tags: ['friendly'] });
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/publish`)).json()).toMatchObject({ visibility: 'public', isPublic: true });
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/unpublish`)).statusCode).toBe(403);
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/unpublish`)).json()).toMatchObject({
      visibility: 'private',
      isPublic: false,
    });
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/publish`)).statusCode).toBe(404);
  });

  it("clones as '{name} (Copy)', private, without statistics", async () => {
    const bot = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/kai.svg', name: 'Kai' });
    await t.database.db
      .update(bots)
      .set({ totalChats: 40, totalMessages: 900, popularity: 13, avgRating: 4.2, ratingCount: 5 })
      .where(eq(bots.id, bot.id));
    const res = await call(t, bob, 'POST', `/api/bots/${bot.id}/clone`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json() as Bot;
    expect(copy).toMatchObject({
      name: 'Kai (Copy)',
      visibility: 'private',
      myRole: 'owner',
      personality: bot.personality,
      tags: bot.tags,
    });
    expect(copy.stats).toMatchObject({ totalChats: 0, totalMessages: 0, avgRating: null, ratingCount: 0, popularity: 0 });
    expect(copy.createdBy).not.toBe(bot.createdBy);
    // Stats come along only for one's own bot, when asked.
    const own = (
      await call(t, alice, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: true, makePrivate: false, name: 'Kai Two' })
    ).json() as Bot;
    expect(own).toMatchObject({ name: 'Kai Two', visibility: 'public', stats: { totalChats: 40 } });
    const stranger = (await call(t, bob, 'POST', `/api/bots/${bot.id}/clone`, { includeStats: true, makePrivate: false })).json() as Bot;
    expect(stranger).toMatchObject({ visibility: 'private', stats: { totalChats: 0 } });
  });

  it('keeps a long name within 50 characters and refuses to clone a private bot of someone else', async () => {
    const long = await createBot(t, alice, { name: 'x'.repeat(50) });
    const copy = (await call(t, alice, 'POST', `/api/bots/${long.id}/clone`, {})).json() as Bot;
    expect(copy.name).toHaveLength(50);
    expect(copy.name.endsWith(' (Copy)')).toBe(true);
    expect((await call(t, bob, 'POST', `/api/bots/${long.id}/clone`, {})).statusCode).toBe(404);
  });

  it('bulk publish, unpublish and delete act on own bots; bulk publish skips the publish rules (§5)', async () => {
    const a = await createBot(t, alice, { tags: [] });
    const b = await createBot(t, alice);
    const res = await call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: [a.id, b.id, a.id] });
    expect(res.json()).toMatchObject({ count: 2 });
    expect(await visibilityOf([a.id, b.id])).toEqual({ [a.id]: 'public', [b.id]: 'public' });
    expect((await call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: [a.id] })).json()).toEqual({ updated: [a.id], count: 1 });
    expect(await visibilityOf([a.id])).toEqual({ [a.id]: 'private' });
    expect((await call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [a.id, b.id] })).json()).toMatchObject({ count: 2 });
    expect(await visibilityOf([a.id, b.id])).toEqual({});
  });

  it("refuses a bulk call with another user's bot in it, and changes nothing", async () => {
    const mine = await createBot(t, bob);
    const theirs = await createBot(t, alice, { visibility: 'public', avatarUrl: '/avatars/kai.svg' });
    for (const action of ['bulk-delete', 'bulk-publish', 'bulk-unpublish']) {
      const res = await call(t, bob, 'POST', `/api/bots/${action}`, { botIds: [mine.id, theirs.id] });
      expect(res.statusCode).toBe(404);
    }
    expect(await visibilityOf([mine.id, theirs.id])).toEqual({ [mine.id]: 'private', [theirs.id]: 'public' });
  });

  it('refuses an empty selection and malformed ids', async () => {
    const empty = await call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [] });
    expect(errorOf(empty)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Select at least one bot' });
    expect((await call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: ['x'] })).statusCode).toBe(400);
    expect((await call(t, null, 'POST', '/api/bots/bulk-publish', { botIds: [] })).statusCode).toBe(401);
  });

  it('survives concurrent bulk deletes and publishes of the same bots', async () => {
    const ids = (await Promise.all([1, 2, 3].map(() => createBot(t, alice)))).map((b) => b.id);
    const results = await Promise.all([
      call(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: ids }),
      call(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: ids }),
      call(t, alice, 'POST', '/api/bots/bulk-unpublish', { botIds: ids }),
    ]);
    for (const res of results) expect([200, 404]).toContain(res.statusCode);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
  });
});

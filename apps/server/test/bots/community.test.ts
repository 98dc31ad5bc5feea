import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { REPORT_REASONS } from '@app/shared/bots/constants';
import type { Bot, BotSummary, BotTemplate, Category } from '@app/shared/bots/schemas';
import { ZBotFields } from '@app/shared/bots/validation';
import { botCollaborators, botFavorites, bots, moderationRequests } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { expectError, setRole } from '../helpers/auth';
import { call, createBot } from './helpers';

interface ModerationItem {
  id: string;
  type: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  description: string;
  createdAt: string;
  bot: { id: string; name: string; visibility: string };
  reporter: { id: string; username: string; displayName: string };
}
type ModerationPage = { items: ModerationItem[]; total: number; page: number; limit: number };

/** Favorites, reports, reviews, moderation, analytics, deploy, templates and categories (issue 3 §6–7; spec §7). */
describe('favorites, reports, reviews, moderation, analytics, deploy, templates, categories', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };
  const setStats = (id: string, values: Partial<typeof bots.$inferInsert>) => t.database.db.update(bots).set(values).where(eq(bots.id, id));
  const requestsFor = (botId: string) => t.database.db.select().from(moderationRequests).where(eq(moderationRequests.botId, botId));
  const moderation = async (query = '') => (await call(t, admin, 'GET', `/api/bots/moderation-requests${query}`)).json() as ModerationPage;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    alice = await t.signup();
    bob = await t.signup();
    admin = await t.signup();
    await setRole(t, admin.user.id, 'admin');
  });
  afterAll(() => t.close());

  describe('favorites', () => {
    const favoriteRows = (userId: string, botId: string) =>
      t.database.db
        .select({ n: count() })
        .from(botFavorites)
        .where(and(eq(botFavorites.userId, userId), eq(botFavorites.botId, botId)))
        .then((r) => r[0]!.n);

    it('favorites and unfavorites idempotently, reflected in GET /:id and /favorites for that user only', async () => {
      const bot = await createBot(t, alice, pub);
      for (let i = 0; i < 2; i += 1) {
        const res = await call(t, bob, 'POST', `/api/bots/${bot.id}/favorite`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ favorited: true });
      }
      expect(await favoriteRows(bob.user.id, bot.id)).toBe(1);
      expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: true });
      expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: false });
      expect((await call(t, null, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: false });
      expect(((await call(t, bob, 'GET', '/api/bots/favorites')).json().items as BotSummary[]).map((b) => b.id)).toContain(bot.id);
      expect(((await call(t, alice, 'GET', '/api/bots/favorites')).json().items as BotSummary[]).map((b) => b.id)).not.toContain(bot.id);

      for (let i = 0; i < 2; i += 1) {
        const res = await call(t, bob, 'DELETE', `/api/bots/${bot.id}/favorite`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ favorited: false });
      }
      expect(await favoriteRows(bob.user.id, bot.id)).toBe(0);
      expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: false });
      expect(((await call(t, bob, 'GET', '/api/bots/favorites')).json().items as BotSummary[]).map((b) => b.id)).not.toContain(bot.id);
    });

    it("favorites one's own private bot and someone's unlisted bot", async () => {
      const own = await createBot(t, bob);
      const unlisted = await createBot(t, alice, { visibility: 'unlisted' });
      for (const bot of [own, unlisted]) {
        expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/favorite`)).json()).toEqual({ favorited: true });
        expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: true });
      }
    });

    it("refuses someone else's private bot (404), anonymous visitors (401), unknown and malformed ids", async () => {
      const priv = await createBot(t, alice);
      expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/favorite`), 404, 'NOT_FOUND', 'Bot not found');
      expectError(await call(t, bob, 'DELETE', `/api/bots/${priv.id}/favorite`), 404, 'NOT_FOUND');
      expect(await favoriteRows(bob.user.id, priv.id)).toBe(0);
      const publicBot = await createBot(t, alice, pub);
      expectError(await call(t, null, 'POST', `/api/bots/${publicBot.id}/favorite`), 401, 'UNAUTHORIZED');
      expectError(await call(t, null, 'DELETE', `/api/bots/${publicBot.id}/favorite`), 401, 'UNAUTHORIZED');
      expectError(await call(t, bob, 'POST', '/api/bots/00000000-0000-4000-8000-000000000000/favorite'), 404, 'NOT_FOUND');
      expectError(await call(t, bob, 'POST', '/api/bots/nope/favorite'), 400, 'VALIDATION_ERROR');
    });
  });

  describe('reports and moderation requests', () => {
    it('files a report (201) with any of the reasons; description optional, at most 1000 characters', async () => {
      const bot = await createBot(t, alice, { ...pub, name: 'Reasons' });
      for (const reason of REPORT_REASONS) {
        const reporter = await t.signup();
        const res = await call(t, reporter, 'POST', `/api/bots/${bot.id}/report`, { reason, description: `Because ${reason}.` });
        expect(res.statusCode, reason).toBe(201);
        expect(res.json()).toEqual({ id: expect.any(String) });
      }
      const rows = await requestsFor(bot.id);
      expect(rows.map((r) => r.reason).sort()).toEqual([...REPORT_REASONS].sort());
      expect(rows.every((r) => r.type === 'report' && r.status === 'pending')).toBe(true);

      const noDescription = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam' });
      expect(noDescription.statusCode).toBe(201);
      expect((await requestsFor(bot.id)).find((r) => r.id === noDescription.json().id)).toMatchObject({ description: '' });
      const max = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: 'x'.repeat(1000) });
      expect(max.statusCode).toBe(201);
    });

    it('refuses an unknown or missing reason and a description over 1000 characters, saving nothing', async () => {
      const bot = await createBot(t, alice, pub);
      expect(errorOf(await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'boring' }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'reason',
      });
      expectError(await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { description: 'No reason.' }), 400, 'VALIDATION_ERROR');
      const long = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: 'x'.repeat(1001) });
      expect(errorOf(long)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'description' });
      expect(await requestsFor(bot.id)).toHaveLength(0);
    });

    it('a second report by the same user updates their pending one; another user files their own', async () => {
      const bot = await createBot(t, alice, { ...pub, name: 'Reported twice' });
      const first = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: 'Advertises a casino.' });
      const second = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'misleading', description: 'Updated.' });
      expect(second.statusCode).toBe(201);
      expect(second.json().id).toBe(first.json().id);
      expect(await requestsFor(bot.id)).toEqual([
        expect.objectContaining({ id: first.json().id, reason: 'misleading', description: 'Updated.', requestedBy: bob.user.id }),
      ]);
      const carol = await t.signup();
      const other = await call(t, carol, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam' });
      expect(other.json().id).not.toBe(first.json().id);
      // Once decided, a new report is a new request.
      await call(t, admin, 'PATCH', `/api/bots/moderation-requests/${first.json().id}`, { status: 'rejected' });
      const after = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'other', description: 'Still bad.' });
      expect(after.json().id).not.toBe(first.json().id);
      expect(await requestsFor(bot.id)).toHaveLength(3);
    });

    it('a double-clicked report files one request', async () => {
      const bot = await createBot(t, alice, pub);
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: `Click ${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await requestsFor(bot.id)).toHaveLength(1);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    });

    it("reports an unlisted bot; refuses someone else's private bot (404) and anonymous visitors (401)", async () => {
      const unlisted = await createBot(t, alice, { visibility: 'unlisted' });
      expect((await call(t, bob, 'POST', `/api/bots/${unlisted.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
      const priv = await createBot(t, alice);
      expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/report`, { reason: 'spam' }), 404, 'NOT_FOUND', 'Bot not found');
      expectError(await call(t, null, 'POST', `/api/bots/${unlisted.id}/report`, { reason: 'spam' }), 401, 'UNAUTHORIZED');
      expect(await requestsFor(priv.id)).toHaveLength(0);
    });

    it('GET /moderation-requests is for admins only: users 403, anonymous 401', async () => {
      expectError(await call(t, bob, 'GET', '/api/bots/moderation-requests'), 403, 'FORBIDDEN');
      expectError(await call(t, alice, 'GET', '/api/bots/moderation-requests?status=pending'), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'GET', '/api/bots/moderation-requests'), 401, 'UNAUTHORIZED');
      expect((await call(t, admin, 'GET', '/api/bots/moderation-requests')).statusCode).toBe(200);
    });

    it('lists requests newest first, paged, with the bot and the reporter', async () => {
      const bot = await createBot(t, alice, { ...pub, name: 'Paged reports' });
      const reporters = [await t.signup(), await t.signup(), await t.signup()];
      const ids: string[] = [];
      for (const [i, reporter] of reporters.entries()) {
        ids.push((await call(t, reporter, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: `Report ${i}` })).json().id);
      }
      const total = (await t.database.db.select({ n: count() }).from(moderationRequests))[0]!.n;
      const page1 = await moderation('?limit=2&page=1');
      expect(page1).toMatchObject({ total, page: 1, limit: 2 });
      expect(page1.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
      expect(page1.items[0]).toMatchObject({
        type: 'report',
        status: 'pending',
        reason: 'spam',
        description: 'Report 2',
        bot: { id: bot.id, name: 'Paged reports', visibility: 'public' },
        reporter: { id: reporters[2]!.user.id, username: reporters[2]!.user.username },
      });
      const page2 = await moderation('?limit=2&page=2');
      expect(page2.items[0]!.id).toBe(ids[0]);
      const everything = await moderation('?limit=100');
      const times = everything.items.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(everything.items).toHaveLength(Math.min(total, 100));
      expectError(await call(t, admin, 'GET', '/api/bots/moderation-requests?limit=101'), 400, 'VALIDATION_ERROR');
    });

    it('filters by status, and admins decide: approve with hideBot makes the bot private, reject leaves it', async () => {
      const hidden = await createBot(t, alice, { ...pub, name: 'To be hidden' });
      const kept = await createBot(t, alice, { ...pub, name: 'To be kept' });
      const r1 = (await call(t, bob, 'POST', `/api/bots/${hidden.id}/report`, { reason: 'harassment' })).json().id as string;
      const r2 = (await call(t, bob, 'POST', `/api/bots/${kept.id}/report`, { reason: 'other' })).json().id as string;
      const approve = await call(t, admin, 'PATCH', `/api/bots/moderation-requests/${r1}`, { status: 'approved', hideBot: true });
      expect(approve.json()).toEqual({ id: r1, status: 'approved' });
      expect((await call(t, admin, 'PATCH', `/api/bots/moderation-requests/${r2}`, { status: 'rejected' })).json()).toEqual({
        id: r2,
        status: 'rejected',
      });
      expect((await t.database.db.select({ v: bots.visibility }).from(bots).where(eq(bots.id, hidden.id)))[0]!.v).toBe('private');
      expect((await t.database.db.select({ v: bots.visibility }).from(bots).where(eq(bots.id, kept.id)))[0]!.v).toBe('public');
      expectError(await call(t, bob, 'GET', `/api/bots/${hidden.id}`), 404, 'NOT_FOUND');

      for (const status of ['pending', 'approved', 'rejected'] as const) {
        const page = await moderation(`?status=${status}&limit=100`);
        expect(
          page.items.every((r) => r.status === status),
          status,
        ).toBe(true);
        const stored = (
          await t.database.db.select({ n: count() }).from(moderationRequests).where(eq(moderationRequests.status, status))
        )[0]!.n;
        expect(page.total, status).toBe(stored);
      }
      expect((await moderation('?status=approved&limit=100')).items.map((r) => r.id)).toContain(r1);
      expect((await moderation('?status=rejected&limit=100')).items.map((r) => r.id)).toContain(r2);
      expect((await moderation('?status=pending&limit=100')).items.map((r) => r.id)).not.toContain(r1);
      expectError(await call(t, admin, 'GET', '/api/bots/moderation-requests?status=open'), 400, 'VALIDATION_ERROR');

      expectError(await call(t, bob, 'PATCH', `/api/bots/moderation-requests/${r2}`, { status: 'approved' }), 403, 'FORBIDDEN');
      expectError(
        await call(t, admin, 'PATCH', '/api/bots/moderation-requests/00000000-0000-4000-8000-000000000000', { status: 'approved' }),
        404,
        'NOT_FOUND',
      );
      expectError(await call(t, admin, 'PATCH', `/api/bots/moderation-requests/${r2}`, { status: 'maybe' }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('POST /api/bots/:id/submit-review', () => {
    it('the owner files a pending request of the given type (publish by default), with notes', async () => {
      const bot = await createBot(t, alice, { name: 'Review me' });
      const byType = await call(t, alice, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'content', notes: 'Please check.' });
      expect(byType.statusCode).toBe(201);
      expect(byType.json()).toEqual({ id: expect.any(String) });
      const byDefault = await call(t, alice, 'POST', `/api/bots/${bot.id}/submit-review`, {});
      expect(byDefault.statusCode).toBe(201);
      const appeal = await call(t, alice, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'appeal' });
      expect(appeal.statusCode).toBe(201);
      const rows = await requestsFor(bot.id);
      expect(rows.find((r) => r.id === byType.json().id)).toMatchObject({
        type: 'content',
        description: 'Please check.',
        status: 'pending',
        requestedBy: alice.user.id,
      });
      expect(rows.find((r) => r.id === byDefault.json().id)).toMatchObject({ type: 'publish' });
      expect(rows.find((r) => r.id === appeal.json().id)).toMatchObject({ type: 'appeal' });
      expect((await moderation('?limit=1')).items[0]).toMatchObject({ id: appeal.json().id, type: 'appeal', bot: { id: bot.id } });
    });

    it('only the owner: editor and viewer 403, stranger 404 (private) or 403 (public), anonymous 401; bad type 400', async () => {
      const priv = await createBot(t, alice);
      const publicBot = await createBot(t, alice, pub);
      const editor = await t.signup();
      const viewer = await t.signup();
      for (const bot of [priv, publicBot]) {
        await t.database.db.insert(botCollaborators).values([
          { botId: bot.id, userId: editor.user.id, role: 'editor' },
          { botId: bot.id, userId: viewer.user.id, role: 'viewer' },
        ]);
        for (const s of [editor, viewer, admin]) {
          expectError(await call(t, s, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'publish' }), 403, 'FORBIDDEN');
        }
        expectError(await call(t, null, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'publish' }), 401, 'UNAUTHORIZED');
      }
      expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/submit-review`, { type: 'content' }), 404, 'NOT_FOUND');
      expectError(await call(t, bob, 'POST', `/api/bots/${publicBot.id}/submit-review`, { type: 'content' }), 403, 'FORBIDDEN');
      const bad = await call(t, alice, 'POST', `/api/bots/${priv.id}/submit-review`, { type: 'bribe' });
      expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'type' });
      expect(await requestsFor(priv.id)).toHaveLength(0);
      expect(await requestsFor(publicBot.id)).toHaveLength(0);
    });
  });

  describe('GET /api/bots/analytics', () => {
    it('answers zero for a user without bots', async () => {
      const fresh = await t.signup();
      expect((await call(t, fresh, 'GET', '/api/bots/analytics')).json()).toEqual({
        totalBots: 0,
        publicBots: 0,
        privateBots: 0,
        unlistedBots: 0,
        totalChats: 0,
        totalMessages: 0,
        avgRating: null,
        ratingCount: 0,
        totalFavorites: 0,
        topBots: [],
      });
      expectError(await call(t, null, 'GET', '/api/bots/analytics'), 401, 'UNAUTHORIZED');
    });

    it("totals the caller's own bots: counts by visibility, sums, rating weighted by count, favorites, top bots", async () => {
      const fresh = await t.signup();
      const a = await createBot(t, fresh, { ...pub, name: 'A' });
      const b = await createBot(t, fresh, { name: 'B' });
      const c = await createBot(t, fresh, { visibility: 'unlisted', name: 'C' });
      const d = await createBot(t, fresh, { name: 'D' });
      await setStats(a.id, { totalChats: 10, totalMessages: 100, avgRating: 4, ratingCount: 3, popularity: 2 });
      await setStats(b.id, { totalChats: 5, totalMessages: 20, avgRating: 2, ratingCount: 1, popularity: 5 });
      await setStats(c.id, { totalChats: 1, totalMessages: 3, popularity: 1 });
      await setStats(d.id, { popularity: 0 });
      // Someone else's bot, even one shared with the caller, does not count.
      const foreign = await createBot(t, alice, pub);
      await setStats(foreign.id, { totalChats: 1000, totalMessages: 1000, avgRating: 1, ratingCount: 100, popularity: 99 });
      await t.database.db.insert(botCollaborators).values({ botId: foreign.id, userId: fresh.user.id, role: 'editor' });
      // Favorites of the caller's bots, by anyone; not the caller's favorites of others' bots.
      await call(t, bob, 'POST', `/api/bots/${a.id}/favorite`);
      await call(t, alice, 'POST', `/api/bots/${a.id}/favorite`);
      await call(t, fresh, 'POST', `/api/bots/${b.id}/favorite`);
      await call(t, fresh, 'POST', `/api/bots/${foreign.id}/favorite`);

      const res = await call(t, fresh, 'GET', '/api/bots/analytics');
      expect(res.statusCode).toBe(200);
      const body = res.json() as { topBots: { id: string; name: string; stats: BotSummary['stats'] }[] };
      expect(body).toMatchObject({
        totalBots: 4,
        publicBots: 1,
        privateBots: 2,
        unlistedBots: 1,
        totalChats: 16,
        totalMessages: 123,
        ratingCount: 4,
        avgRating: 3.5,
        totalFavorites: 3,
      });
      expect(body.topBots.map((x) => x.name)).toEqual(['B', 'A', 'C', 'D']);
      expect(body.topBots[0]).toMatchObject({ id: b.id, stats: { totalChats: 5, popularity: 5 } });
    });

    it('lists at most five top bots, most popular first', async () => {
      const fresh = await t.signup();
      for (let i = 0; i < 7; i += 1) {
        const bot = await createBot(t, fresh, { name: `Top ${i}` });
        await setStats(bot.id, { popularity: i * 10 });
      }
      const res = (await call(t, fresh, 'GET', '/api/bots/analytics')).json() as { totalBots: number; topBots: { name: string }[] };
      expect(res.totalBots).toBe(7);
      expect(res.topBots.map((x) => x.name)).toEqual(['Top 6', 'Top 5', 'Top 4', 'Top 3', 'Top 2']);
    });
  });

  describe('POST /api/bots/:id/deploy', () => {
    it("'web' answers the bot's public chat link", async () => {
      const bot = await createBot(t, alice);
      const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/deploy`, { platform: 'web' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { platform: string; url: string };
      expect(body).toEqual({ platform: 'web', url: `${t.config.publicUrl}/chat/${bot.id}` });
      expect(body.url.endsWith(`/chat/${bot.id}`)).toBe(true);
      expect(() => new URL(body.url)).not.toThrow();
    });

    it.each(['telegram', 'discord', 'api'])("'%s' is a clear 400 DEPLOY_ERROR until an issue adds it", async (platform) => {
      const bot = await createBot(t, alice);
      const res = await call(t, alice, 'POST', `/api/bots/${bot.id}/deploy`, { platform });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'DEPLOY_ERROR', message: `Deploying to ${platform} is not available yet`, field: 'platform' });
    });

    it('refuses an unknown or missing platform, non-owners and anonymous visitors', async () => {
      const priv = await createBot(t, alice);
      const publicBot = await createBot(t, alice, pub);
      const unknown = await call(t, alice, 'POST', `/api/bots/${priv.id}/deploy`, { platform: 'myspace' });
      expect(errorOf(unknown)).toEqual({ code: 'VALIDATION_ERROR', message: 'Unknown platform', field: 'platform' });
      expectError(await call(t, alice, 'POST', `/api/bots/${priv.id}/deploy`, {}), 400, 'VALIDATION_ERROR');
      const editor = await t.signup();
      await t.database.db.insert(botCollaborators).values({ botId: priv.id, userId: editor.user.id, role: 'editor' });
      expectError(await call(t, editor, 'POST', `/api/bots/${priv.id}/deploy`, { platform: 'web' }), 403, 'FORBIDDEN');
      expectError(await call(t, bob, 'POST', `/api/bots/${priv.id}/deploy`, { platform: 'web' }), 404, 'NOT_FOUND');
      expectError(await call(t, bob, 'POST', `/api/bots/${publicBot.id}/deploy`, { platform: 'web' }), 403, 'FORBIDDEN');
      expectError(await call(t, null, 'POST', `/api/bots/${publicBot.id}/deploy`, { platform: 'web' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('templates and categories', () => {
    it('lists at least six templates, each with its fields making a valid bot (201)', async () => {
      const res = await call(t, null, 'GET', '/api/bots/templates');
      expect(res.statusCode).toBe(200);
      const items = res.json().items as BotTemplate[];
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(new Set(items.map((x) => x.id)).size).toBe(items.length);
      const categoryIds = ((await call(t, null, 'GET', '/api/bots/categories')).json().items as Category[]).map((c) => c.id);
      for (const template of items) {
        expect(template.name, template.id).not.toBe('');
        expect(template.description, template.id).not.toBe('');
        expect(template.icon, template.id).not.toBe('');
        expect(categoryIds, template.id).toContain(template.category);
        const parsed = ZBotFields.safeParse(template.fields);
        expect(parsed.success, `${template.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        const created = await call(t, alice, 'POST', '/api/bots', template.fields);
        expect(created.statusCode, `${template.id}: ${created.body}`).toBe(201);
        expect(created.json()).toMatchObject({ name: parsed.data!.name, myRole: 'owner', visibility: 'private' });
      }
    });

    it('lists the categories in order, with icons and the number of public, active bots in each', async () => {
      const countsOf = async () =>
        Object.fromEntries(
          ((await call(t, null, 'GET', '/api/bots/categories')).json().items as Category[]).map((c) => [c.id, c.botCount]),
        );
      const res = await call(t, null, 'GET', '/api/bots/categories');
      expect(res.statusCode).toBe(200);
      const items = res.json().items as Category[];
      expect(items.map((c) => c.id)).toEqual(['general', 'assistant', 'creative', 'educational', 'entertainment', 'productivity', 'other']);
      for (const c of items) {
        expect(c.icon, c.id).not.toBe('');
        expect(c.name, c.id).not.toBe('');
        expect(typeof c.botCount).toBe('number');
      }

      const before = await countsOf();
      await createBot(t, bob, { ...pub, category: 'productivity' });
      await createBot(t, alice, { ...pub, category: 'productivity' });
      await createBot(t, alice, { category: 'productivity' });
      await createBot(t, alice, { category: 'productivity', visibility: 'unlisted' });
      const inactive = await createBot(t, alice, { ...pub, category: 'productivity' });
      await setStats(inactive.id, { isActive: false });
      const other = await createBot(t, alice, { ...pub, category: 'other' });
      const after = await countsOf();
      expect(after.productivity).toBe(before.productivity! + 2);
      expect(after.other).toBe(before.other! + 1);
      // A bot made private leaves the count; one moved to another category moves with it.
      await call(t, alice, 'POST', `/api/bots/${other.id}/unpublish`);
      expect((await countsOf()).other).toBe(before.other);
      const moved = await createBot(t, bob, { ...pub, category: 'assistant' });
      await call(t, bob, 'PATCH', `/api/bots/${moved.id}`, { category: 'productivity' });
      const final = await countsOf();
      expect(final.productivity).toBe(before.productivity! + 3);
      expect(final.assistant).toBe(before.assistant);
      // The count matches what Explore lists for the category (safe and NSFW bots alike).
      const listed = (await call(t, null, 'GET', '/api/bots/public?category=productivity&nsfw=true')).json() as { total: number };
      expect(listed.total).toBe(final.productivity);
    });
  });

  it('a deleted bot takes its favorites and reports with it', async () => {
    const bot = await createBot(t, alice, pub);
    await call(t, bob, 'POST', `/api/bots/${bot.id}/favorite`);
    await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam' });
    expect((await call(t, alice, 'DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(204);
    expect(await requestsFor(bot.id)).toHaveLength(0);
    expect((await moderation('?limit=100')).items.map((r) => r.bot.id)).not.toContain(bot.id);
    const favorites = (await call(t, bob, 'GET', '/api/bots/favorites?limit=100')).json().items as Bot[];
    expect(favorites.map((b) => b.id)).not.toContain(bot.id);
  });
});

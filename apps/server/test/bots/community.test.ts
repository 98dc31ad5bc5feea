import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { BotSummary } from '@app/shared/bots/schemas';
import { ZBotFields } from '@app/shared/bots/validation';
import { bots } from '../../src/db/schema/bots';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { setRole } from '../helpers/auth';
import { call, createBot } from './helpers';

describe('favorites, reports, reviews, moderation, analytics, deploy, templates', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
    admin = await t.signup();
    const adminId = ((await call(t, admin, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    await setRole(t, adminId, 'admin');
  });
  afterAll(() => t.close());
  const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };

  it('keeps favorites per user on the server, idempotently', async () => {
    const bot = await createBot(t, alice, pub);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/favorite`)).json()).toEqual({ favorited: true });
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/favorite`)).json()).toEqual({ favorited: true });
    expect((await call(t, bob, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: true });
    expect((await call(t, alice, 'GET', `/api/bots/${bot.id}`)).json()).toMatchObject({ favorited: false });
    expect(((await call(t, bob, 'GET', '/api/bots/favorites')).json().items as BotSummary[]).map((b) => b.id)).toEqual([bot.id]);
    expect((await call(t, bob, 'DELETE', `/api/bots/${bot.id}/favorite`)).json()).toEqual({ favorited: false });
    expect((await call(t, bob, 'GET', '/api/bots/favorites')).json().total).toBe(0);
    const priv = await createBot(t, alice);
    expect((await call(t, bob, 'POST', `/api/bots/${priv.id}/favorite`)).statusCode).toBe(404);
    expect((await call(t, null, 'POST', `/api/bots/${bot.id}/favorite`)).statusCode).toBe(401);
  });

  it('files reports as moderation requests that admins list and decide', async () => {
    const bot = await createBot(t, alice, { ...pub, name: 'Reported' });
    const res = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: 'Advertises a casino.' });
    expect(res.statusCode).toBe(201);
    const again = await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'misleading', description: 'Updated.' });
    expect(again.json().id).toBe(res.json().id);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'boring' })).statusCode).toBe(400);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam', description: 'x'.repeat(1001) })).statusCode).toBe(
      400,
    );
    expect((await call(t, null, 'POST', `/api/bots/${bot.id}/report`, { reason: 'spam' })).statusCode).toBe(401);

    expect((await call(t, bob, 'GET', '/api/bots/moderation-requests')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/bots/moderation-requests')).statusCode).toBe(401);
    const list = await call(t, admin, 'GET', '/api/bots/moderation-requests');
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ type: 'report', reason: 'misleading', description: 'Updated.', status: 'pending', bot: { name: 'Reported' } }],
    });

    const decided = await call(t, admin, 'PATCH', `/api/bots/moderation-requests/${res.json().id}`, { status: 'approved', hideBot: true });
    expect(decided.json()).toEqual({ id: res.json().id, status: 'approved' });
    expect((await t.database.db.select({ v: bots.visibility }).from(bots).where(eq(bots.id, bot.id)))[0]!.v).toBe('private');
    expect((await call(t, admin, 'GET', '/api/bots/moderation-requests?status=pending')).json().total).toBe(0);
    expect((await call(t, bob, 'PATCH', `/api/bots/moderation-requests/${res.json().id}`, { status: 'rejected' })).statusCode).toBe(403);
  });

  it('submit-review: the owner files a request of the given type', async () => {
    const bot = await createBot(t, alice);
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'content' })).statusCode).toBe(201);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'content' })).statusCode).toBe(404);
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/submit-review`, { type: 'bribe' })).statusCode).toBe(400);
    const items = (await call(t, admin, 'GET', '/api/bots/moderation-requests')).json().items as { type: string }[];
    expect(items[0]!.type).toBe('content');
  });

  it("answers the caller's totals across their bots", async () => {
    const fresh = await t.signup();
    expect((await call(t, fresh, 'GET', '/api/bots/analytics')).json()).toMatchObject({
      totalBots: 0,
      totalChats: 0,
      avgRating: null,
      topBots: [],
    });
    const a = await createBot(t, fresh, pub);
    const b = await createBot(t, fresh);
    await createBot(t, fresh, { visibility: 'unlisted' });
    await t.database.db
      .update(bots)
      .set({ totalChats: 10, totalMessages: 100, avgRating: 4, ratingCount: 3, popularity: 2 })
      .where(eq(bots.id, a.id));
    await t.database.db
      .update(bots)
      .set({ totalChats: 5, totalMessages: 20, avgRating: 2, ratingCount: 1, popularity: 1 })
      .where(eq(bots.id, b.id));
    await call(t, bob, 'POST', `/api/bots/${a.id}/favorite`);
    const res = (await call(t, fresh, 'GET', '/api/bots/analytics')).json();
    expect(res).toMatchObject({
      totalBots: 3,
      publicBots: 1,
      privateBots: 1,
      unlistedBots: 1,
      totalChats: 15,
      totalMessages: 120,
      ratingCount: 4,
      avgRating: 3.5,
      totalFavorites: 1,
    });
    expect(res.topBots.map((x: { id: string }) => x.id)).toEqual([a.id, b.id, expect.any(String)]);
    expect((await call(t, null, 'GET', '/api/bots/analytics')).statusCode).toBe(401);
  });

  it('deploys to the web as the chat link; other platforms are not there yet', async () => {
    const bot = await createBot(t, alice);
    const web = await call(t, alice, 'POST', `/api/bots/${bot.id}/deploy`, { platform: 'web' });
    expect(web.json()).toEqual({ platform: 'web', url: `${t.config.publicUrl}/chat/${bot.id}` });
    const telegram = await call(t, alice, 'POST', `/api/bots/${bot.id}/deploy`, { platform: 'telegram' });
    expect(telegram.statusCode).toBe(400);
    expect(errorOf(telegram)).toMatchObject({ code: 'DEPLOY_ERROR', message: 'Deploying to telegram is not available yet' });
    expect((await call(t, alice, 'POST', `/api/bots/${bot.id}/deploy`, { platform: 'myspace' })).statusCode).toBe(400);
    expect((await call(t, bob, 'POST', `/api/bots/${bot.id}/deploy`, { platform: 'web' })).statusCode).toBe(404);
  });

  it('lists templates whose fields make valid bots', async () => {
    const items = (await call(t, null, 'GET', '/api/bots/templates')).json().items as { id: string; fields: object }[];
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const template of items) {
      expect(ZBotFields.safeParse(template.fields).success, template.id).toBe(true);
      expect((await call(t, alice, 'POST', '/api/bots', template.fields)).statusCode, template.id).toBe(201);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { BotSummary } from '@app/shared/bots/schemas';
import { botCollaborators, bots } from '../../src/db/schema/bots';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from './helpers';

const names = (res: { json(): unknown }) => (res.json() as { items: BotSummary[] }).items.map((b) => b.name);

describe('Explore and My Bots lists', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let aliceName: string;
  const stats = (id: string, s: Partial<typeof bots.$inferInsert>) => t.database.db.update(bots).set(s).where(eq(bots.id, id));

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
    aliceName = ((await call(t, alice, 'GET', '/api/auth/session')).json() as { user: { username: string } }).user.username;
    const pub = { visibility: 'public' as const, avatarUrl: '/avatars/mira.svg' };
    const dragon = await createBot(t, alice, {
      ...pub,
      name: 'Ember Dragon',
      description: 'An ancient wyrm who hoards riddles.',
      tags: ['Fantasy', 'dragons'],
      category: 'entertainment',
    });
    const pirate = await createBot(t, alice, {
      ...pub,
      name: 'Salty Pete',
      description: 'A pirate with a parrot and a DRAGON tattoo.',
      tags: ['pirates'],
      category: 'entertainment',
    });
    const tutor = await createBot(t, bob, {
      ...pub,
      name: 'Quill',
      description: 'A patient tutor for 50%_off maths.',
      tags: ['education', 'fantasy'],
      category: 'educational',
    });
    await createBot(t, alice, { name: 'Hidden Dragon', description: 'Private, never listed anywhere.', tags: ['fantasy'] });
    await createBot(t, alice, {
      name: 'Unlisted Dragon',
      description: 'Only by link, never in lists.',
      tags: ['fantasy'],
      visibility: 'unlisted',
    });
    const nsfw = await createBot(t, bob, {
      ...pub,
      name: 'Night Dragon',
      description: 'Adults only dragon tales here.',
      tags: ['fantasy'],
      nsfw: true,
    });
    const inactive = await createBot(t, bob, {
      ...pub,
      name: 'Sleeping Dragon',
      description: 'Switched off by an admin.',
      tags: ['fantasy'],
    });
    await stats(inactive.id, { isActive: false });
    await stats(dragon.id, { popularity: 50, avgRating: 3.5, ratingCount: 10, totalChats: 10 });
    await stats(pirate.id, { popularity: 80, avgRating: null, ratingCount: 0, totalChats: 30 });
    await stats(tutor.id, { popularity: 10, avgRating: 4.9, ratingCount: 3, totalChats: 5 });
    await stats(nsfw.id, { popularity: 99 });
  });
  afterAll(() => t.close());

  it('lists public, active, safe bots only, most popular first by default', async () => {
    const res = await call(t, null, 'GET', '/api/bots/public');
    expect(names(res)).toEqual(['Salty Pete', 'Ember Dragon', 'Quill']);
    expect(res.json()).toMatchObject({ total: 3, page: 1 });
  });

  it('searches name, description and tags case-insensitively, literally', async () => {
    expect(names(await call(t, null, 'GET', '/api/bots/public?q=DRAGON')).sort()).toEqual(['Ember Dragon', 'Salty Pete']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?q=pirates'))).toEqual(['Salty Pete']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?q=50%25_off'))).toEqual(['Quill']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?q=5_%25'))).toEqual([]);
  });

  it('filters by tags (all of them, any case) and category', async () => {
    expect(names(await call(t, null, 'GET', '/api/bots/public?tags=FANTASY')).sort()).toEqual(['Ember Dragon', 'Quill']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?tags=fantasy,dragons'))).toEqual(['Ember Dragon']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?q=wyrm&tags=fantasy'))).toEqual(['Ember Dragon']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?category=educational'))).toEqual(['Quill']);
  });

  it('sorts by newest and by rating (unrated last)', async () => {
    expect(names(await call(t, null, 'GET', '/api/bots/public?sortBy=newest'))).toEqual(['Quill', 'Salty Pete', 'Ember Dragon']);
    expect(names(await call(t, null, 'GET', '/api/bots/public?sortBy=rating'))).toEqual(['Quill', 'Ember Dragon', 'Salty Pete']);
    expect((await call(t, null, 'GET', '/api/bots/public?sortBy=random')).statusCode).toBe(400);
  });

  it('shows NSFW bots only to those who opt in', async () => {
    expect(names(await call(t, bob, 'GET', '/api/bots/public?nsfw=true'))[0]).toBe('Night Dragon');
  });

  it('pages, and filters by creator username or id', async () => {
    const page2 = await call(t, null, 'GET', '/api/bots/public?limit=2&page=2');
    expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(names(page2)).toEqual(['Quill']);
    expect((await call(t, null, 'GET', '/api/bots/public?limit=2&page=9')).json()).toMatchObject({ items: [], total: 3 });
    expect(names(await call(t, null, 'GET', `/api/bots/public?creator=${aliceName.toUpperCase()}`)).sort()).toEqual([
      'Ember Dragon',
      'Salty Pete',
    ]);
    expect((await call(t, null, 'GET', '/api/bots/public?limit=101')).statusCode).toBe(400);
  });

  it("My Bots: the caller's own bots with the five sorts, search and filters", async () => {
    expect(names(await call(t, alice, 'GET', '/api/bots/my'))).toEqual(['Unlisted Dragon', 'Hidden Dragon', 'Salty Pete', 'Ember Dragon']);
    expect(names(await call(t, alice, 'GET', '/api/bots/my?sortBy=name'))).toEqual([
      'Ember Dragon',
      'Hidden Dragon',
      'Salty Pete',
      'Unlisted Dragon',
    ]);
    expect(names(await call(t, alice, 'GET', '/api/bots/my?sortBy=name&sortOrder=desc'))[0]).toBe('Unlisted Dragon');
    expect(names(await call(t, alice, 'GET', '/api/bots/my?sortBy=popular')).slice(0, 2)).toEqual(['Salty Pete', 'Ember Dragon']);
    expect(names(await call(t, alice, 'GET', '/api/bots/my?sortBy=rating'))[0]).toBe('Ember Dragon');
    await call(t, alice, 'PATCH', `/api/bots/${(await call(t, alice, 'GET', '/api/bots/my?q=ember')).json().items[0].id}`, {
      scenario: 'Touched.',
    });
    expect(names(await call(t, alice, 'GET', '/api/bots/my?sortBy=updated'))[0]).toBe('Ember Dragon');
    expect(names(await call(t, alice, 'GET', '/api/bots/my?q=hoards'))).toEqual(['Ember Dragon']);
    expect(names(await call(t, alice, 'GET', '/api/bots/my?visibility=private'))).toEqual(['Hidden Dragon']);
    expect(names(await call(t, alice, 'GET', '/api/bots/my?category=entertainment')).sort()).toEqual(['Ember Dragon', 'Salty Pete']);
    expect((await call(t, null, 'GET', '/api/bots/my')).statusCode).toBe(401);
  });

  it('My Bots scope=shared lists the bots one collaborates on', async () => {
    const hidden = (await call(t, alice, 'GET', '/api/bots/my?q=hidden')).json().items[0] as BotSummary;
    const bobId = ((await call(t, bob, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    await t.database.db.insert(botCollaborators).values({ botId: hidden.id, userId: bobId, role: 'viewer' });
    expect(names(await call(t, bob, 'GET', '/api/bots/my?scope=shared'))).toEqual(['Hidden Dragon']);
    expect(names(await call(t, bob, 'GET', '/api/bots/my?scope=all'))).toContain('Hidden Dragon');
    expect(names(await call(t, bob, 'GET', '/api/bots/my'))).not.toContain('Hidden Dragon');
  });

  it('categories carry their public bot counts', async () => {
    const items = (await call(t, null, 'GET', '/api/bots/categories')).json().items as { id: string; botCount: number; icon: string }[];
    expect(items.find((c) => c.id === 'entertainment')).toMatchObject({ botCount: 2, icon: 'drama' });
    expect(items.map((c) => c.id)).toEqual(['general', 'assistant', 'creative', 'educational', 'entertainment', 'productivity', 'other']);
  });
});

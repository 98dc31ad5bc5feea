import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotSummaryPage, ZCategoryList } from '@app/shared/bots/schemas';
import { bots } from '../../src/db/schema/bots';
import { CATEGORIES } from '../../src/seed/categories';
import { DEMO_BOTS } from '../../src/seed/demo-bots';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/bots/categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the seeded categories in their order, to anyone', async () => {
    const res = await get(t, '/api/bots/categories');
    expect(res.statusCode).toBe(200);
    const { items } = ZCategoryList.strict().parse(res.json());
    expect(items).toEqual(CATEGORIES.map(({ id, name, icon, description }) => ({ id, name, icon, description, botCount: 0 })));
    expect(items.map((c) => c.id)).toContain('general');
  });

  it('has no public bots without demo data', async () => {
    const res = await get(t, '/api/bots/public');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, limit: 24 });
  });
});

describe('GET /api/bots/public with the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await get(t, `/api/bots/public${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZBotSummaryPage.parse(res.json());
  };

  it('lists the demo bots as public summaries with their category and creator', async () => {
    const all = await page('');
    expect(all.total).toBe(DEMO_BOTS.length);
    expect(all.items.map((b) => b.name).sort()).toEqual(DEMO_BOTS.map((b) => b.name).sort());
    for (const bot of all.items) {
      expect(bot).toMatchObject({ visibility: 'public', isPublic: true, nsfw: false, creator: { username: 'admin' } });
      expect(bot.category?.id).toBe(DEMO_BOTS.find((d) => d.name === bot.name)?.categoryId);
      // Summaries only: the full record (prompts, greetings) comes with the detail call.
      expect(bot).not.toHaveProperty('personality');
      expect(bot).not.toHaveProperty('firstMessage');
      expect(bot).not.toHaveProperty('systemPrompt');
    }
  });

  it('pages without overlap, newest first', async () => {
    const first = await page('?limit=2&page=1');
    const second = await page('?limit=2&page=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: DEMO_BOTS.length });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(Math.min(2, DEMO_BOTS.length - 2));
    const ids = [...first.items, ...second.items].map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    const dates = [...first.items, ...second.items].map((b) => Date.parse(b.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await page(`?limit=2&page=${DEMO_BOTS.length}`)).items).toEqual([]);
  });

  it('leaves out private, unlisted, inactive and NSFW bots', async () => {
    const all = await page('?limit=100');
    const createdBy = all.items[0]!.creator.id;
    const hidden = [
      { name: 'Hidden private', visibility: 'private' as const },
      { name: 'Hidden unlisted', visibility: 'unlisted' as const },
      { name: 'Hidden inactive', visibility: 'public' as const, isActive: false },
      { name: 'Hidden nsfw', visibility: 'public' as const, nsfw: true },
    ];
    await t.database.db.insert(bots).values(hidden.map((b) => ({ ...b, description: 'not listed', createdBy })));
    await t.database.db.insert(bots).values({ name: 'Shown public', description: 'listed', visibility: 'public', createdBy });
    const after = await page('?limit=100');
    const names = after.items.map((b) => b.name);
    expect(names).toContain('Shown public');
    for (const { name } of hidden) expect(names).not.toContain(name);
    expect(after.total).toBe(DEMO_BOTS.length + 1);
  });

  it.each(['?limit=0', '?limit=101', '?page=0', '?page=-1', '?page=abc', '?limit=1.5'])('answers 400 for the query %s', async (query) => {
    expectError(await get(t, `/api/bots/public${query}`), 400, 'VALIDATION_ERROR');
  });
});

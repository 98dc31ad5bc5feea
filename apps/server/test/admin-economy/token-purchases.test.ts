import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PURCHASES_CACHE_MS } from '@app/shared/admin-economy/rules';
import type { TokenPurchase } from '@app/shared/admin-economy/schemas';
import type { Session } from '@app/shared/auth/schemas';
import { apiTokenPurchases } from '../../src/db/schema/provider-tokens';
import { TokenPurchaseStore } from '../../src/features/admin-economy/store';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('API token purchases (admin)', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  const list = async () => {
    const res = await call(t, admin, 'GET', '/api/admin/token-purchases');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: TokenPurchase[] }).items;
  };
  const valid = {
    platform: 'anthropic',
    tokens_purchased: 250_000,
    cost_usd: 40,
    price_paid_eur: 37.5,
    supplier: 'Reseller GmbH',
    purchase_date: '2026-03-14',
    notes: 'Spring top-up',
  };

  it("is seeded once with the spec's 150 EUR, for 150 000 tokens: 0.001 EUR a token as the pricing says, cost_rub 15 000", async () => {
    const items = await list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      platform: 'openai',
      tokens_purchased: 150_000,
      price_paid_eur: 150,
      cost_rub: 15_000,
      cost_per_token: 0.001,
      cost_usd: 0,
    });
    expect(items[0]!.purchase_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Reading again (and through a fresh store, past the cache) seeds nothing more.
    expect(await new TokenPurchaseStore(t.database.db).list()).toHaveLength(1);
    expect(await t.database.db.$count(apiTokenPurchases)).toBe(1);
  });

  it('creates, edits and deletes, with cost_rub and cost_per_token computed by the server; a read after each write sees it', async () => {
    const created = await call(t, admin, 'POST', '/api/admin/token-purchases', valid);
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json() as TokenPurchase;
    expect(purchase).toEqual({ id: expect.any(String), ...valid, cost_rub: 3750, cost_per_token: 0.00015 });
    // Newest purchase date first: the seed is dated today, this one in March.
    expect((await list()).map((p) => p.id)).toEqual([expect.any(String), purchase.id]);

    const patched = await call(t, admin, 'PATCH', `/api/admin/token-purchases/${purchase.id}`, { price_paid_eur: 50, notes: '' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...purchase, price_paid_eur: 50, notes: '', cost_rub: 5000, cost_per_token: 0.0002 });
    expect((await list()).find((p) => p.id === purchase.id)).toMatchObject({ price_paid_eur: 50, cost_rub: 5000 });

    const tokens = await call(t, admin, 'PATCH', `/api/admin/token-purchases/${purchase.id}`, { tokens_purchased: 100_000 });
    expect(tokens.json()).toMatchObject({ cost_per_token: 0.0005, cost_rub: 5000 });

    const removed = await call(t, admin, 'DELETE', `/api/admin/token-purchases/${purchase.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await list()).map((p) => p.id)).not.toContain(purchase.id);
    expectError(await call(t, admin, 'DELETE', `/api/admin/token-purchases/${purchase.id}`), 404, 'NOT_FOUND');
  });

  it('answers 404 for an unknown purchase', async () => {
    expectError(await call(t, admin, 'PATCH', `/api/admin/token-purchases/${UNKNOWN}`, { notes: 'x' }), 404, 'NOT_FOUND');
    expectError(await call(t, admin, 'DELETE', `/api/admin/token-purchases/${UNKNOWN}`), 404, 'NOT_FOUND');
  });

  it.each([
    ['tokens_purchased', { tokens_purchased: 0 }],
    ['tokens_purchased', { tokens_purchased: -5 }],
    ['tokens_purchased', { tokens_purchased: 10.5 }],
    ['price_paid_eur', { price_paid_eur: 0 }],
    ['price_paid_eur', { price_paid_eur: -1 }],
    ['cost_usd', { cost_usd: -0.01 }],
    ['purchase_date', { purchase_date: '2026-02-30' }],
    ['purchase_date', { purchase_date: '14.03.2026' }],
    ['platform', { platform: '' }],
    ['platform', { platform: 'x'.repeat(101) }],
    ['supplier', { supplier: 'x'.repeat(201) }],
    ['notes', { notes: 'x'.repeat(2001) }],
    // Computed by the server, never taken from the client.
    [undefined, { cost_rub: 1 }],
    [undefined, { cost_per_token: 1 }],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (field, change) => {
    const before = await t.database.db.$count(apiTokenPurchases);
    const res = await call(t, admin, 'POST', '/api/admin/token-purchases', { ...valid, ...change });
    const error = expectError(res, 400, 'VALIDATION_ERROR');
    if (field) expect(error.field).toBe(field);
    expect(await t.database.db.$count(apiTokenPurchases)).toBe(before);
  });

  it('refuses a bad change, and changes nothing', async () => {
    const [seed] = await list();
    for (const body of [{}, { price_paid_eur: 0 }, { tokens_purchased: 0 }, { cost_rub: 9 }, { purchase_date: 'yesterday' }])
      expectError(await call(t, admin, 'PATCH', `/api/admin/token-purchases/${seed!.id}`, body), 400, 'VALIDATION_ERROR');
    expect((await list())[0]).toEqual(seed);
  });

  it("is the admins' alone: users 403, anonymous 401", async () => {
    const user = await t.signup();
    const [seed] = await list();
    for (const [method, url, body] of [
      ['GET', '/api/admin/token-purchases'],
      ['POST', '/api/admin/token-purchases', valid],
      ['PATCH', `/api/admin/token-purchases/${seed!.id}`, { notes: 'x' }],
      ['DELETE', `/api/admin/token-purchases/${seed!.id}`],
      ['GET', '/api/admin/economy'],
    ] as const) {
      expectError(await call(t, user, method, url, body), 403, 'FORBIDDEN');
      expectError(await call(t, null, method, url, body), 401, 'UNAUTHORIZED');
    }
    expect(await list()).toEqual([seed]);
  });

  it('reads are cached for 300 000 ms; a write through the store, or invalidate, drops the cache', async () => {
    let now = 5_000_000;
    const store = new TokenPurchaseStore(t.database.db, () => now);
    const first = await store.list();
    // Written behind the store's back (as another instance would).
    await t.database.db.insert(apiTokenPurchases).values({
      platform: 'other',
      tokensPurchased: 1000,
      pricePaidEur: 1,
      costRub: 100,
      purchaseDate: '2020-01-01',
    });
    now += TOKEN_PURCHASES_CACHE_MS - 1;
    expect(await store.list()).toHaveLength(first.length);
    now += 1;
    expect(await store.list()).toHaveLength(first.length + 1);
    const created = await store.create({ ...valid, purchase_date: '2019-01-01' }, admin.user.id);
    expect((await store.list()).at(-1)).toEqual(created);
    await t.database.db.delete(apiTokenPurchases).where(eq(apiTokenPurchases.platform, 'other'));
    store.invalidate();
    expect((await store.list()).map((p) => p.platform)).not.toContain('other');
    expect(await store.remove(created.id, admin.user.id)).toBe(true);
  });

  it("a token-purchases.changed event drops the app's cached list", async () => {
    const before = await list(); // cached
    await t.database.db
      .insert(apiTokenPurchases)
      .values({ platform: 'elsewhere', tokensPurchased: 5, pricePaidEur: 1, costRub: 100, purchaseDate: '2021-01-01' });
    expect(await list()).toHaveLength(before.length);
    await t.app.ctx.events.publish('token-purchases.changed', { updatedBy: admin.user.id });
    expect(await list()).toHaveLength(before.length + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { DEFAULT_PRICING, type PricingConfig } from '@app/shared/pricing/rules';
import { pricingConfig } from '../../src/db/schema/pricing';
import { PRICING_CACHE_MS, PricingStore } from '../../src/features/pricing/store';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

const INVALID = 'Невалидная конфигурация ценообразования';

describe('pricing', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  const put = (s: Session | null, body: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/pricing', headers: s ? t.bearer(s) : {}, payload: body });
  const quote = async (type: string) =>
    (await call(t, null, 'GET', `/api/pricing/quote?type=${type}`)).json() as { providerCostEur: number; priceEur: number; tokens: number };

  it("answers the spec's defaults before any save, and quotes by its formulas", async () => {
    expect((await call(t, admin, 'GET', '/api/admin/pricing')).json()).toEqual(DEFAULT_PRICING);
    // text: 100 provider tokens × 0.001 = 0.1 EUR; × (1 + 50/100 × 2) = 0.2 EUR; ceil(0.2 / 0.0015) = 134 tokens.
    expect(await quote('text')).toEqual({ providerCostEur: 0.1, priceEur: 0.2, tokens: 134 });
    expect(await quote('image')).toEqual({ providerCostEur: 0.5, priceEur: 1, tokens: 667 });
    expect(await quote('video')).toEqual({ providerCostEur: 2, priceEur: 4, tokens: 2667 });
  });

  it('a save is used at once: quotes and token packs follow it; free text costs nothing', async () => {
    const next: PricingConfig = {
      token_cost_eur: 0.002,
      markup_percentage: 100,
      user_token_cost_eur: 0.01,
      generation_costs: { text: 0, image: 1, video: 60 },
      free_generation_for_text: true,
    };
    const saved = await put(admin, next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(next);
    expect((await call(t, admin, 'GET', '/api/admin/pricing')).json()).toEqual(next);
    expect(await quote('text')).toEqual({ providerCostEur: 0, priceEur: 0, tokens: 0 });
    // video: 60 × 0.002 = 0.12; × 3 = 0.36; ceil(0.36 / 0.01) = 36.
    expect(await quote('video')).toEqual({ providerCostEur: 0.12, priceEur: 0.36, tokens: 36 });
    const packs = (await call(t, null, 'GET', '/api/tokens/packs')).json() as { items: { id: string; tokens: number }[] };
    expect(packs.items.map((p) => [p.id, p.tokens])).toEqual([
      ['small', 500],
      ['medium', 1000],
      ['large', 2500],
      ['huge', 5000],
    ]);
    expect((await put(admin, DEFAULT_PRICING)).statusCode).toBe(200);
  });

  it.each([
    ['token_cost_eur', { token_cost_eur: 0 }],
    ['token_cost_eur', { token_cost_eur: -0.001 }],
    ['markup_percentage', { markup_percentage: 9.99 }],
    ['markup_percentage', { markup_percentage: 200.5 }],
    ['user_token_cost_eur', { user_token_cost_eur: 0 }],
    ['generation_costs.image', { generation_costs: { text: 1, image: -1, video: 1 } }],
  ])("refuses an invalid %s with the spec's message, and saves nothing", async (field, change) => {
    const res = await put(admin, { ...DEFAULT_PRICING, ...change });
    expectError(res, 400, 'VALIDATION_ERROR', INVALID);
    expect(res.json()).toMatchObject({ error: { field } });
    expect((await call(t, admin, 'GET', '/api/admin/pricing')).json()).toEqual(DEFAULT_PRICING);
  });

  it('accepts the edges of the markup range', async () => {
    for (const markup of [10, 200]) expect((await put(admin, { ...DEFAULT_PRICING, markup_percentage: markup })).statusCode).toBe(200);
    expect((await put(admin, DEFAULT_PRICING)).statusCode).toBe(200);
  });

  it.each([
    { ...DEFAULT_PRICING, markup_percentage: '50' },
    { ...DEFAULT_PRICING, generation_costs: { text: 1, image: 1 } },
    { ...DEFAULT_PRICING, extra: true },
    { token_cost_eur: 0.001 },
  ])('refuses a body of the wrong shape: %j', async (body) => {
    expectError(await put(admin, body), 400, 'VALIDATION_ERROR');
  });

  it("is the admins' alone: users 403, anonymous 401", async () => {
    const user = await t.signup();
    expectError(await call(t, user, 'GET', '/api/admin/pricing'), 403, 'FORBIDDEN');
    expectError(await put(user, DEFAULT_PRICING), 403, 'FORBIDDEN');
    expectError(await call(t, null, 'GET', '/api/admin/pricing'), 401, 'UNAUTHORIZED');
    expectError(await put(null, DEFAULT_PRICING), 401, 'UNAUTHORIZED');
  });

  it('refuses an unknown quote type', async () => {
    expectError(await call(t, null, 'GET', '/api/pricing/quote?type=audio'), 400, 'VALIDATION_ERROR');
  });

  it('reads are cached for 600 000 ms; invalidate drops the cache', async () => {
    let now = 1_000_000;
    const store = new PricingStore(t.database.db, () => now);
    expect((await store.get()).markup_percentage).toBe(50);
    // Changed behind the store's back (as another instance would).
    await t.database.db
      .insert(pricingConfig)
      .values({ id: 1, config: { ...DEFAULT_PRICING, markup_percentage: 75 } })
      .onConflictDoUpdate({ target: pricingConfig.id, set: { config: { ...DEFAULT_PRICING, markup_percentage: 75 } } });
    now += PRICING_CACHE_MS - 1;
    expect((await store.get()).markup_percentage).toBe(50);
    now += 1;
    expect((await store.get()).markup_percentage).toBe(75);
    await t.database.db.update(pricingConfig).set({ config: { ...DEFAULT_PRICING, markup_percentage: 80 } });
    store.invalidate();
    expect((await store.get()).markup_percentage).toBe(80);
    await t.database.db.update(pricingConfig).set({ config: DEFAULT_PRICING });
  });

  it("a pricing.changed event drops the app's cached copy", async () => {
    await call(t, null, 'GET', '/api/pricing/quote?type=text'); // cached
    await t.database.db.update(pricingConfig).set({ config: { ...DEFAULT_PRICING, free_generation_for_text: true } });
    expect((await quote('text')).tokens).toBe(134);
    await t.app.ctx.events.publish('pricing.changed', { updatedBy: admin.user.id });
    expect((await quote('text')).tokens).toBe(0);
    await put(admin, DEFAULT_PRICING);
  });
});

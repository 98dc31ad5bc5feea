import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { GemBalance } from '@app/shared/gems/schemas';
import type { Purchase } from '@app/shared/purchases/schemas';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call } from '../bots/helpers';

/** Purchases without Stripe (the embedded default): the in-app sandbox checkout pays them. */
describe('purchases through the sandbox checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const buy = async (s: Session, body: object) => {
    const res = await call(t, s, 'POST', '/api/purchases', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Purchase;
  };
  const gems = async (s: Session) => ((await call(t, s, 'GET', '/api/gems')).json() as GemBalance).totalGems;
  const tokens = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const complete = (s: Session | null, id: string) => call(t, s, 'POST', `/api/purchases/${id}/sandbox/complete`);

  it('a gem package: pending with its price and the in-app checkout; paying credits the gems once', async () => {
    const s = await t.signup();
    const purchase = await buy(s, { kind: 'gems', packageId: 'popular' });
    expect(purchase).toMatchObject({
      kind: 'gems',
      itemId: 'popular',
      status: 'pending',
      amount: 9.99,
      currency: 'eur', // the whole shop is in euros, gems as tokens
      credits: 1200,
      provider: 'sandbox',
      checkoutUrl: `${t.config.publicUrl}/checkout/${purchase.id}`,
      paidAt: null,
    });
    expect(await gems(s)).toBe(100);

    const paid = await complete(s, purchase.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', checkoutUrl: null });
    expect(await gems(s)).toBe(1300);
    // A second click answers paid and credits nothing more.
    expect((await complete(s, purchase.id)).json()).toMatchObject({ status: 'paid' });
    expect(await gems(s)).toBe(1300);
    const balance = (await call(t, s, 'GET', '/api/gems')).json() as GemBalance;
    expect(balance.transactions[0]).toMatchObject({ type: 'purchase', amount: 1200, reason: 'purchase', balanceAfter: 1300 });
    expect(balance.earnedGems).toBe(1300);
  });

  it('20 completions at once credit once', async () => {
    const s = await t.signup();
    const purchase = await buy(s, { kind: 'gems', packageId: 'starter' });
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(s, purchase.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await gems(s)).toBe(600);
    const credits = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, s.user.id), eq(ledgerEntries.reason, 'purchase')));
    expect(credits).toHaveLength(1);
  });

  it('a token pack is priced from the pricing: tokens = ceil(price / user token cost)', async () => {
    const s = await t.signup();
    const before = await tokens(s);
    const purchase = await buy(s, { kind: 'tokens', packId: 'medium' });
    // 10 EUR at the default 0.0015 EUR a token.
    expect(purchase).toMatchObject({ kind: 'tokens', itemId: 'medium', amount: 10, currency: 'eur', credits: 6667 });
    const packs = (await call(t, null, 'GET', '/api/tokens/packs')).json() as { items: { id: string; tokens: number }[] };
    expect(packs.items.find((p) => p.id === 'medium')?.tokens).toBe(6667);
    await complete(s, purchase.id);
    expect(await tokens(s)).toBe(before + 6667);
  });

  it('another user can neither see nor complete a purchase (404); anonymous callers get 401', async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const purchase = await buy(alice, { kind: 'gems', packageId: 'value' });
    expectError(await complete(bob, purchase.id), 404, 'NOT_FOUND');
    expectError(await call(t, bob, 'GET', `/api/purchases/${purchase.id}`), 404, 'NOT_FOUND');
    expectError(await call(t, bob, 'POST', `/api/purchases/${purchase.id}/sandbox/cancel`), 404, 'NOT_FOUND');
    expectError(await complete(null, purchase.id), 401, 'UNAUTHORIZED');
    expectError(await call(t, null, 'POST', '/api/purchases', { kind: 'gems', packageId: 'value' }), 401, 'UNAUTHORIZED');
    expect(await gems(bob)).toBe(100);
    expect(await gems(alice)).toBe(100);
    expect(((await call(t, bob, 'GET', '/api/purchases')).json() as { items: unknown[] }).items).toEqual([]);
    expect((await call(t, alice, 'GET', `/api/purchases/${purchase.id}`)).json()).toMatchObject({ id: purchase.id, status: 'pending' });
  });

  it('the shop has one currency: every gem package and every token pack is sold in euros', async () => {
    const s = await t.signup();
    const currencies = new Set<string>();
    for (const packageId of ['starter', 'popular', 'value', 'premium', 'ultimate'])
      currencies.add((await buy(s, { kind: 'gems', packageId })).currency);
    for (const packId of ['small', 'medium', 'large', 'huge']) currencies.add((await buy(s, { kind: 'tokens', packId })).currency);
    expect([...currencies]).toEqual(['eur']);
    const packages = (await call(t, null, 'GET', '/api/gems/packages')).json() as { items: Record<string, unknown>[] };
    expect(packages.items.every((p) => typeof p.priceEur === 'number' && !('priceUsd' in p))).toBe(true);
  });

  it.each([
    [{ kind: 'gems', packageId: 'mega' }, 'packageId'],
    [{ kind: 'tokens', packId: 'mega' }, 'packId'],
    [{ kind: 'gems', packId: 'popular' }, undefined],
    [{ kind: 'gems', packageId: 'popular', amount: 1 }, undefined],
    [{ kind: 'gems', packageId: 'popular', priceUsd: 0.01 }, undefined],
    [{ kind: 'diamonds', packageId: 'popular' }, undefined],
    [{}, undefined],
  ])('refuses %j with 400 and makes nothing', async (body, field) => {
    const s = await t.signup();
    const res = await call(t, s, 'POST', '/api/purchases', body);
    expectError(res, 400, 'VALIDATION_ERROR');
    if (field) expect(res.json()).toMatchObject({ error: { field } });
    expect(((await call(t, s, 'GET', '/api/purchases')).json() as { items: unknown[] }).items).toEqual([]);
  });

  it('a cancelled purchase is expired and can no longer be paid', async () => {
    const s = await t.signup();
    const purchase = await buy(s, { kind: 'gems', packageId: 'starter' });
    const cancelled = await call(t, s, 'POST', `/api/purchases/${purchase.id}/sandbox/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'expired', checkoutUrl: null });
    expectError(await complete(s, purchase.id), 409, 'PURCHASE_CLOSED');
    expect(await gems(s)).toBe(100);
  });

  it("lists the caller's purchases newest first", async () => {
    const s = await t.signup();
    const first = await buy(s, { kind: 'gems', packageId: 'starter' });
    const second = await buy(s, { kind: 'tokens', packId: 'small' });
    const { items } = (await call(t, s, 'GET', '/api/purchases')).json() as { items: Purchase[] };
    expect(items.map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it('has no Stripe webhook without Stripe', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
  });
});

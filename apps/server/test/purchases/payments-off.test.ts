import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { PLANS } from '@app/shared/subscriptions/plans';
import { purchases } from '../../src/db/schema/payments';
import { subscriptionCheckouts, subscriptions } from '../../src/db/schema/subscriptions';
import { renewDueSandboxSubscriptions } from '../../src/features/subscriptions';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call } from '../bots/helpers';

/**
 * No Stripe and the sandbox turned off (PAYMENTS_SANDBOX=false, as production without Stripe is
 * by default): nothing can be bought for free, and the app says so (issue 37 §6).
 */
describe('payments off: no Stripe, no sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENTS_SANDBOX: 'false' } });
  });
  afterAll(() => t.close());

  const tokens = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

  it('/api/app/info says payments are off', async () => {
    expect((await call(t, null, 'GET', '/api/app/info')).json()).toMatchObject({ payments: 'off' });
  });

  it('buying gems or tokens answers 503 PAYMENTS_UNAVAILABLE and makes no purchase', async () => {
    const s = await t.signup();
    expectError(await call(t, s, 'POST', '/api/purchases', { kind: 'gems', packageId: 'popular' }), 503, 'PAYMENTS_UNAVAILABLE');
    expectError(await call(t, s, 'POST', '/api/purchases', { kind: 'tokens', packId: 'small' }), 503, 'PAYMENTS_UNAVAILABLE');
    expect(await t.database.db.select().from(purchases).where(eq(purchases.userId, s.user.id))).toEqual([]);
    expect((await call(t, s, 'GET', '/api/purchases')).json()).toEqual({ items: [] });
  });

  it('subscribing answers 503 PAYMENTS_UNAVAILABLE and opens no checkout', async () => {
    const s = await t.signup();
    expectError(await call(t, s, 'POST', '/api/subscription/checkout', { plan: 'premium' }), 503, 'PAYMENTS_UNAVAILABLE');
    expect(await t.database.db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.userId, s.user.id))).toEqual([]);
    expect((await call(t, s, 'GET', '/api/subscription')).json()).toMatchObject({ tier: 'free' });
  });

  it("the sandbox's Pay buttons are gone: a purchase left pending from when the sandbox was on can't be paid (404)", async () => {
    const s = await t.signup();
    const before = await tokens(s);
    const [pending] = await t.database.db
      .insert(purchases)
      .values({
        userId: s.user.id,
        kind: 'tokens',
        itemId: 'starter',
        amountMinor: 499,
        currency: 'eur',
        credits: 5000,
        provider: 'sandbox',
      })
      .returning();
    expectError(await call(t, s, 'POST', `/api/purchases/${pending!.id}/sandbox/complete`), 404, 'NOT_FOUND');
    const [checkout] = await t.database.db
      .insert(subscriptionCheckouts)
      .values({ userId: s.user.id, plan: 'premium', provider: 'sandbox', amountMinor: PLANS.premium.priceMinor, currency: 'eur' })
      .returning();
    expectError(await call(t, s, 'POST', `/api/subscription/checkout/${checkout!.id}/sandbox/complete`), 404, 'NOT_FOUND');
    expect(await tokens(s)).toBe(before);
  });

  it('a sandbox subscription from before ends at its period end instead of renewing for free', async () => {
    const s = await t.signup();
    const before = await tokens(s);
    const end = new Date(Date.now() - 60_000);
    await t.database.db.insert(subscriptions).values({
      userId: s.user.id,
      tier: 'premium',
      status: 'active',
      provider: 'sandbox',
      providerSubscriptionId: `sub_sandbox_${s.user.id}`,
      currentPeriodStart: new Date(end.getTime() - 30 * 86_400_000),
      currentPeriodEnd: end,
    });
    const result = await renewDueSandboxSubscriptions({ db: t.database.db, events: t.app.ctx.events, metrics: null }, new Date(), {
      renew: false,
    });
    expect(result).toMatchObject({ renewed: 0 });
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect((await call(t, s, 'GET', '/api/subscription')).json()).toMatchObject({ tier: 'free', status: 'canceled' });
    expect(await tokens(s)).toBe(before);
  });
});

describe('payments through the sandbox (the default outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/api/app/info says sandbox', async () => {
    expect((await call(t, null, 'GET', '/api/app/info')).json()).toMatchObject({ payments: 'sandbox' });
  });
});

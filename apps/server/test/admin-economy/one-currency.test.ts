import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EconomyReport, TokenPurchase } from '@app/shared/admin-economy/schemas';
import type { PricingConfig } from '@app/shared/pricing/rules';
import type { Session } from '@app/shared/auth/schemas';
import { chatMessages } from '../../src/db/schema/chats';
import { purchases } from '../../src/db/schema/payments';
import { createTestApp, type TestApp } from '../helpers/app';
import { signupAdmin } from '../helpers/auth';
import { call, createBot } from '../bots/helpers';

/**
 * Issue 37 §8: Admin › Economy answers in one currency, EUR (decision 040), and the seeded provider
 * purchase agrees with the seeded pricing, so the margin on what replies used is the pricing's.
 */
describe('the economy report in one currency, with a seed that agrees with the pricing', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    admin = await signupAdmin(t);
    buyer = await t.signup();
  });
  afterAll(() => t.close());

  const report = async () => {
    const res = await call(t, admin, 'GET', '/api/admin/economy');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EconomyReport;
  };

  it('the seeded purchase costs a token what the pricing says: 150 000 tokens for 150 EUR, 0.001 EUR a token', async () => {
    const pricing = (await call(t, admin, 'GET', '/api/admin/pricing')).json() as PricingConfig;
    const { items } = (await call(t, admin, 'GET', '/api/admin/token-purchases')).json() as { items: TokenPurchase[] };
    const seed = items.find((p) => p.notes === 'Default seed purchase');
    expect(seed).toMatchObject({ tokens_purchased: 150_000, price_paid_eur: 150 });
    expect(seed!.cost_per_token).toBe(pricing.token_cost_eur);
    // What a user pays a token is above what the provider charges: the pricing's margin is positive.
    expect(pricing.user_token_cost_eur).toBeGreaterThan(seed!.cost_per_token);
  });

  it('answers EUR alone, with no conversion while nothing was sold in dollars', async () => {
    const r = await report();
    expect(r.currency).toBe('EUR');
    expect(r.convertedFromUsd).toBeNull();
    // Every amount is named in euros; no rate is answered when nothing was converted.
    expect(Object.keys(r.days[0]!).filter((k) => k !== 'date')).toEqual(['revenueEur', 'costEur', 'usageCostEur']);
    expect(r).not.toHaveProperty('eurPerUsd');
  });

  it('a token pack sold and its tokens used by replies: the margin on usage is the markup, not −666 %', async () => {
    // A 5 EUR token pack through the sandbox.
    const bought = await call(t, buyer, 'POST', '/api/purchases', { kind: 'tokens', packId: 'small' });
    expect(bought.statusCode, bought.body).toBe(201);
    const { id, credits } = bought.json() as { id: string; credits: number };
    expect((await call(t, buyer, 'POST', `/api/purchases/${id}/sandbox/complete`)).statusCode).toBe(200);
    // Replies used as many provider tokens as the pack gave the user.
    const bot = await createBot(t, buyer);
    const chat = (await call(t, buyer, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
    expect((await call(t, buyer, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello' })).statusCode).toBeLessThan(300);
    await t.database.db
      .update(chatMessages)
      .set({ tokensUsed: credits })
      .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.role, 'assistant'), isNotNull(chatMessages.tokensUsed)));

    const r = await report();
    expect(r.revenueEur).toBe(5);
    expect(r.usage.costPerTokenEur).toBe(0.001);
    expect(r.usage.tokens).toBe(credits);
    // 5 EUR for 3,334 tokens that cost the platform 3.334 EUR: (5 − 3.334) / 5 = 33.32 %.
    expect(r.usage.marginPercent).toBeGreaterThan(0);
    expect(r.usage.marginPercent).toBe(Math.round(((5 - credits * 0.001) / 5) * 10_000) / 100);
    // Cash basis: the 150 EUR paid the provider today against 5 EUR of sales is really below zero.
    expect(r.costEur).toBe(150);
    expect(r.marginPercent).toBeLessThan(0);
  });

  it('a dollar sale from before the shop went to euros is converted, and the report says how much and at what rate', async () => {
    await t.database.db.insert(purchases).values({
      userId: buyer.user.id,
      kind: 'gems',
      itemId: 'x',
      amountMinor: 1000,
      currency: 'usd',
      credits: 100,
      status: 'paid',
      provider: 'sandbox',
      paidAt: new Date(),
    });
    const r = await report();
    expect(r.currency).toBe('EUR');
    expect(r.convertedFromUsd).toEqual({ usd: 10, eur: 9.2, eurPerUsd: 0.92 });
    expect(r.revenueEur).toBe(14.2);
  });
});

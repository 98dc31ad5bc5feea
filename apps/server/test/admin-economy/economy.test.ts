import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '@app/shared/admin-economy/rules';
import { PLANS } from '@app/shared/subscriptions/plans';
import type { EconomyReport } from '@app/shared/admin-economy/schemas';
import type { Session } from '@app/shared/auth/schemas';
import { chatMessages } from '../../src/db/schema/chats';
import { purchases } from '../../src/db/schema/payments';
import { reportRange } from '../../src/features/admin-economy/report';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, signupAdmin } from '../helpers/auth';
import { call, createBot } from '../bots/helpers';

/** Revenue, provider cost and margin over a range, from purchases, API token purchases and replies. */
describe('the economy report (admin)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    admin = await signupAdmin(t);
    buyer = await t.signup();
  });
  afterAll(() => t.close());

  const report = async (query = '') => {
    const res = await call(t, admin, 'GET', `/api/admin/economy${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EconomyReport;
  };
  const at = (iso: string) => new Date(iso);
  const purchase = (p: {
    amountMinor: number;
    currency: string;
    status: 'paid' | 'refunded' | 'pending';
    paidAt?: string;
    closedAt?: string;
  }) =>
    t.database.db.insert(purchases).values({
      userId: buyer.user.id,
      kind: p.currency === 'usd' ? 'gems' : 'tokens',
      itemId: 'x',
      amountMinor: p.amountMinor,
      currency: p.currency,
      credits: 100,
      status: p.status,
      provider: 'sandbox',
      paidAt: p.paidAt ? at(p.paidAt) : null,
      closedAt: p.closedAt ? at(p.closedAt) : null,
    });

  it('before any sale: no revenue, a margin of null, the last 30 days by default', async () => {
    const r = await report();
    const today = utcToday();
    expect(r).toMatchObject({ from: addDays(today, -29), to: today, revenueEur: 0, marginPercent: null });
    expect(r.days).toHaveLength(30);
    expect(r.days[0]!.date).toBe(addDays(today, -29));
    expect(r.days.at(-1)!.date).toBe(today);
    // The seed purchase (150 000 tokens for 150 EUR) is dated the day the table was made: today.
    expect(r.costEur).toBe(150);
    expect(r.days.at(-1)!.costEur).toBe(150);
    expect(r.usage.marginPercent).toBeNull();
  });

  it('sums paid purchases less refunds (EUR, and USD at the book rate), API token purchases of the range, and usage', async () => {
    // March 2025: well before the seed purchase (today).
    await purchase({ amountMinor: 1000, currency: 'eur', status: 'paid', paidAt: '2025-03-02T10:00:00Z' });
    await purchase({ amountMinor: 999, currency: 'usd', status: 'paid', paidAt: '2025-03-31T23:59:59Z' });
    // Paid and refunded in the range: nothing on balance (+5 on the 5th, −5 on the 6th).
    await purchase({
      amountMinor: 500,
      currency: 'eur',
      status: 'refunded',
      paidAt: '2025-03-05T08:00:00Z',
      closedAt: '2025-03-06T08:00:00Z',
    });
    // Outside the range (the day before and the day after), and a purchase never paid.
    await purchase({ amountMinor: 2000, currency: 'eur', status: 'paid', paidAt: '2025-02-28T23:59:59Z' });
    await purchase({ amountMinor: 2000, currency: 'eur', status: 'paid', paidAt: '2025-04-01T00:00:00Z' });
    await purchase({ amountMinor: 3000, currency: 'eur', status: 'pending' });
    // The provider: 1000 tokens for 5 EUR in the range; one outside it.
    for (const [date, eur, tokens] of [
      ['2025-03-10', 5, 1000],
      ['2025-04-02', 70, 1000],
    ] as const) {
      const res = await call(t, admin, 'POST', '/api/admin/token-purchases', {
        platform: 'openai',
        tokens_purchased: tokens,
        price_paid_eur: eur,
        purchase_date: date,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A reply on 12 March that used 1000 provider tokens (the bot's greeting used none).
    const bot = await createBot(t, buyer);
    const chat = (await call(t, buyer, 'POST', '/api/chats', { botId: bot.id })).json() as { id: string };
    expect((await call(t, buyer, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello' })).statusCode).toBeLessThan(300);
    await t.database.db
      .update(chatMessages)
      .set({ tokensUsed: 1000, createdAt: at('2025-03-12T12:00:00Z') })
      .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.role, 'assistant'), isNotNull(chatMessages.tokensUsed)));

    const r = await report('?from=2025-03-01&to=2025-03-31');
    // 10.00 EUR + 9.99 USD × 0.92 (9.1908) + 5 − 5.
    expect(r.revenueEur).toBe(19.1908);
    expect(r.costEur).toBe(5);
    // (19.1908 − 5) / 19.1908 × 100 = 73.946…
    expect(r.marginPercent).toBe(73.95);
    // Usage: 1000 tokens × 0.005 EUR (the purchases dated up to the range's end: only the March one).
    expect(r.usage).toEqual({ tokens: 1000, costPerTokenEur: 0.005, costEur: 5, marginPercent: 73.95 });
    expect(r.convertedFromUsd).toEqual({ usd: 9.99, eur: 9.1908, eurPerUsd: 0.92 });
    expect(r.days).toHaveLength(31);
    const day = (d: string) => r.days.find((x) => x.date === d);
    expect(day('2025-03-01')).toEqual({ date: '2025-03-01', revenueEur: 0, costEur: 0, usageCostEur: 0 });
    expect(day('2025-03-02')!.revenueEur).toBe(10);
    expect(day('2025-03-05')!.revenueEur).toBe(5);
    expect(day('2025-03-06')!.revenueEur).toBe(-5);
    expect(day('2025-03-10')!.costEur).toBe(5);
    expect(day('2025-03-12')!.usageCostEur).toBe(5);
    expect(day('2025-03-31')!.revenueEur).toBe(9.1908);

    // One day: the refund alone, revenue below zero and the margin with it.
    const sixth = await report('?from=2025-03-06&to=2025-03-06');
    expect(sixth).toMatchObject({ revenueEur: -5, costEur: 0, marginPercent: null });

    // April: the weighted cost per token takes in the April purchase: (5 + 70) / 2000.
    const april = await report('?from=2025-04-01&to=2025-04-30');
    expect(april).toMatchObject({ revenueEur: 20, costEur: 70, marginPercent: -250 });
    expect(april.usage).toMatchObject({ tokens: 0, costPerTokenEur: 0.0375, costEur: 0, marginPercent: 100 });
  });

  it('a range of 366 days is fine; a reversed range, a longer one or a bad date is 400', async () => {
    expect((await report('?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
    expect(
      expectError(await call(t, admin, 'GET', '/api/admin/economy?from=2025-03-02&to=2025-03-01'), 400, 'VALIDATION_ERROR').field,
    ).toBe('from');
    expect(
      expectError(await call(t, admin, 'GET', '/api/admin/economy?from=2024-01-01&to=2025-01-01'), 400, 'VALIDATION_ERROR').field,
    ).toBe('to');
    for (const q of ['?from=2025-02-30', '?to=yesterday', '?from=2025-3-1', '?from=NaN'])
      expectError(await call(t, admin, 'GET', `/api/admin/economy${q}`), 400, 'VALIDATION_ERROR');
  });

  it('fills an open end: from alone gives 30 days (not past today), to alone the 30 days before it', () => {
    expect(reportRange({ from: '2025-03-01' }, '2026-11-25')).toEqual({ from: '2025-03-01', to: '2025-03-30' });
    expect(reportRange({ from: '2026-11-20' }, '2026-11-25')).toEqual({ from: '2026-11-20', to: '2026-11-25' });
    expect(reportRange({ to: '2025-03-30' }, '2026-11-25')).toEqual({ from: '2025-03-01', to: '2025-03-30' });
    expect(reportRange({}, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
  });

  it("counts a subscription's paid month as revenue on the day it was paid", async () => {
    const today = utcToday();
    const before = await report(`?from=${today}&to=${today}`);
    const subscriber = await t.signup();
    const checkout = await call(t, subscriber, 'POST', '/api/subscription/checkout', { plan: 'premium' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const paid = await call(t, subscriber, 'POST', `/api/subscription/checkout/${checkout.json().id}/sandbox/complete`);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await report(`?from=${today}&to=${today}`);
    expect(after.revenueEur).toBeCloseTo(before.revenueEur + PLANS.premium.priceMinor / 100, 2);
    expect(after.days[0]!.revenueEur).toBeCloseTo(before.days[0]!.revenueEur + PLANS.premium.priceMinor / 100, 2);
  });
});

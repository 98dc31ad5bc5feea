import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { PLANS } from '@app/shared/subscriptions/plans';
import type { Subscription, SubscriptionInvoice } from '@app/shared/subscriptions/schemas';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { paymentEvents } from '../../src/db/schema/payments';
import { subscriptionCheckouts, subscriptions } from '../../src/db/schema/subscriptions';
import { createTestApp, type TestApp } from '../helpers/app';
import { stripeStandIn, stripeWebhookSender } from '../helpers/stripe';
import { expectError, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

const WEBHOOK_SECRET = 'whsec_test_secret_for_subscriptions';

describe('subscriptions through Stripe', () => {
  const standIn = stripeStandIn({ sessionPrefix: 'cs_test_sub_' });
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    const url = await standIn.listen();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_suite', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: url } });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const tokens = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const subscription = async (s: Session) => (await call(t, s, 'GET', '/api/subscription')).json() as Subscription;
  const allowances = async (s: Session) =>
    (
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, s.user.id), eq(ledgerEntries.reason, 'subscription')))
    ).length;

  const deliver = stripeWebhookSender(() => t, WEBHOOK_SECRET);
  const event = (type: string, object: object) => ({ id: `evt_sub_${++counter}`, object: 'event', type, data: { object } });
  const unix = (d: Date) => Math.floor(d.getTime() / 1000);
  const DAY = 86_400;

  /** A user who started a Stripe checkout for a plan: the checkout, its session, and the metadata Stripe will carry. */
  async function start(s: Session, plan: 'premium' | 'ultimate' = 'premium') {
    const res = await call(t, s, 'POST', '/api/subscription/checkout', { plan });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string; checkoutUrl: string };
    const [row] = await t.database.db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.id, id));
    const subId = `sub_${id.slice(0, 8)}`;
    return { id, sessionId: row!.providerSessionId!, subId, metadata: { checkoutId: id, userId: s.user.id, plan } };
  }
  type Started = Awaited<ReturnType<typeof start>>;
  const completed = (c: Started, extra: object = {}) =>
    event('checkout.session.completed', {
      id: c.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: c.id,
      metadata: c.metadata,
      subscription: c.subId,
      customer: 'cus_test_1',
      amount_total: PLANS[c.metadata.plan as 'premium'].priceMinor,
      currency: 'eur',
      ...extra,
    });
  /** invoice.paid in the shape of API versions since 2025-03 (parent.subscription_details), or the older one. */
  const invoicePaid = (c: Started, start: number, opts: { legacy?: boolean; id?: string; reason?: string } = {}) =>
    event('invoice.paid', {
      id: opts.id ?? `in_${c.subId}_${start}`,
      object: 'invoice',
      customer: 'cus_test_1',
      amount_paid: PLANS[c.metadata.plan as 'premium'].priceMinor,
      currency: 'eur',
      billing_reason: opts.reason ?? 'subscription_cycle',
      lines: { data: [{ period: { start, end: start + 30 * DAY } }] },
      ...(opts.legacy
        ? { subscription: c.subId, subscription_details: { metadata: c.metadata } }
        : { parent: { type: 'subscription_details', subscription_details: { subscription: c.subId, metadata: c.metadata } } }),
    });
  const subscriptionEvent = (type: string, c: Started, fields: object) =>
    event(type, {
      id: c.subId,
      object: 'subscription',
      customer: 'cus_test_1',
      metadata: c.metadata,
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ current_period_start: unix(new Date()), current_period_end: unix(new Date()) + 30 * DAY }] },
      ...fields,
    });

  async function subscribe(s: Session, plan: 'premium' | 'ultimate' = 'premium') {
    const c = await start(s, plan);
    expect((await deliver(completed(c))).statusCode).toBe(200);
    expect((await deliver(invoicePaid(c, unix(new Date()), { reason: 'subscription_create' }))).statusCode).toBe(200);
    return c;
  }

  it('checkout: a Checkout Session in subscription mode with the monthly price, the checkout id and metadata, idempotently', async () => {
    const s = await t.signup();
    const c = await start(s, 'ultimate');
    const sent = standIn.calls.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.form.get('mode')).toBe('subscription');
    expect(sent.form.get('client_reference_id')).toBe(c.id);
    expect(sent.form.get('metadata[checkoutId]')).toBe(c.id);
    expect(sent.form.get('metadata[userId]')).toBe(s.user.id);
    expect(sent.form.get('subscription_data[metadata][plan]')).toBe('ultimate');
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe(String(PLANS.ultimate.priceMinor));
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(sent.form.get('customer_email')).toBe(s.user.email);
    expect(sent.idempotencyKey).toBe(`subscription-checkout:${c.id}`);
    expect((await call(t, s, 'GET', `/api/subscription/checkout/${c.id}`)).json()).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      checkoutUrl: `https://checkout.stripe.test/c/pay/${c.sessionId}`,
    });
  });

  it('checkout.session.completed activates; invoice.paid credits the allowance and records the invoice', async () => {
    const s = await t.signup();
    const before = await tokens(s);
    const c = await start(s);
    await deliver(completed(c));
    expect(await subscription(s)).toMatchObject({ tier: 'premium', status: 'active', provider: 'stripe', portal: true });
    expect(await tokens(s)).toBe(before);
    const periodStart = unix(new Date());
    await deliver(invoicePaid(c, periodStart, { reason: 'subscription_create' }));
    expect(await tokens(s)).toBe(before + PLANS.premium.monthlyTokens);
    const invoices = (await call(t, s, 'GET', '/api/subscription/invoices')).json() as { items: SubscriptionInvoice[] };
    expect(invoices.items).toEqual([
      expect.objectContaining({
        plan: 'premium',
        amount: 9.99,
        currency: 'eur',
        tokensCredited: PLANS.premium.monthlyTokens,
        provider: 'stripe',
      }),
    ]);
    expect(new Date((await subscription(s)).currentPeriodEnd!).getTime()).toBe((periodStart + 30 * DAY) * 1000);
  });

  it('invoice.paid delivered twice at the same moment (and the same invoice as a new event, in the older shape) credits once', async () => {
    const s = await t.signup();
    const c = await start(s);
    await deliver(completed(c));
    const before = await tokens(s);
    const periodStart = unix(new Date());
    const paid = invoicePaid(c, periodStart);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(paid)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => (r.json() as { duplicate: boolean }).duplicate === false)).toHaveLength(1);
    const sameInvoice = invoicePaid(c, periodStart, { legacy: true, id: `in_${c.subId}_${periodStart}` });
    expect((await deliver(sameInvoice)).json()).toEqual({ received: true, duplicate: false });
    expect(await tokens(s)).toBe(before + PLANS.premium.monthlyTokens);
    expect(await allowances(s)).toBe(1);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, paid.id))).toHaveLength(1);
  });

  it('an invoice before the checkout event (Stripe does not keep order) activates and credits; the checkout event then changes nothing more', async () => {
    const s = await t.signup();
    const before = await tokens(s);
    const c = await start(s);
    await deliver(invoicePaid(c, unix(new Date()), { reason: 'subscription_create' }));
    expect(await subscription(s)).toMatchObject({ tier: 'premium', status: 'active' });
    await deliver(completed(c));
    expect(await tokens(s)).toBe(before + PLANS.premium.monthlyTokens);
    expect((await call(t, s, 'GET', `/api/subscription/checkout/${c.id}`)).json()).toMatchObject({ status: 'completed' });
  });

  it('each renewal invoice credits once per period', async () => {
    const s = await t.signup();
    const c = await subscribe(s);
    const before = await tokens(s);
    const next = unix(new Date()) + 30 * DAY;
    await deliver(invoicePaid(c, next));
    await deliver(invoicePaid(c, next, { id: `in_other_${next}` })); // another invoice for the same period
    expect(await tokens(s)).toBe(before + PLANS.premium.monthlyTokens);
    expect(new Date((await subscription(s)).currentPeriodEnd!).getTime()).toBe((next + 30 * DAY) * 1000);
  });

  it.each([
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a stale signature (301 s old)', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['no signature', { signature: null }],
  ])('refuses %s with 400: no subscription, no tokens, no event recorded', async (_name, opts) => {
    const s = await t.signup();
    const before = await tokens(s);
    const c = await start(s);
    const forged = completed(c);
    expectError(await deliver(forged, opts), 400, 'INVALID_SIGNATURE');
    const forgedInvoice = invoicePaid(c, unix(new Date()));
    expectError(await deliver(forgedInvoice, opts), 400, 'INVALID_SIGNATURE');
    expect(await subscription(s)).toMatchObject({ tier: 'free', status: 'none' });
    expect(await tokens(s)).toBe(before);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, forged.id))).toEqual([]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, s.user.id))).toEqual([]);
  });

  it('customer.subscription.updated moves the status, period and end flag; .deleted makes the user free', async () => {
    const s = await t.signup();
    const c = await subscribe(s);
    const end = unix(new Date()) + 20 * DAY;
    await deliver(
      subscriptionEvent('customer.subscription.updated', c, {
        cancel_at_period_end: true,
        items: { data: [{ current_period_start: end - 30 * DAY, current_period_end: end }] },
      }),
    );
    expect(await subscription(s)).toMatchObject({
      tier: 'premium',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(end * 1000).toISOString(),
    });
    await deliver(subscriptionEvent('customer.subscription.updated', c, { status: 'past_due' }));
    expect(await subscription(s)).toMatchObject({ tier: 'premium', status: 'past_due' });
    await deliver(subscriptionEvent('customer.subscription.deleted', c, { status: 'canceled' }));
    expect(await subscription(s)).toMatchObject({ tier: 'free', status: 'canceled', currentPeriodEnd: null, xpMultiplier: 1 });
  });

  it('an event about a subscription of nobody here, or without our metadata, changes nothing', async () => {
    const s = await t.signup();
    const c = await subscribe(s);
    const stranger = { ...c, subId: 'sub_unknown', metadata: { checkoutId: 'x', userId: 'not-a-user', plan: 'ultimate' as const } };
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', stranger, { status: 'canceled' }))).statusCode).toBe(200);
    expect((await deliver(invoicePaid(stranger, unix(new Date())))).statusCode).toBe(200);
    expect(await subscription(s)).toMatchObject({ tier: 'premium', status: 'active' });
  });

  it('cancel and resume update Stripe (cancel_at_period_end) and the subscription', async () => {
    const s = await t.signup();
    const c = await subscribe(s);
    const res = await call(t, s, 'POST', '/api/subscription/cancel');
    expect(res.json()).toMatchObject({ tier: 'premium', cancelAtPeriodEnd: true });
    const sent = standIn.calls.at(-1)!;
    expect([sent.method, sent.path, sent.form.get('cancel_at_period_end')]).toEqual(['POST', `/v1/subscriptions/${c.subId}`, 'true']);
    expect((await call(t, s, 'POST', '/api/subscription/resume')).json()).toMatchObject({ cancelAtPeriodEnd: false });
    expect(standIn.calls.at(-1)!.form.get('cancel_at_period_end')).toBe('false');
  });

  it('a checkout paid at another amount starts nothing: held as amount_mismatch, ended with Stripe, its invoice not credited, listed for the admins', async () => {
    const s = await t.signup();
    const admin = await signupAdmin(t);
    const before = await tokens(s);
    const c = await start(s, 'premium');
    expect((await deliver(completed(c, { amount_total: 1, currency: 'usd' }))).statusCode).toBe(200);
    expect((await deliver(invoicePaid(c, unix(new Date()), { reason: 'subscription_create' }))).statusCode).toBe(200);
    expect((await deliver(subscriptionEvent('customer.subscription.updated', c, {}))).statusCode).toBe(200);
    expect(await subscription(s)).toMatchObject({ tier: 'free', status: 'none' });
    expect(await tokens(s)).toBe(before);
    expect(await allowances(s)).toBe(0);
    expect((await call(t, s, 'GET', `/api/subscription/checkout/${c.id}`)).json()).toMatchObject({ status: 'amount_mismatch' });
    // It would bill that amount every month: Stripe is told to end it.
    await t.app.ctx.jobs.runDue();
    expect(standIn.calls.some((call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${c.subId}`)).toBe(true);
    const reviews = (await call(t, admin, 'GET', '/api/admin/economy/payment-reviews')).json() as { items: { id: string }[] };
    expect(reviews.items).toContainEqual(
      expect.objectContaining({ kind: 'subscription', id: c.id, userId: s.user.id, item: 'premium', amount: 9.99, currency: 'eur' }),
    );
  });

  it('a mismatched checkout whose first invoice came first: held and ended with Stripe, and its deletion ends the plan here', async () => {
    const s = await t.signup();
    const c = await start(s, 'premium');
    expect((await deliver(invoicePaid(c, unix(new Date()), { reason: 'subscription_create' }))).statusCode).toBe(200);
    expect(await subscription(s)).toMatchObject({ tier: 'premium' });
    expect((await deliver(completed(c, { amount_total: 1 }))).statusCode).toBe(200);
    expect((await call(t, s, 'GET', `/api/subscription/checkout/${c.id}`)).json()).toMatchObject({ status: 'amount_mismatch' });
    await t.app.ctx.jobs.runDue();
    expect(standIn.calls.some((call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${c.subId}`)).toBe(true);
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', c, { status: 'canceled' }))).statusCode).toBe(200);
    expect(await subscription(s)).toMatchObject({ tier: 'free', status: 'canceled' });
  });

  it('two checkouts paid at once: one subscription is kept, the other is ended with Stripe (never two billing)', async () => {
    const s = await t.signup();
    const [a, b] = [await start(s, 'premium'), await start(s, 'premium')];
    b.subId = `${b.subId}b`;
    await Promise.all([deliver(completed(a)), deliver(completed(b))]);
    const kept = (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, s.user.id)))[0]!;
    const other = kept.providerSubscriptionId === a.subId ? b : a;
    expect([a.subId, b.subId]).toContain(kept.providerSubscriptionId);
    await t.app.ctx.jobs.runDue();
    expect(standIn.calls.some((call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${other.subId}`)).toBe(true);
  });

  it('upgrade: the ultimate checkout replaces premium at once; the premium subscription is cancelled with Stripe; its late events are ignored', async () => {
    const s = await t.signup();
    const premium = await subscribe(s, 'premium');
    const ultimate = await start(s, 'ultimate');
    expect(standIn.calls.at(-1)!.form.get('customer')).toBe('cus_test_1');
    await deliver(completed({ ...ultimate, subId: `sub_u_${ultimate.id.slice(0, 6)}` }));
    expect(await subscription(s)).toMatchObject({ tier: 'ultimate', status: 'active' });
    await t.app.ctx.jobs.runDue();
    expect(standIn.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${premium.subId}`)).toBe(true);
    await deliver(subscriptionEvent('customer.subscription.deleted', premium, { status: 'canceled' }));
    await deliver(subscriptionEvent('customer.subscription.updated', premium, { status: 'active' }));
    expect(await subscription(s)).toMatchObject({ tier: 'ultimate', status: 'active' });
  });

  it('the customer portal: a Stripe billing portal session for the subscriber; 409 without one; 401 anonymous', async () => {
    const s = await t.signup();
    expectError(await call(t, s, 'POST', '/api/subscription/portal'), 409, 'NO_SUBSCRIPTION');
    await subscribe(s);
    const res = await call(t, s, 'POST', '/api/subscription/portal');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(standIn.calls.at(-1)!.form.get('customer')).toBe('cus_test_1');
    expectError(await call(t, null, 'POST', '/api/subscription/portal'), 401, 'UNAUTHORIZED');
  });

  it('the sandbox completion does not exist with Stripe (404)', async () => {
    const s = await t.signup();
    const c = await start(s);
    expectError(await call(t, s, 'POST', `/api/subscription/checkout/${c.id}/sandbox/complete`), 404, 'NOT_FOUND');
    expect((await subscription(s)).tier).toBe('free');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { GemBalance } from '@app/shared/gems/schemas';
import type { Purchase } from '@app/shared/purchases/schemas';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { paymentEvents, purchases } from '../../src/db/schema/payments';
import { spendGems } from '../../src/features/gems';
import { createTestApp, type TestApp } from '../helpers/app';
import { stripeSigner, stripeStandIn, stripeWebhookSender } from '../helpers/stripe';
import { expectError, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';

describe('purchases through Stripe', () => {
  const standIn = stripeStandIn();
  let t: TestApp;
  let eventCounter = 0;
  beforeAll(async () => {
    const url = await standIn.listen();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_suite', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: url } });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const gems = async (s: Session) => ((await call(t, s, 'GET', '/api/gems')).json() as GemBalance).totalGems;
  const purchaseRow = async (id: string) => (await t.database.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

  const deliver = stripeWebhookSender(() => t, WEBHOOK_SECRET);
  const event = (type: string, object: object, id = `evt_test_${++eventCounter}`) => ({ id, object: 'event', type, data: { object } });
  const completed = (p: Purchase, sessionId: string, extra: object = {}) =>
    event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: p.id,
      metadata: { purchaseId: p.id },
      payment_intent: `pi_${p.id.slice(0, 8)}`,
      amount_total: Math.round(p.amount * 100),
      currency: p.currency,
      ...extra,
    });

  /** charge.refunded for a purchase's payment: `refunded` is true only when all of it was given back. */
  const refunded = (p: Purchase, amountRefunded: number) =>
    event('charge.refunded', {
      id: `ch_${p.id.slice(0, 8)}`,
      object: 'charge',
      refunded: amountRefunded === Math.round(p.amount * 100),
      amount: Math.round(p.amount * 100),
      amount_refunded: amountRefunded,
      payment_intent: `pi_${p.id.slice(0, 8)}`,
    });

  async function startPurchase(s: Session, packageId = 'popular') {
    const res = await call(t, s, 'POST', '/api/purchases', { kind: 'gems', packageId });
    expect(res.statusCode, res.body).toBe(201);
    const purchase = res.json() as Purchase;
    return { purchase, sessionId: (await purchaseRow(purchase.id)).providerSessionId! };
  }

  it("starts a Checkout Session with the server's price, the purchase as client_reference_id and metadata, idempotently", async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    expect(purchase).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      amount: 9.99,
      currency: 'eur',
      checkoutUrl: `https://checkout.stripe.test/c/pay/${sessionId}`,
    });
    const sent = standIn.calls.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.form.get('mode')).toBe('payment');
    expect(sent.form.get('client_reference_id')).toBe(purchase.id);
    expect(sent.form.get('metadata[purchaseId]')).toBe(purchase.id);
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent.form.get('customer_email')).toBe(s.user.email);
    expect(sent.idempotencyKey).toBe(`checkout:${purchase.id}`);
  });

  it('checkout.session.completed credits the purchase once: the same event again, and 20 deliveries at once', async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    const paid = completed(purchase, sessionId);
    const first = await deliver(paid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await gems(s)).toBe(1300);
    expect((await call(t, s, 'GET', `/api/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'paid' });

    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: true });
    // Stripe sending one new event 20 times at the same moment, and other events about the same session.
    const again = completed(purchase, sessionId);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(again)),
      deliver(completed(purchase, sessionId)),
      deliver(event('checkout.session.async_payment_succeeded', (completed(purchase, sessionId).data as { object: object }).object)),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => (r.json() as { duplicate: boolean }).duplicate === false)).toHaveLength(3);
    expect(await gems(s)).toBe(1300);
    expect((await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, again.id))).length).toBe(1);
  });

  it('20 different purchases completed at once each credit once', async () => {
    const s = await t.signup();
    const started = await Promise.all(Array.from({ length: 20 }, () => startPurchase(s, 'starter')));
    await Promise.all(started.map(({ purchase, sessionId }) => deliver(completed(purchase, sessionId))));
    expect(await gems(s)).toBe(100 + 20 * 500);
  });

  it.each([
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a stale signature (301 s old)', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['no signature', { signature: null }],
    ['a malformed signature', { signature: 't=abc,v1=zzz' }],
  ])('refuses %s with 400 and changes nothing', async (_name, opts) => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    const forged = completed(purchase, sessionId);
    expectError(await deliver(forged, opts), 400, 'INVALID_SIGNATURE');
    expect(await gems(s)).toBe(100);
    expect((await purchaseRow(purchase.id)).status).toBe('pending');
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, forged.id))).toEqual([]);
  });

  it('a body changed after signing is refused', async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    const genuine = JSON.stringify(completed(purchase, sessionId, { amount_total: 999 }));
    const signature = stripeSigner.webhooks.generateTestHeaderString({ payload: genuine, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: genuine.replace('"amount_total":999', '"amount_total":1'),
    });
    expectError(res, 400, 'INVALID_SIGNATURE');
    expect(await gems(s)).toBe(100);
  });

  it.each([
    ['a smaller amount', { amount_total: 1 }],
    ['another currency', { currency: 'jpy' }],
    ['no amount at all', { amount_total: null }],
  ])('a session paid with %s is not credited: held as amount_mismatch and listed for the admins', async (_what, paid) => {
    const s = await t.signup();
    const admin = await signupAdmin(t);
    const { purchase, sessionId } = await startPurchase(s);
    expect((await deliver(completed(purchase, sessionId, paid))).statusCode).toBe(200);
    expect(await gems(s)).toBe(100);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, purchase.id))).toEqual([]);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: 'amount_mismatch', providerPaymentId: `pi_${purchase.id.slice(0, 8)}` });
    expect((await call(t, s, 'GET', `/api/purchases/${purchase.id}`)).json()).toMatchObject({
      status: 'amount_mismatch',
      checkoutUrl: null,
    });
    // The same session again, now with the right amount (a retried or second event), credits nothing either.
    expect((await deliver(completed(purchase, sessionId))).statusCode).toBe(200);
    expect(await gems(s)).toBe(100);
    const reviews = await call(t, admin, 'GET', '/api/admin/economy/payment-reviews');
    expect(reviews.statusCode).toBe(200);
    expect((reviews.json() as { items: unknown[] }).items).toContainEqual({
      kind: 'purchase',
      id: purchase.id,
      userId: s.user.id,
      username: s.user.username,
      item: 'popular',
      amount: purchase.amount,
      currency: 'eur',
      providerSessionId: sessionId,
      createdAt: purchase.createdAt,
    });
    expectError(await call(t, s, 'GET', '/api/admin/economy/payment-reviews'), 403, 'FORBIDDEN');
  });

  it("ignores a session that is not the purchase's own, and an unpaid one until its payment succeeds", async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    expect((await deliver(completed(purchase, 'cs_test_someone_elses'))).statusCode).toBe(200);
    expect((await deliver(completed(purchase, sessionId, { payment_status: 'unpaid' }))).statusCode).toBe(200);
    expect(await gems(s)).toBe(100);
    const object = (completed(purchase, sessionId).data as { object: object }).object;
    await deliver(event('checkout.session.async_payment_succeeded', object));
    expect(await gems(s)).toBe(1300);
  });

  it('checkout.session.expired closes a pending purchase', async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    await deliver(
      event('checkout.session.expired', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        metadata: { purchaseId: purchase.id },
      }),
    );
    expect((await call(t, s, 'GET', `/api/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'expired', checkoutUrl: null });
  });

  it('a full refund takes the gems back; what was spent already is recorded as owed; a second refund does nothing', async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s); // 1,200 gems
    await deliver(completed(purchase, sessionId));
    expect(await gems(s)).toBe(1300);
    await spendGems(t.database.db, null, { userId: s.user.id, amount: 1250, reason: 'season_pass', idempotencyKey: `pass:${s.user.id}` });
    expect((await deliver(refunded(purchase, 999))).statusCode).toBe(200);
    expect(await gems(s)).toBe(0);
    expect((await call(t, s, 'GET', `/api/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'refunded', owed: 1150 });
    const balance = (await call(t, s, 'GET', '/api/gems')).json() as GemBalance;
    expect(balance.transactions[0]).toMatchObject({ type: 'spend', amount: 50, reason: 'purchase_refund', balanceAfter: 0 });
    // Stripe tells of the same refund again, as a new event.
    await deliver(refunded(purchase, 999));
    expect((await call(t, s, 'GET', '/api/gems')).json()).toMatchObject({ totalGems: 0 });
  });

  it('a partial refund leaves the purchase paid', async () => {
    const s = await t.signup();
    const { purchase, sessionId } = await startPurchase(s);
    await deliver(completed(purchase, sessionId));
    await deliver(refunded(purchase, 100));
    expect(await gems(s)).toBe(1300);
    expect((await purchaseRow(purchase.id)).status).toBe('paid');
  });

  it("a checkout Stripe refuses to start is a failed purchase, in the spec's words for gems", async () => {
    const s = await t.signup();
    standIn.failOnce();
    const res = await call(t, s, 'POST', '/api/purchases', { kind: 'gems', packageId: 'popular' });
    expectError(res, 502, 'PAYMENT_PROVIDER_ERROR', 'Ошибка при покупке Gems');
    const { items } = (await call(t, s, 'GET', '/api/purchases')).json() as { items: Purchase[] };
    expect(items.map((p) => p.status)).toEqual(['failed']);
    expect(res.body).not.toMatch(/live charges|stripe/i);
  });

  it('has no sandbox payment when Stripe is configured', async () => {
    const s = await t.signup();
    const { purchase } = await startPurchase(s);
    expect((await call(t, s, 'POST', `/api/purchases/${purchase.id}/sandbox/complete`)).statusCode).toBe(404);
    expect(await gems(s)).toBe(100);
  });

  it('refuses to start with a secret key and no webhook secret', async () => {
    await expect(createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x' } })).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

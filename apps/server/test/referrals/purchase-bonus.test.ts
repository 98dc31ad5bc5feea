import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings } from '@app/shared/referrals/rules';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { purchases } from '../../src/db/schema/payments';
import { referralPurchaseBonuses, referrals } from '../../src/db/schema/referrals';
import { createTestApp, type TestApp } from '../helpers/app';
import { signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';
import { login } from '../helpers/auth';
import { buyAndPay, codeOf, dashboardOf, freshIp, from, refund, runReleaseJob, signupWith, tokens, verifyEmail } from './helpers';

/**
 * Issue 16: a referred user's purchase earns the referrer purchaseBonusPercentage of its value in
 * tokens, held while it can be refunded, once per purchase, within maxBonusPerUser.
 */
describe('referral purchase bonuses', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  const configure = async (change: Partial<ReferralSettings>) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/referral/config',
      headers: t.bearer(admin),
      payload: { ...DEFAULT_REFERRAL_SETTINGS, ...change },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A referrer and a confirmed friend. */
  const pair = async () => {
    const referrer = await signupWith(t);
    const friend = await signupWith(t, { ref: await codeOf(t, referrer) });
    await verifyEmail(t, friend);
    return { referrer, friend };
  };
  const bonusOf = async (purchaseId: string) =>
    (await t.database.db.select().from(referralPurchaseBonuses).where(eq(referralPurchaseBonuses.purchaseId, purchaseId)))[0];
  const endHold = (purchaseId: string) =>
    t.database.db
      .update(referralPurchaseBonuses)
      .set({ releaseAt: sql`now() - interval '1 second'` })
      .where(eq(referralPurchaseBonuses.purchaseId, purchaseId));
  const ledgerCount = async (key: string) =>
    (await t.database.db.select().from(ledgerEntries).where(like(ledgerEntries.idempotencyKey, key))).length;

  it('30% of a 10 EUR pack at the user token price, held 14 days, then released once by the job', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const { referrer, friend } = await pair();
    const before = await tokens(t, referrer);
    const id = await buyAndPay(t, friend, { kind: 'tokens', packId: 'medium' });
    // 10 EUR × 30% = 3 EUR at 0.0015 EUR a token.
    const bonus = await bonusOf(id);
    expect(bonus).toMatchObject({ status: 'held', amount: 2000, valueEur: '10.00' });
    const days = (bonus!.releaseAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    let dash = await dashboardOf(t, referrer);
    expect(dash).toMatchObject({ purchaseBonuses: 0, pendingEarnings: 2000, totalEarnings: 50 });
    expect(dash.recentActivity[0]).toMatchObject({ type: 'purchase', status: 'held', amount: 2000 });
    expect(dash.recentActivity[0]!.description).toMatch(/purchase of €10\.00/);
    expect(dash.recentActivity[0]).toMatchObject({ valueEur: '10.00' });

    await runReleaseJob(t);
    expect(await tokens(t, referrer)).toBe(before);
    await endHold(id);
    await Promise.all([runReleaseJob(t), runReleaseJob(t), runReleaseJob(t)]);
    expect(await tokens(t, referrer)).toBe(before + 2000);
    expect(await ledgerCount(`referral-purchase:${id}`)).toBe(1);
    dash = await dashboardOf(t, referrer);
    expect(dash).toMatchObject({ purchaseBonuses: 2000, pendingEarnings: 0, totalEarnings: 2050, registrationBonuses: 50 });
  });

  it('a gem package earns by its price in euros; below minPurchaseForBonus earns nothing', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const { referrer, friend } = await pair();
    // 4.99 EUR < 5.
    const small = await buyAndPay(t, friend, { kind: 'gems', packageId: 'starter' });
    expect(await bonusOf(small)).toBeUndefined();
    // 9.99 EUR × 30% = 2.997 EUR; / 0.0015 = 1998 tokens. (Purchases made in dollars before decision 040 still convert with usdToEurRate.)
    const popular = await buyAndPay(t, friend, { kind: 'gems', packageId: 'popular' });
    expect(await bonusOf(popular)).toMatchObject({ amount: 1998, valueEur: '9.99' });
    expect((await dashboardOf(t, referrer)).pendingEarnings).toBe(1998);
  });

  it('a refund inside the hold cancels the bonus; nothing is ever paid for it', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const { referrer, friend } = await pair();
    const before = await tokens(t, referrer);
    const id = await buyAndPay(t, friend, { kind: 'tokens', packId: 'small' });
    expect(await bonusOf(id)).toMatchObject({ status: 'held', amount: 1000 });
    await refund(t, id);
    expect(await bonusOf(id)).toMatchObject({ status: 'cancelled' });
    await endHold(id);
    await runReleaseJob(t);
    expect(await tokens(t, referrer)).toBe(before);
    expect(await ledgerCount(`referral-purchase:${id}`)).toBe(0);
    const dash = await dashboardOf(t, referrer);
    expect(dash).toMatchObject({ pendingEarnings: 0, purchaseBonuses: 0 });
  });

  it('a refund after the hold takes the bonus back through the ledger, once', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const { referrer, friend } = await pair();
    const before = await tokens(t, referrer);
    const id = await buyAndPay(t, friend, { kind: 'tokens', packId: 'small' });
    await endHold(id);
    await runReleaseJob(t);
    expect(await tokens(t, referrer)).toBe(before + 1000);
    await refund(t, id);
    await Promise.all([
      t.app.ctx.events.publish('purchase.refunded', { purchaseId: id, userId: friend.user.id, kind: 'tokens', recovered: 0, owed: 0 }),
    ]);
    expect(await bonusOf(id)).toMatchObject({ status: 'reversed', recovered: 1000 });
    expect(await tokens(t, referrer)).toBe(before);
    expect(await ledgerCount(`referral-purchase-reversal:${id}`)).toBe(1);
    expect((await dashboardOf(t, referrer)).purchaseBonuses).toBe(0);
  });

  it('maxBonusPerUser caps what one referred user earns the referrer (registration included), also for purchases at once', async () => {
    await configure({ maxBonusPerUser: 1000 });
    const { referrer, friend } = await pair();
    const ids = await Promise.all([
      buyAndPay(t, friend, { kind: 'tokens', packId: 'small' }),
      buyAndPay(t, friend, { kind: 'tokens', packId: 'small' }),
      buyAndPay(t, friend, { kind: 'tokens', packId: 'medium' }),
    ]);
    const bonuses = (await Promise.all(ids.map(bonusOf))).filter(Boolean);
    expect(bonuses.reduce((s, b) => s + b!.amount, 0)).toBe(950);
    // A cancelled bonus gives its room back.
    const held = bonuses[0]!;
    await refund(t, held.purchaseId);
    const next = await buyAndPay(t, friend, { kind: 'tokens', packId: 'small' });
    expect((await bonusOf(next))?.amount).toBe(held.amount);
    for (const id of [...ids, next]) await endHold(id);
    const before = await tokens(t, referrer);
    await runReleaseJob(t);
    expect(await tokens(t, referrer)).toBe(before + 950);
    const dash = await dashboardOf(t, referrer);
    expect(dash.totalEarnings).toBe(1000);
  });

  it('a payment confirmed 20 times at once, and its purchase.paid delivered again, pays the bonus once', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const { referrer, friend } = await pair();
    const created = await call(t, friend, 'POST', '/api/purchases', { kind: 'tokens', packId: 'large' });
    const id = (created.json() as { id: string }).id;
    const done = await Promise.all(Array.from({ length: 20 }, () => call(t, friend, 'POST', `/api/purchases/${id}/sandbox/complete`)));
    expect(done.every((r) => r.statusCode === 200)).toBe(true);
    await t.app.ctx.events.settled();
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.id, id));
    const repeat = {
      purchaseId: id,
      userId: friend.user.id,
      kind: 'tokens' as const,
      credits: purchase!.credits,
      amountMinor: purchase!.amountMinor,
      currency: purchase!.currency,
    };
    await Promise.all(Array.from({ length: 20 }, () => t.app.ctx.events.publish('purchase.paid', repeat)));
    expect(await t.database.db.select().from(referralPurchaseBonuses).where(eq(referralPurchaseBonuses.purchaseId, id))).toHaveLength(1);
    expect(await bonusOf(id)).toMatchObject({ amount: 5000 });
    await endHold(id);
    const before = await tokens(t, referrer);
    await Promise.all(Array.from({ length: 5 }, () => runReleaseJob(t)));
    expect(await tokens(t, referrer)).toBe(before + 5000);
    expect(await ledgerCount(`referral-purchase:${id}`)).toBe(1);
  });

  it('no bonus for purchases of a flagged, rejected or ineligible referral, nor of someone nobody referred', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const loner = await signupWith(t);
    expect(await bonusOf(await buyAndPay(t, loner, { kind: 'tokens', packId: 'small' }))).toBeUndefined();
    const referrer = await signupWith(t);
    const throwaway = await signupWith(t, { ref: await codeOf(t, referrer), email: `z${Date.now()}@mailinator.com` });
    expect(await bonusOf(await buyAndPay(t, throwaway, { kind: 'tokens', packId: 'small' }))).toBeUndefined();
  });

  it('purchases paid while the referral waited for review earn their bonus when an admin approves it, once', async () => {
    await configure({ maxBonusPerUser: 100_000 });
    const ip = freshIp();
    const referrer = await signupWith(t, { ip });
    expect((await login(t, referrer.user.email, undefined, { headers: from(ip) })).statusCode).toBe(200);
    const friend = await signupWith(t, { ref: await codeOf(t, referrer), ip });
    const [flagged] = await t.database.db.select().from(referrals).where(eq(referrals.referredId, friend.user.id));
    expect(flagged).toMatchObject({ status: 'flagged' });
    const purchaseId = await buyAndPay(t, friend, { kind: 'tokens', packId: 'medium' });
    expect(await bonusOf(purchaseId)).toBeUndefined();

    const approve = () => call(t, admin, 'POST', `/api/admin/referrals/${flagged!.id}/approve`);
    expect((await approve()).statusCode).toBe(200);
    expect(await bonusOf(purchaseId)).toMatchObject({ status: 'held', referrerId: referrer.user.id });
    expect((await approve()).statusCode).toBe(409);
    expect(
      (await t.database.db.select().from(referralPurchaseBonuses).where(eq(referralPurchaseBonuses.purchaseId, purchaseId))).length,
    ).toBe(1);
  });
});

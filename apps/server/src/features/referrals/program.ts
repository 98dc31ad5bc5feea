import { and, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  normalizeEmail,
  purchaseBonusTokens,
  purchaseValueEur,
  REFERRAL_APPLY_WINDOW_DAYS,
  REFERRAL_IP_WINDOW_HOURS,
  REFERRAL_SIGNUPS_PER_IP,
  REFERRER_IP_LOOKBACK_DAYS,
  type ReferralReason,
  type ReferralSettings,
  type ReferralStatus,
} from '@app/shared/referrals/rules';
import { REFERRAL_ERROR_CODES, REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import type { Database, Transaction } from '../../db/client';
import type { DomainEvents, RecordEvent } from '../../events/bus';
import { sessions } from '../../db/schema/auth';
import { wallets } from '../../db/schema/ledger';
import { purchases } from '../../db/schema/payments';
import { referralCodes, referralPurchaseBonuses, referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { AppError, conflict, notFound } from '../../lib/http-errors';
import { countPosting, postLedgerEntry, type LedgerMetrics, type LedgerPosting } from '../tokens';
import { isDisposableEmail } from './disposable';
import { recordAdminAction } from '../admin-audit';
import { referralSettings } from './settings';

export type ReferralRow = typeof referrals.$inferSelect;

/** What the program needs of the app: its database, its events, and where ledger movements are counted. */
export interface ProgramDeps {
  db: Database;
  /** Referral facts (joined, confirmed) are published once their transaction has committed. */
  events: Pick<DomainEvents, 'inTransaction'>;
  metrics: LedgerMetrics;
  /** The user token price in euros (the pricing area's), for purchase bonuses. */
  userTokenCostEur: () => Promise<number>;
}

const DAY_MS = 24 * 60 * 60_000;
const isUnique = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** Runs `work` in a transaction and counts its ledger postings once it has committed. */
async function withPostings<T>(
  deps: ProgramDeps,
  work: (tx: Transaction, post: (p: LedgerPosting) => Promise<void>, record: RecordEvent) => Promise<T>,
) {
  const posted: LedgerPosting[] = [];
  const result = await deps.events.inTransaction(deps.db, (tx, record) =>
    work(
      tx,
      async (p) => {
        if (p.amount === 0) return;
        const r = await postLedgerEntry(tx, p, null);
        if (!r.duplicate) posted.push(p);
      },
      record,
    ),
  );
  for (const p of posted) countPosting(deps.metrics, p);
  return result;
}

export interface AttachInput {
  referredId: string;
  code: string;
  ip: string;
  via: 'signup' | 'apply' | 'register';
  /**
   * False when the address says nothing about who the client is: a loopback address seen without
   * a trusted proxy (on a laptop, every browser is 127.0.0.1). The address rules then don't apply.
   */
  addressKnown?: boolean;
}

export interface Attachment {
  referral: ReferralRow;
  /** Tokens the referred user received now. */
  bonus: number;
}

/**
 * Attaches a user to the owner of a code (issue 16), in one transaction that locks the code's row,
 * so that the signups of one code are counted one after the other (the per-address rule holds
 * under concurrency). Refuses: an unknown code (404), one's own code or address (400
 * SELF_REFERRAL), an account older than the apply window (400), a second attachment (409, also
 * when two run at once: the referred user is unique). A disposable address is attached but
 * ineligible; a burst from one address, or the referrer's own address, is flagged for review.
 * Otherwise the new user gets the registration bonus now, and the referrer's is confirmed at once
 * if the address is already verified (else when it is).
 */
export async function attachReferral(deps: ProgramDeps, input: AttachInput): Promise<Attachment> {
  const settings = await referralSettings(deps.db);
  try {
    return await withPostings(deps, async (tx, post, record) => {
      const [owner] = await tx
        .select({ userId: referralCodes.userId })
        .from(referralCodes)
        .where(eq(referralCodes.code, input.code))
        .for('update');
      if (!owner) throw notFound(REFERRAL_MESSAGES.codeNotFound);
      const selfReferral = new AppError(400, REFERRAL_ERROR_CODES.SELF_REFERRAL, REFERRAL_MESSAGES.selfReferral, 'code');
      if (owner.userId === input.referredId) throw selfReferral;
      const people = await tx
        .select({ id: users.id, email: users.email, createdAt: users.createdAt, verified: users.emailVerifiedAt })
        .from(users)
        .where(inArray(users.id, [owner.userId, input.referredId]));
      const referrer = people.find((p) => p.id === owner.userId);
      const referred = people.find((p) => p.id === input.referredId);
      if (!referrer || !referred) throw notFound(REFERRAL_MESSAGES.codeNotFound);
      if (normalizeEmail(referrer.email) === normalizeEmail(referred.email)) throw selfReferral;
      if (input.via !== 'signup' && Date.now() - referred.createdAt.getTime() > REFERRAL_APPLY_WINDOW_DAYS * DAY_MS) {
        throw new AppError(400, REFERRAL_ERROR_CODES.APPLY_WINDOW_CLOSED, REFERRAL_MESSAGES.applyWindowClosed, 'code');
      }
      const [already] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.referredId, referred.id)).limit(1);
      if (already) throw conflict(REFERRAL_ERROR_CODES.ALREADY_REFERRED, REFERRAL_MESSAGES.alreadyReferred);

      const { status, reason } = await judge(tx, {
        code: input.code,
        ip: input.ip,
        addressKnown: input.addressKnown ?? true,
        referrerId: referrer.id,
        email: referred.email,
      });
      const inserted = await tx
        .insert(referrals)
        .values({ referrerId: referrer.id, referredId: referred.id, code: input.code, ip: input.ip, via: input.via, status, reason })
        .onConflictDoNothing({ target: referrals.referredId })
        .returning();
      if (!inserted[0]) throw conflict(REFERRAL_ERROR_CODES.ALREADY_REFERRED, REFERRAL_MESSAGES.alreadyReferred);
      let referral = inserted[0];
      let bonus = 0;
      record('referral.joined', { referralId: referral.id, referrerId: referrer.id, referredId: referred.id, status });
      if (status === 'pending') {
        bonus = await payReferredBonus(post, referral, settings);
        if (referred.verified) referral = (await confirmInTx(tx, post, record, referral.id, settings)) ?? referral;
      }
      return { referral, bonus };
    });
  } catch (err) {
    // Two attachments of one user at once: the second meets the unique index.
    if (isUnique(err)) throw conflict(REFERRAL_ERROR_CODES.ALREADY_REFERRED, REFERRAL_MESSAGES.alreadyReferred);
    throw err;
  }
}

/** The fraud rules of issue 16, in order: a disposable address never earns; a burst or the referrer's own address waits for an admin. */
async function judge(
  tx: Transaction,
  c: { code: string; ip: string; addressKnown: boolean; referrerId: string; email: string },
): Promise<{ status: ReferralStatus; reason: ReferralReason | null }> {
  if (isDisposableEmail(c.email)) return { status: 'ineligible', reason: 'disposable_email' };
  if (!c.addressKnown) return { status: 'pending', reason: null };
  const since = new Date(Date.now() - REFERRAL_IP_WINDOW_HOURS * 60 * 60_000);
  const [burst] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.code, c.code), eq(referrals.ip, c.ip), gt(referrals.createdAt, since)));
  if ((burst?.n ?? 0) >= REFERRAL_SIGNUPS_PER_IP) return { status: 'flagged', reason: 'ip_burst' };
  const recent = new Date(Date.now() - REFERRER_IP_LOOKBACK_DAYS * DAY_MS);
  const [own] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, c.referrerId), eq(sessions.ip, c.ip), gt(sessions.lastActiveAt, recent)))
    .limit(1);
  if (own) return { status: 'flagged', reason: 'referrer_ip' };
  return { status: 'pending', reason: null };
}

/** The referred user's registration bonus: once per referred user, whatever path pays it. */
async function payReferredBonus(post: (p: LedgerPosting) => Promise<void>, referral: ReferralRow, settings: ReferralSettings) {
  await post({
    userId: referral.referredId,
    currency: 'tokens',
    amount: settings.registrationBonus,
    reason: 'referral_signup_bonus',
    reference: referral.id,
    idempotencyKey: `referral-friend:${referral.referredId}`,
  });
  return settings.registrationBonus;
}

/**
 * Confirms a pending referral whose referred user has verified their address: the conditional
 * update lets one of any number of concurrent calls through, which credits the referrer's
 * registration bonus (within maxBonusPerUser) under its own key.
 */
async function confirmInTx(
  tx: Transaction,
  post: (p: LedgerPosting) => Promise<void>,
  record: RecordEvent,
  referralId: string,
  settings: ReferralSettings,
): Promise<ReferralRow | null> {
  const amount = sql<number>`least(${settings.registrationBonus}, greatest(0, ${settings.maxBonusPerUser} - ${referrals.earned}))`;
  const [confirmed] = await tx
    .update(referrals)
    .set({ status: 'confirmed', confirmedAt: new Date(), registrationBonus: amount, earned: sql`${referrals.earned} + ${amount}` })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'pending')))
    .returning();
  if (!confirmed) return null;
  await post({
    userId: confirmed.referrerId,
    currency: 'tokens',
    amount: confirmed.registrationBonus,
    reason: 'referral_registration',
    reference: confirmed.id,
    idempotencyKey: `referral-registration:${confirmed.id}`,
  });
  record('referral.confirmed', {
    referralId: confirmed.id,
    referrerId: confirmed.referrerId,
    referredId: confirmed.referredId,
    bonus: confirmed.registrationBonus,
  });
  return confirmed;
}

/** The referred user verified their address: the referrer's pending registration bonus is confirmed (once). */
export async function confirmVerifiedReferral(deps: ProgramDeps, referredId: string): Promise<ReferralRow | null> {
  const settings = await referralSettings(deps.db);
  return withPostings(deps, async (tx, post, record) => {
    const [pending] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'pending'), sql`${users.emailVerifiedAt} is not null`));
    if (!pending) return null;
    return confirmInTx(tx, post, record, pending.id, settings);
  });
}

/**
 * An admin's decision on a flagged referral. Approve makes it pending and pays what a clean signup
 * gets (the referred user's bonus now, the referrer's once the address is verified, a held bonus
 * for each purchase the referred user paid meanwhile); reject ends
 * it with nothing paid. Only a flagged one: 404 unknown, 409 otherwise.
 */
export async function reviewReferral(deps: ProgramDeps, id: string, adminId: string, approve: boolean): Promise<ReferralRow> {
  const reviewed = await decideReferral(deps, id, adminId, approve);
  if (approve) await holdMissedPurchaseBonuses(deps, reviewed);
  return reviewed;
}

/**
 * The purchases the referred user paid while the referral waited for review earn their bonus once
 * it is approved, held from now like any other (one per purchase, so running this twice holds once).
 */
async function holdMissedPurchaseBonuses(deps: ProgramDeps, referral: ReferralRow): Promise<void> {
  const paid = await deps.db
    .select({ purchaseId: purchases.id, userId: purchases.userId, amountMinor: purchases.amountMinor, currency: purchases.currency })
    .from(purchases)
    .where(and(eq(purchases.userId, referral.referredId), eq(purchases.status, 'paid'), gte(purchases.paidAt, referral.createdAt)));
  for (const purchase of paid) await holdPurchaseBonus(deps, purchase);
}

async function decideReferral(deps: ProgramDeps, id: string, adminId: string, approve: boolean): Promise<ReferralRow> {
  const settings = await referralSettings(deps.db);
  return withPostings(deps, async (tx, post, record) => {
    const [reviewed] = await tx
      .update(referrals)
      .set({ status: approve ? 'pending' : 'rejected', reviewedAt: new Date(), reviewedBy: adminId })
      .where(and(eq(referrals.id, id), eq(referrals.status, 'flagged')))
      .returning();
    if (!reviewed) {
      const [exists] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, id));
      if (!exists) throw notFound();
      throw conflict(REFERRAL_ERROR_CODES.NOT_FLAGGED, REFERRAL_MESSAGES.notFlagged);
    }
    await recordAdminAction(tx, {
      adminId,
      action: approve ? 'referral.approved' : 'referral.rejected',
      targetType: 'referral',
      targetId: reviewed.id,
      details: { referrerId: reviewed.referrerId, referredId: reviewed.referredId, flagReason: reviewed.reason },
    });
    if (!approve) return reviewed;
    await payReferredBonus(post, reviewed, settings);
    const [referred] = await tx.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, reviewed.referredId));
    if (referred?.verified) return (await confirmInTx(tx, post, record, reviewed.id, settings)) ?? reviewed;
    return reviewed;
  });
}

export interface PaidPurchase {
  purchaseId: string;
  userId: string;
  amountMinor: number;
  currency: string;
}

/**
 * A referred user's purchase was paid: the referrer earns purchaseBonusPercentage of its value in
 * tokens, held for holdDays (released by the job), within maxBonusPerUser. The referral row is
 * locked so that purchases at the same time share the cap; one bonus per purchase (unique), so a
 * repeated event pays once. Nothing for a purchase under the minimum, or a referral that is not
 * in good standing (flagged, rejected, ineligible).
 */
export async function holdPurchaseBonus(
  deps: ProgramDeps,
  paid: PaidPurchase,
): Promise<typeof referralPurchaseBonuses.$inferSelect | null> {
  const settings = await referralSettings(deps.db);
  const valueEur = purchaseValueEur(paid.amountMinor, paid.currency, settings.usdToEurRate);
  if (valueEur === null) return null;
  const tokens = purchaseBonusTokens(valueEur, settings, await deps.userTokenCostEur());
  if (tokens <= 0) return null;
  return deps.db.transaction(async (tx) => {
    const [referral] = await tx.select().from(referrals).where(eq(referrals.referredId, paid.userId)).for('update');
    if (!referral || (referral.status !== 'pending' && referral.status !== 'confirmed')) return null;
    const amount = Math.min(tokens, Math.max(0, settings.maxBonusPerUser - referral.earned));
    if (amount <= 0) return null;
    const [bonus] = await tx
      .insert(referralPurchaseBonuses)
      .values({
        referralId: referral.id,
        referrerId: referral.referrerId,
        purchaseId: paid.purchaseId,
        valueEur: valueEur.toFixed(2),
        amount,
        status: 'held',
        releaseAt: new Date(Date.now() + settings.holdDays * DAY_MS),
      })
      .onConflictDoNothing({ target: referralPurchaseBonuses.purchaseId })
      .returning();
    if (!bonus) return null;
    await tx
      .update(referrals)
      .set({ earned: sql`${referrals.earned} + ${amount}` })
      .where(eq(referrals.id, referral.id));
    return bonus;
  });
}

/** Pays the held purchase bonuses whose hold has ended (the job; safe to run on many instances at once). Answers how many. */
export async function releaseHeldBonuses(deps: ProgramDeps, now = new Date(), limit = 200): Promise<number> {
  const due = await deps.db
    .select({ id: referralPurchaseBonuses.id })
    .from(referralPurchaseBonuses)
    .where(and(eq(referralPurchaseBonuses.status, 'held'), lte(referralPurchaseBonuses.releaseAt, now)))
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    const done = await withPostings(deps, async (tx, post) => {
      const [bonus] = await tx
        .update(referralPurchaseBonuses)
        .set({ status: 'paid', closedAt: new Date() })
        .where(and(eq(referralPurchaseBonuses.id, id), eq(referralPurchaseBonuses.status, 'held')))
        .returning();
      if (!bonus) return false;
      await post({
        userId: bonus.referrerId,
        currency: 'tokens',
        amount: bonus.amount,
        reason: 'referral_purchase',
        reference: bonus.purchaseId,
        idempotencyKey: `referral-purchase:${bonus.purchaseId}`,
      });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/**
 * A referred user's purchase was refunded: a bonus still held is cancelled (nothing was paid); one
 * already paid is taken back through the ledger, as far as the referrer's balance allows (the
 * wallet row locked). Either way the referral's cap is given back. Once per purchase.
 */
export async function refundPurchaseBonus(
  deps: ProgramDeps,
  purchaseId: string,
): Promise<typeof referralPurchaseBonuses.$inferSelect | null> {
  return withPostings(deps, async (tx, post) => {
    const [bonus] = await tx
      .select()
      .from(referralPurchaseBonuses)
      .where(and(eq(referralPurchaseBonuses.purchaseId, purchaseId), inArray(referralPurchaseBonuses.status, ['held', 'paid'])))
      .for('update');
    if (!bonus) return null;
    let recovered = 0;
    if (bonus.status === 'paid') {
      const [wallet] = await tx
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(and(eq(wallets.userId, bonus.referrerId), eq(wallets.currency, 'tokens')))
        .for('update');
      recovered = Math.min(bonus.amount, Math.max(0, wallet?.balance ?? 0));
      await post({
        userId: bonus.referrerId,
        currency: 'tokens',
        amount: -recovered,
        reason: 'referral_purchase_reversal',
        reference: bonus.purchaseId,
        idempotencyKey: `referral-purchase-reversal:${bonus.purchaseId}`,
      });
    }
    const [closed] = await tx
      .update(referralPurchaseBonuses)
      .set({ status: bonus.status === 'held' ? 'cancelled' : 'reversed', recovered, closedAt: new Date() })
      .where(eq(referralPurchaseBonuses.id, bonus.id))
      .returning();
    await tx
      .update(referrals)
      .set({ earned: sql`greatest(0, ${referrals.earned} - ${bonus.amount})` })
      .where(eq(referrals.id, bonus.referralId));
    return closed ?? null;
  });
}

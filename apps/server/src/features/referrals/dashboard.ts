import { and, count, desc, eq, sql } from 'drizzle-orm';
import { conversionRate, referralLink, type ReferralReason, type ReferralSettings } from '@app/shared/referrals/rules';
import type { ReferralActivity, ReferralDashboard } from '@app/shared/referrals/schemas';
import type { Executor } from '../../db/client';
import { referralClicks, referralPurchaseBonuses, referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { codeOf } from './codes';

const RECENT = 20;

const REASON_TEXT: Record<ReferralReason, string> = {
  disposable_email: 'disposable email address, no reward',
  ip_burst: 'too many signups from one address, waiting for review',
  referrer_ip: "signed up from the referrer's own address, waiting for review",
};

/**
 * Why a referral is held or earns nothing, while that is still so: a flagged one an admin approved
 * keeps its flag on record (the audit reads it), but no longer waits for review.
 */
const shownReason = (r: { status: string; reason: ReferralReason | null }) =>
  r.status === 'flagged' || r.status === 'ineligible' ? r.reason : null;

/**
 * A referrer's dashboard, counted from the rows (issue 16): referrals by status, the tokens paid
 * (registration bonuses of confirmed referrals, purchase bonuses released and not reversed), the
 * tokens still held, the link's clicks, and the latest registrations and purchases.
 */
export async function referralDashboard(
  db: Executor,
  userId: string,
  origin: string,
  settings: ReferralSettings,
): Promise<ReferralDashboard> {
  const [code, byStatus, bonuses, clicks, recentReferrals, recentPurchases] = await Promise.all([
    codeOf(db, userId),
    db
      .select({ status: referrals.status, n: count(), paid: sql<string>`coalesce(sum(${referrals.registrationBonus}), 0)` })
      .from(referrals)
      .where(eq(referrals.referrerId, userId))
      .groupBy(referrals.status),
    db
      .select({ status: referralPurchaseBonuses.status, sum: sql<string>`coalesce(sum(${referralPurchaseBonuses.amount}), 0)` })
      .from(referralPurchaseBonuses)
      .where(eq(referralPurchaseBonuses.referrerId, userId))
      .groupBy(referralPurchaseBonuses.status),
    db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.referrerId, userId)),
    db
      .select({
        id: referrals.id,
        status: referrals.status,
        reason: referrals.reason,
        registrationBonus: referrals.registrationBonus,
        createdAt: referrals.createdAt,
        name: users.displayName,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(RECENT),
    db
      .select({
        id: referralPurchaseBonuses.id,
        status: referralPurchaseBonuses.status,
        amount: referralPurchaseBonuses.amount,
        valueEur: referralPurchaseBonuses.valueEur,
        createdAt: referralPurchaseBonuses.createdAt,
        name: users.displayName,
      })
      .from(referralPurchaseBonuses)
      .innerJoin(referrals, eq(referrals.id, referralPurchaseBonuses.referralId))
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(and(eq(referralPurchaseBonuses.referrerId, userId)))
      .orderBy(desc(referralPurchaseBonuses.createdAt), desc(referralPurchaseBonuses.id))
      .limit(RECENT),
  ]);
  const countOf = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const totalReferred = byStatus.reduce((sum, r) => sum + r.n, 0);
  const confirmedReferrals = countOf('confirmed');
  const registrationBonuses = Number(byStatus.find((r) => r.status === 'confirmed')?.paid ?? 0);
  const purchaseBonuses = Number(bonuses.find((r) => r.status === 'paid')?.sum ?? 0);
  const pendingEarnings = Number(bonuses.find((r) => r.status === 'held')?.sum ?? 0);

  const activity: (ReferralActivity & { at: number })[] = [
    ...recentReferrals.map((r) => ({
      id: r.id,
      type: 'registration' as const,
      description: `${r.name} signed up${shownReason(r) ? ` (${REASON_TEXT[shownReason(r)!]})` : ''}`,
      name: r.name,
      valueEur: null,
      date: r.createdAt.toISOString(),
      amount:
        r.status === 'confirmed' ? r.registrationBonus : r.status === 'pending' || r.status === 'flagged' ? settings.registrationBonus : 0,
      status: r.status,
      reason: shownReason(r),
      at: r.createdAt.getTime(),
    })),
    ...recentPurchases.map((p) => ({
      id: p.id,
      type: 'purchase' as const,
      description: `${p.name} made a purchase of €${p.valueEur}`,
      name: p.name,
      valueEur: p.valueEur,
      date: p.createdAt.toISOString(),
      amount: p.amount,
      status: p.status,
      reason: null,
      at: p.createdAt.getTime(),
    })),
  ];
  activity.sort((a, b) => b.at - a.at);
  return {
    referralCode: code,
    referralLink: code ? referralLink(origin, code) : null,
    totalReferred,
    confirmedReferrals,
    // Waiting for the email to be verified, or for an admin.
    pendingReferrals: countOf('pending') + countOf('flagged'),
    totalEarnings: registrationBonuses + purchaseBonuses,
    registrationBonuses,
    purchaseBonuses,
    pendingEarnings,
    conversionRate: conversionRate(confirmedReferrals, totalReferred),
    clicks: clicks[0]?.n ?? 0,
    recentActivity: activity.slice(0, RECENT).map(({ at: _at, ...a }) => a),
  };
}

import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { EUR_PER_USD } from '@app/shared/admin-economy/rules';
import type { Database } from '../../db/client';
import { purchases } from '../../db/schema/payments';
import { subscriptionInvoices } from '../../db/schema/subscriptions';

/** A range of UTC instants: from included, to excluded. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/**
 * Money of one UTC day ('YYYY-MM-DD'), in EUR; negative when refunds outweigh sales. `usd` is the
 * dollar amount behind it when it was a dollar sale (gem packages before decision 040), converted.
 */
export interface DailyAmount {
  date: string;
  eur: number;
  usd?: number;
}

/**
 * Where revenue comes from. Each source answers its daily amounts in EUR over a range; the report
 * adds up every source: paid purchases of gems and token packs, and the subscriptions' paid
 * invoices. Another source joins by being added to REVENUE_SOURCES.
 */
export type RevenueSource = (db: Database, range: InstantRange) => Promise<DailyAmount[]>;

/** What one unit of a currency is worth in EUR; a currency not listed is not counted (none is sold today). */
const EUR_PER_UNIT: Record<string, number> = { eur: 1, usd: EUR_PER_USD };

const toEur = (currency: string, minor: string | number) => (Number(minor) / 100) * (EUR_PER_UNIT[currency.toLowerCase()] ?? 0);
const usdOf = (currency: string, minor: string | number) => (currency.toLowerCase() === 'usd' ? Number(minor) / 100 : 0);

/** A day's amount in EUR, with the dollars it was converted from (none for a euro amount). */
const amountOf = (date: string, currency: string, minor: string | number, sign = 1): DailyAmount => {
  const usd = usdOf(currency, minor);
  return { date, eur: sign * toEur(currency, minor), ...(usd ? { usd: sign * usd } : {}) };
};

const dayOf = (column: typeof purchases.paidAt | typeof purchases.closedAt | typeof subscriptionInvoices.paidAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Purchases of gems and token packs: a sale counts on the day it was paid (paid or since refunded),
 * a full refund takes it back on the day it was refunded. Amounts are in minor units per currency.
 */
export const purchaseRevenue: RevenueSource = async (db, { from, to }) => {
  const paidDay = dayOf(purchases.paidAt);
  const sales = await db
    .select({ date: paidDay, currency: purchases.currency, minor: sql<string>`sum(${purchases.amountMinor})` })
    .from(purchases)
    .where(and(isNotNull(purchases.paidAt), gte(purchases.paidAt, from), lt(purchases.paidAt, to)))
    .groupBy(paidDay, purchases.currency);
  const refundDay = dayOf(purchases.closedAt);
  const refunds = await db
    .select({ date: refundDay, currency: purchases.currency, minor: sql<string>`sum(${purchases.amountMinor})` })
    .from(purchases)
    .where(and(eq(purchases.status, 'refunded'), isNotNull(purchases.paidAt), gte(purchases.closedAt, from), lt(purchases.closedAt, to)))
    .groupBy(refundDay, purchases.currency);
  return [...sales.map((r) => amountOf(r.date, r.currency, r.minor)), ...refunds.map((r) => amountOf(r.date, r.currency, r.minor, -1))];
};

/** Subscription invoices: each counts on the day it was paid (the sandbox's and Stripe's alike). */
export const subscriptionRevenue: RevenueSource = async (db, { from, to }) => {
  const paidDay = dayOf(subscriptionInvoices.paidAt);
  const rows = await db
    .select({ date: paidDay, currency: subscriptionInvoices.currency, minor: sql<string>`sum(${subscriptionInvoices.amountMinor})` })
    .from(subscriptionInvoices)
    .where(and(gte(subscriptionInvoices.paidAt, from), lt(subscriptionInvoices.paidAt, to)))
    .groupBy(paidDay, subscriptionInvoices.currency);
  return rows.map((r) => amountOf(r.date, r.currency, r.minor));
};

/** Every source of revenue the report adds up. */
export const REVENUE_SOURCES: readonly RevenueSource[] = [purchaseRevenue, subscriptionRevenue];

/** Revenue per UTC day over a range, from every source, and the dollars of it that were converted. */
export async function dailyRevenue(
  db: Database,
  range: InstantRange,
  sources: readonly RevenueSource[] = REVENUE_SOURCES,
): Promise<{ byDay: Map<string, number>; usd: number }> {
  const byDay = new Map<string, number>();
  let usd = 0;
  for (const source of sources)
    for (const amount of await source(db, range)) {
      byDay.set(amount.date, (byDay.get(amount.date) ?? 0) + amount.eur);
      usd += amount.usd ?? 0;
    }
  return { byDay, usd };
}

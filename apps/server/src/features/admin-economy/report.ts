import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  ECONOMY_DEFAULT_DAYS,
  ECONOMY_MAX_DAYS,
  EUR_PER_USD,
  euros,
  reportMargin,
  utcToday,
  weightedCostPerToken,
} from '@app/shared/admin-economy/rules';
import { ADMIN_ECONOMY_MESSAGES } from '@app/shared/admin-economy/messages';
import type { EconomyQuery, EconomyReport } from '@app/shared/admin-economy/schemas';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema/chats';
import { badRequest } from '../../lib/http-errors';
import { pricingOf } from '../pricing';
import { dailyRevenue } from './revenue';
import { tokenPurchasesOf } from './store';

/** The range of a report: both ends UTC days, included; by default the last 30 days up to today. */
export function reportRange(query: EconomyQuery, today: string = utcToday()): { from: string; to: string } {
  const to = query.to ?? (query.from ? min(addDays(query.from, ECONOMY_DEFAULT_DAYS - 1), today) : today);
  const from = query.from ?? addDays(to, -(ECONOMY_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(ADMIN_ECONOMY_MESSAGES.rangeReversed, 'from');
  if (daysBetween(from, to) > ECONOMY_MAX_DAYS) throw badRequest(ADMIN_ECONOMY_MESSAGES.rangeTooLong, 'to');
  return { from, to };
}

const min = (a: string, b: string) => (a < b ? a : b);

/** Provider tokens used by replies per UTC day (the estimate each reply records). */
async function dailyTokensUsed(db: Database, from: Date, to: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${chatMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, tokens: sql<string>`sum(${chatMessages.tokensUsed})` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.role, 'assistant'),
        isNotNull(chatMessages.tokensUsed),
        gte(chatMessages.createdAt, from),
        lt(chatMessages.createdAt, to),
      ),
    )
    .groupBy(day);
  return new Map(rows.map((r) => [r.date, Number(r.tokens)]));
}

/**
 * Revenue, provider cost and margin over a range (decision 018). Revenue: every revenue source
 * (paid purchases less refunds, paid subscription invoices), in EUR. Cost, cash basis: the API token purchases dated in the
 * range. Cost, usage basis: provider tokens the range's replies used × the weighted cost of a
 * token over the purchases dated up to the range's end (the pricing's token cost when none).
 */
export async function economyReport(db: Database, query: EconomyQuery): Promise<EconomyReport> {
  const { from, to } = reportRange(query);
  const instants = { from: new Date(`${from}T00:00:00Z`), to: new Date(`${addDays(to, 1)}T00:00:00Z`) };
  const [{ byDay: revenue, usd: revenueUsd }, tokens, purchases, pricing] = await Promise.all([
    dailyRevenue(db, instants),
    dailyTokensUsed(db, instants.from, instants.to),
    tokenPurchasesOf(db).list(),
    pricingOf(db).get(),
  ]);
  const cash = new Map<string, number>();
  for (const p of purchases)
    if (p.purchase_date >= from && p.purchase_date <= to) cash.set(p.purchase_date, (cash.get(p.purchase_date) ?? 0) + p.price_paid_eur);
  const costPerTokenEur = weightedCostPerToken(purchases.filter((p) => p.purchase_date <= to)) ?? pricing.token_cost_eur;

  const days: EconomyReport['days'] = [];
  let revenueTotal = 0;
  let cashTotal = 0;
  let tokensTotal = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const dayRevenue = revenue.get(date) ?? 0;
    const dayCash = cash.get(date) ?? 0;
    const dayTokens = tokens.get(date) ?? 0;
    revenueTotal += dayRevenue;
    cashTotal += dayCash;
    tokensTotal += dayTokens;
    days.push({ date, revenueEur: euros(dayRevenue), costEur: euros(dayCash), usageCostEur: euros(dayTokens * costPerTokenEur) });
  }
  const usageCost = tokensTotal * costPerTokenEur;
  return {
    from,
    to,
    revenueEur: euros(revenueTotal),
    costEur: euros(cashTotal),
    marginPercent: reportMargin(revenueTotal, cashTotal),
    usage: {
      tokens: tokensTotal,
      costPerTokenEur,
      costEur: euros(usageCost),
      marginPercent: reportMargin(revenueTotal, usageCost),
    },
    currency: 'EUR',
    // Dollar sales (gem packages before the shop went to euros, decision 040) are converted; the
    // page says so only when the range holds some.
    convertedFromUsd: revenueUsd === 0 ? null : { usd: euros(revenueUsd), eur: euros(revenueUsd * EUR_PER_USD), eurPerUsd: EUR_PER_USD },
    days,
  };
}

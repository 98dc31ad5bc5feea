import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { LedgerPage, LedgerTransaction } from '@app/shared/tokens/schemas';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/ledger';
import type { Currency } from './wallet';

/** Reasons of credits that were bought (a purchase's credit shows as type 'purchase'). */
const PURCHASE_REASONS = new Set(['purchase']);

type EntryRow = typeof ledgerEntries.$inferSelect;

/** A ledger entry as the API shows it: unsigned amount, its direction in `type`. */
export function toTransaction(row: EntryRow): LedgerTransaction {
  return {
    id: String(row.id),
    type: row.amount < 0 ? 'spend' : PURCHASE_REASONS.has(row.reason) ? 'purchase' : 'earn',
    amount: Math.abs(row.amount),
    reason: row.reason,
    contentType: row.contentType,
    botId: row.botId,
    timestamp: row.createdAt.toISOString(),
    balanceAfter: row.balanceAfter,
  };
}

/**
 * One page of a user's movements in a currency, the latest first. The cursor is the id of the last
 * entry of the previous page (ids only grow), so paging is stable while new entries arrive.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  currency: Currency,
  page: { cursor?: string; limit: number },
): Promise<LedgerPage> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.currency, currency),
        page.cursor ? lt(ledgerEntries.id, Number(page.cursor)) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items: items.map(toTransaction), nextCursor: rows.length > page.limit && last ? String(last.id) : null };
}

/** The sums of everything a user was credited and debited in a currency. */
export async function ledgerTotals(db: Executor, userId: string, currency: Currency): Promise<{ earned: number; spent: number }> {
  const [row] = await db
    .select({
      earned: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      spent: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, currency)));
  return { earned: Number(row?.earned ?? 0), spent: Number(row?.spent ?? 0) };
}

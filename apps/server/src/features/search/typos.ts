import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';

/**
 * Typo tolerance is a best effort: a trigram query whose trigrams are common (a misspelt common
 * word) can visit much of a table, so it may run for TYPO_BUDGET_MS and is then given up (the
 * group shows what full text found: nothing). The settings (a pg_trgm threshold) and the timeout
 * hold for this one transaction only (set_config(..., true)).
 */
const TYPO_BUDGET_MS = 150;

export async function typoMatches<T>(
  // The database, not a transaction: the settings must end with this query's own transaction.
  db: Database,
  settings: Record<string, string>,
  query: (tx: Transaction) => Promise<T[]>,
): Promise<T[]> {
  try {
    return await db.transaction(async (tx) => {
      const set = Object.entries({ ...settings, statement_timeout: String(TYPO_BUDGET_MS) }).map(
        ([name, value]) => sql`set_config(${name}, ${value}, true)`,
      );
      await tx.execute(sql`select ${sql.join(set, sql`, `)}`);
      return query(tx);
    });
  } catch (err) {
    // 57014: canceled by the statement timeout.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '57014' ||
      (err as { cause?: { code?: string } }).cause?.code === '57014'
    )
      return [];
    throw err;
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries, wallets } from '../../db/schema/ledger';

export type Currency = 'tokens' | 'gems';

export interface LedgerPosting {
  userId: string;
  currency: Currency;
  /** Signed: positive credits, negative debits. */
  amount: number;
  reason: string;
  reference?: string;
  /** One movement per key: posting the same key again moves nothing and answers the first result. */
  idempotencyKey: string;
}

export interface PostingResult {
  balance: number;
  /** True when this key had been posted before, so nothing moved now. */
  duplicate: boolean;
}

export class InsufficientBalanceError extends Error {
  constructor(readonly currency: Currency) {
    super(`Not enough ${currency}`);
    this.name = 'InsufficientBalanceError';
  }
}

class DuplicatePosting extends Error {}

/**
 * Moves a balance through the append-only ledger. The balance changes with a conditional
 * update (it can't go below zero, whatever runs at the same time) and the ledger row is written
 * in the same transaction; a repeated idempotency key rolls the whole movement back.
 */
export async function postLedgerEntry(db: Executor, posting: LedgerPosting): Promise<PostingResult> {
  if (!Number.isSafeInteger(posting.amount)) throw new Error('Ledger amounts are whole numbers');
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(wallets).values({ userId: posting.userId, currency: posting.currency, balance: 0 }).onConflictDoNothing();
      const [wallet] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${posting.amount}`, updatedAt: new Date() })
        .where(
          and(eq(wallets.userId, posting.userId), eq(wallets.currency, posting.currency), sql`${wallets.balance} + ${posting.amount} >= 0`),
        )
        .returning({ balance: wallets.balance });
      if (!wallet) {
        // A repeat of a key that was posted (by now, maybe by a concurrent call) is a duplicate,
        // even when the balance has become too low for it: a retried purchase succeeded once.
        const [posted] = await tx
          .select({ id: ledgerEntries.id })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.idempotencyKey, posting.idempotencyKey))
          .limit(1);
        if (posted) throw new DuplicatePosting();
        throw new InsufficientBalanceError(posting.currency);
      }
      const inserted = await tx
        .insert(ledgerEntries)
        .values({ ...posting, reference: posting.reference ?? null, balanceAfter: wallet.balance })
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
        .returning({ id: ledgerEntries.id });
      if (inserted.length === 0) throw new DuplicatePosting();
      return { balance: wallet.balance, duplicate: false };
    });
  } catch (err) {
    if (!(err instanceof DuplicatePosting)) throw err;
    return { balance: await getBalance(db, posting.userId, posting.currency), duplicate: true };
  }
}

/** The current balance; 0 for a user who has never had one. */
export async function getBalance(db: Executor, userId: string, currency: Currency): Promise<number> {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)))
    .limit(1);
  return wallet?.balance ?? 0;
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedSql, type Executor } from '../../db/client';
import { ledgerEntries, wallets } from '../../db/schema/ledger';
import type { AppMetrics } from '../../plugins/metrics';

export type Currency = 'tokens' | 'gems';

export interface LedgerPosting {
  userId: string;
  currency: Currency;
  /** Signed: positive credits, negative debits. */
  amount: number;
  reason: string;
  reference?: string;
  /** What was bought or paid for ('text', 'image', 'season_pass'…), where it matters. */
  contentType?: string;
  /** The bot the movement was about, where there is one. */
  botId?: string;
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

/** Where movements are counted (`app.ctx.metrics`); null where nothing counts them (scripts, unit tests). */
export type LedgerMetrics = Pick<AppMetrics, 'ledgerPostings'> | null;

/** Told of each movement once it is committed (the app's announcer: `balance.changed`, for the live badge). */
export type PostingListener = (posting: Pick<LedgerPosting, 'userId' | 'currency'>) => void;

// Keyed by the app's metrics: every committed movement already reaches countPosting with them
// (decision 021), so the announcement needs no new parameter through the areas that post.
const listeners = new WeakMap<object, PostingListener>();

/** Calls `listener` for every movement counted in `metrics` from now on (one listener per app). */
export function onPostingCounted(metrics: NonNullable<LedgerMetrics>, listener: PostingListener): void {
  listeners.set(metrics, listener);
}

/** Counts a movement that was posted (not a duplicate), once it is committed, and tells the app's listener. */
export function countPosting(metrics: LedgerMetrics, posting: Pick<LedgerPosting, 'reason' | 'currency' | 'userId'>): void {
  if (!metrics) return;
  metrics.ledgerPostings.inc({ reason: posting.reason, currency: posting.currency });
  listeners.get(metrics)?.(posting);
}

/**
 * Moves a balance through the append-only ledger. The balance changes with a conditional
 * update (it can't go below zero, whatever runs at the same time) and the ledger row is written
 * in the same transaction; a repeated idempotency key rolls the whole movement back.
 *
 * A movement is counted in `metrics` once its statement (or its own transaction) has committed.
 * Inside a caller's transaction it can't know when that commits: the caller passes null and
 * counts it with countPosting after its commit (signup's bonus, auth/accounts.ts).
 */
export async function postLedgerEntry(db: Executor, posting: LedgerPosting, metrics: LedgerMetrics): Promise<PostingResult> {
  const result = await post(db, posting);
  if (!result.duplicate) countPosting(metrics, posting);
  return result;
}

async function post(db: Executor, posting: LedgerPosting): Promise<PostingResult> {
  if (!Number.isSafeInteger(posting.amount)) throw new Error('Ledger amounts are whole numbers');
  const posted = await postInOneStatement(db, posting);
  if (posted !== null) return { balance: posted, duplicate: false };
  // Nothing moved: the wallet is missing, the balance too low, or the key already posted. The
  // transaction below tells which (and creates the wallet).
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
        .values({ ...postingValues(posting), balanceAfter: wallet.balance })
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

/** A movement's fields as the parameters of a prepared statement. */
const postingParams = {
  userId: sql.placeholder('userId'),
  currency: sql.placeholder('currency'),
  amount: sql.placeholder('amount'),
  reason: sql.placeholder('reason'),
  reference: sql.placeholder('reference'),
  contentType: sql.placeholder('contentType'),
  botId: sql.placeholder('botId'),
  idempotencyKey: sql.placeholder('idempotencyKey'),
};

/**
 * A movement as the steps of one statement, for `with` (its fields are postingParams): the wallet row
 * is locked and read at its latest value, the entry is written with the balance it leads to, and
 * the wallet takes that balance only if the entry was written. A key already posted (even at the
 * same moment, by another call) writes no entry, so nothing moves, and a balance that would go
 * below zero selects no row. `moved` holds the new balance, or no row when nothing moved; a
 * statement may add steps that happen only if it moved (a reply's charge and its messages:
 * chats/reply-statements.ts); such a statement counts its movement with countPosting when it
 * moved. When nothing moved, postLedgerEntry tells why.
 */
export const postingSteps: SQL = sql`
    current as (
      select balance from ${wallets}
      where user_id = ${postingParams.userId} and currency = ${postingParams.currency} and balance + ${postingParams.amount} >= 0
      for update
    ), entry as (
      insert into ${ledgerEntries} (user_id, currency, amount, reason, reference, content_type, bot_id, idempotency_key, balance_after)
      select ${postingParams.userId}, ${postingParams.currency}, ${postingParams.amount}, ${postingParams.reason}, ${postingParams.reference},
        ${postingParams.contentType}, ${postingParams.botId}::uuid, ${postingParams.idempotencyKey}, balance + ${postingParams.amount}
      from current
      on conflict (idempotency_key) do nothing
      returning balance_after
    ), moved as (
      update ${wallets} set balance = entry.balance_after, updated_at = now()
      from entry
      where user_id = ${postingParams.userId} and currency = ${postingParams.currency}
      returning wallets.balance
    )`;

/** A posting's values for postingParams. */
export const postingValues = (p: LedgerPosting) => ({
  ...p,
  reference: p.reference ?? null,
  contentType: p.contentType ?? null,
  botId: p.botId ?? null,
});

const postingStatement = preparedSql<{ balance: string | number }>('ledger_posting', sql`with ${postingSteps} select balance from moved`);

/**
 * The usual movement in one round trip (a reply's charge is on the path to its first token).
 * Answers the new balance, or null when nothing moved. Never raises for a duplicate, so it is
 * safe inside a caller's transaction.
 */
async function postInOneStatement(db: Executor, p: LedgerPosting): Promise<number | null> {
  const [row] = await postingStatement(db).execute(postingValues(p));
  return row ? Number(row.balance) : null;
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

import { and, eq, lt, sql } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@app/shared/chats/schemas';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema/chats';
import { ledgerEntries } from '../../db/schema/ledger';
import { postLedgerEntry, type LedgerMetrics } from '../tokens';

/**
 * After a reply's deadline (LLM_TIMEOUT_MS), the instance streaming it still saves its end and
 * its refund: a reply streaming this much longer than the deadline has no live owner.
 */
export const ORPHAN_MARGIN_MS = 5_000;

/**
 * Settles the replies left `streaming` by a process that died (kill -9, a crash, a lost host):
 * each is kept as far as it came, marked failed with CHAT_MESSAGES.replyInterrupted, and its
 * charge refunded, in one transaction per reply. Only replies streaming for longer than
 * `olderThanMs` are taken: no live instance streams a reply past its deadline. On the embedded
 * database no other process can be streaming, so it takes every one (0). Safe to run anywhere at
 * any time: the update takes a row only while it is still streaming, and the refund's key is the
 * one a live reply's own refund uses (`refund:<charge key>`), so nothing is refunded twice.
 * Answers how many replies it settled.
 */
export async function settleOrphanedReplies(db: Database, metrics: LedgerMetrics, olderThanMs: number): Promise<number> {
  const orphans = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.status, 'streaming'), lt(chatMessages.createdAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`)));
  let settled = 0;
  for (const { id } of orphans) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(chatMessages)
        .set({ status: 'failed', error: CHAT_MESSAGES.replyInterrupted })
        .where(and(eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')))
        .returning({ chargeKey: chatMessages.chargeKey });
      if (!row) return false; // settled meanwhile, by its owner or another sweep
      if (row.chargeKey) {
        const [charge] = await tx
          .select({
            userId: ledgerEntries.userId,
            currency: ledgerEntries.currency,
            amount: ledgerEntries.amount,
            reference: ledgerEntries.reference,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.idempotencyKey, row.chargeKey))
          .limit(1);
        // A free reply was never charged.
        if (charge && charge.amount < 0) {
          await postLedgerEntry(
            tx,
            {
              userId: charge.userId,
              currency: charge.currency,
              amount: -charge.amount,
              reason: 'reply_refund',
              reference: charge.reference ?? undefined,
              idempotencyKey: `refund:${row.chargeKey}`,
            },
            metrics,
          );
        }
      }
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}

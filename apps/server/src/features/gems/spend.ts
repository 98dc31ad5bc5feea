import { ERROR_CODES } from '@app/shared/http/errors';
import { GEM_CONFIG } from '@app/shared/gems/rules';
import { GEM_MESSAGES } from '@app/shared/gems/messages';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/http-errors';
import { InsufficientBalanceError, postLedgerEntry, type LedgerMetrics, type LedgerPosting } from '../tokens';

export const insufficientGems = () => new AppError(402, ERROR_CODES.INSUFFICIENT_GEMS, GEM_MESSAGES.insufficientGems);

export interface GemSpend {
  userId: string;
  /** Gems to take: a whole number above zero. */
  amount: number;
  /** What was sold ('season_pass', 'image_generation'…). */
  reason: string;
  contentType?: string;
  botId?: string;
  reference?: string;
  /** Names the sale: the same key spends once, however often it is called. */
  idempotencyKey: string;
}

/**
 * Takes gems for something a feature sells. Never below zero, whatever runs at the same time;
 * 402 INSUFFICIENT_GEMS when the balance can't cover it. A repeated key spends nothing again
 * and answers `duplicate: true`. Only server code calls this, with its own price: no route takes
 * an amount of gems from a client.
 */
export async function spendGems(db: Executor, metrics: LedgerMetrics, spend: GemSpend): Promise<{ balance: number; duplicate: boolean }> {
  if (!Number.isSafeInteger(spend.amount) || spend.amount <= 0) throw new Error('A gem spend is a whole number above zero');
  const { amount, ...rest } = spend;
  try {
    return await postLedgerEntry(db, { ...rest, currency: 'gems', amount: -amount }, metrics);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw insufficientGems();
    throw err;
  }
}

/** The welcome gems of a new account (posted in its signup transaction): one key per account. */
export const welcomeGemsPosting = (userId: string): LedgerPosting => ({
  userId,
  currency: 'gems',
  amount: GEM_CONFIG.welcomeGems,
  reason: 'welcome',
  idempotencyKey: `welcome-gems:${userId}`,
});

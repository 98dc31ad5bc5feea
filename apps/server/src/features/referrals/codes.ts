import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referralCodes } from '../../db/schema/referrals';

// No 0/O or 1/I: codes are read aloud and typed. 32 symbols, 8 of them: 40 random bits.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The user's code, or null before one is made. */
export async function codeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)).limit(1);
  return row?.code ?? null;
}

/**
 * The user's one code, made on the first call: concurrent calls all answer the code that won the
 * insert (the user is the key); a clash with another user's code draws again.
 */
export async function ensureReferralCode(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    await db.insert(referralCodes).values({ userId, code: newReferralCode() }).onConflictDoNothing();
    const code = await codeOf(db, userId);
    if (code) return code;
  }
  throw new Error('no free referral code found');
}

/** The owner of a code, or null. */
export async function ownerOfCode(db: Executor, code: string): Promise<string | null> {
  const [row] = await db.select({ userId: referralCodes.userId }).from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
  return row?.userId ?? null;
}

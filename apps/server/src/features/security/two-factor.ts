import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OTP_CODE_PATTERN,
  SECURITY_ERROR_CODES,
  SECURITY_MESSAGES,
  SENT_CODE_MAX_ATTEMPTS,
  SENT_CODE_TTL_MS,
  type TwoFactorSetupAnswer,
} from '@app/shared/security/schemas';
import type { TwoFactorMethod } from '@app/shared/settings/messages';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { twoFactor, twoFactorBackupCodes } from '../../db/schema/security';
import { AppError, conflict, tooManyRequests } from '../../lib/http-errors';
import { seal, unseal } from '../../lib/sealed';
import { userLanguage } from '../account';
import type { SessionUserRow } from '../users';
import { hashCode, maskEmail, maskPhone, newBackupCodes, newSixDigitCode, normalizeBackupCode, sameHash } from './codes';
import { securityLimitsOf } from './limits';
import { verificationCodeMail, verificationCodeSms } from './mails';
import { smsSenderOf } from './sms';
import { matchTotp, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** What the two-factor functions need of the app. */
export interface TwoFactorApp {
  ctx: Pick<AppContext, 'db' | 'sealKey' | 'mailer' | 'config' | 'redis'>;
  log: FastifyBaseLogger;
}

export async function twoFactorOf(db: Executor, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row ?? null;
}

export async function backupCodesRemaining(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorBackupCodes)
    .where(and(eq(twoFactorBackupCodes.userId, userId), isNull(twoFactorBackupCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Stores ten new backup codes (hashed) in place of the old ones, and answers them in the clear, once. */
export async function replaceBackupCodes(tx: Executor, key: Buffer, userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
  await tx
    .insert(twoFactorBackupCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(key, 'backup', normalizeBackupCode(code)) })));
  return codes;
}

/** Sends a code by the method's channel; answers where it went, masked. */
export async function deliverCode(
  app: TwoFactorApp,
  user: Pick<SessionUserRow, 'id' | 'email' | 'displayName'>,
  method: TwoFactorMethod,
  phone: string | null,
  code: string,
  ttlMs: number,
): Promise<string> {
  const minutes = Math.round(ttlMs / 60_000);
  const language = await userLanguage(app.ctx.db, user.id);
  if (method === 'sms') {
    if (!phone) throw new Error('sms two-factor without a phone number');
    await smsSenderOf(app).send(phone, verificationCodeSms(code, minutes, language));
    return maskPhone(phone);
  }
  await app.ctx.mailer.send(verificationCodeMail(user.email, user.displayName, code, minutes, language));
  return maskEmail(user.email);
}

/**
 * Begins (or begins again) the setup: a new secret and new backup codes; two-factor stays off
 * until POST /2fa/verify. Refused with 409 while it is on.
 */
export async function setupTwoFactor(
  app: TwoFactorApp,
  user: SessionUserRow,
  input: { method: TwoFactorMethod; phone: string | null },
): Promise<TwoFactorSetupAnswer> {
  const { db, sealKey } = app.ctx;
  if (input.method !== 'app') await countSentCode(app, user.id);
  const secret = newTotpSecret();
  const sentCode = input.method === 'app' ? null : newSixDigitCode();
  const backupCodes = await db.transaction(async (tx) => {
    const values = {
      method: input.method,
      phone: input.phone,
      secretSealed: seal(sealKey, secret),
      enabledAt: null,
      lastUsedStep: null,
      pendingCodeHash: sentCode ? hashCode(sealKey, 'sent', sentCode) : null,
      pendingCodeExpiresAt: sentCode ? new Date(Date.now() + SENT_CODE_TTL_MS) : null,
      pendingCodeAttempts: 0,
      createdAt: new Date(),
    };
    // Only a setup that is not finished may be replaced: the condition holds under concurrency.
    const rows = await tx
      .insert(twoFactor)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: twoFactor.userId, set: values, setWhere: isNull(twoFactor.enabledAt) })
      .returning({ userId: twoFactor.userId });
    if (rows.length === 0) return null;
    return replaceBackupCodes(tx, sealKey, user.id);
  });
  if (!backupCodes) throw conflict(SECURITY_ERROR_CODES.TWO_FACTOR_ENABLED, SECURITY_MESSAGES.alreadyEnabled);
  const url = otpauthUrl(secret, user.email);
  const codeSentTo = sentCode ? await deliverCode(app, user, input.method, input.phone, sentCode, SENT_CODE_TTL_MS) : null;
  return { method: input.method, qrCode: await qrCodeDataUrl(url), otpauthUrl: url, secret, backupCodes, codeSentTo };
}

/** Counts a code about to be sent; 429 when the user has asked for too many. */
async function countSentCode(app: TwoFactorApp, userId: string): Promise<void> {
  const wait = await securityLimitsOf(app.ctx).codesSentPerUser.hit(userId);
  if (wait) throw tooManyRequests('Too many codes requested. Please try again later.', wait);
}

/** POST /2fa/send-code: a new code by email or sms, for the setup, disable and backup-codes dialogs. */
export async function sendSettingsCode(app: TwoFactorApp, user: SessionUserRow, row: TwoFactorRow): Promise<string> {
  if (row.method === 'app') throw new AppError(400, 'VALIDATION_ERROR', SECURITY_MESSAGES.appHasNoCodes);
  await countSentCode(app, user.id);
  const code = newSixDigitCode();
  await app.ctx.db
    .update(twoFactor)
    .set({
      pendingCodeHash: hashCode(app.ctx.sealKey, 'sent', code),
      pendingCodeExpiresAt: new Date(Date.now() + SENT_CODE_TTL_MS),
      pendingCodeAttempts: 0,
    })
    .where(eq(twoFactor.userId, user.id));
  return deliverCode(app, user, row.method, row.phone, code, SENT_CODE_TTL_MS);
}

/**
 * Accepts a TOTP code of the user's secret once: the step it belongs to is recorded, and a code of
 * that step or an earlier one is refused from then on (the conditional update holds when two
 * requests bring the same code at once).
 */
export async function acceptTotp(tx: Executor, key: Buffer, row: TwoFactorRow, code: string, now = Date.now()): Promise<boolean> {
  if (!OTP_CODE_PATTERN.test(code)) return false;
  const step = matchTotp(unseal(key, row.secretSealed), code, now);
  if (step === null) return false;
  const updated = await tx
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, row.userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ userId: twoFactor.userId });
  return updated.length > 0;
}

/** Uses up an unused backup code; false when it is unknown or was used already. */
export async function acceptBackupCode(tx: Executor, key: Buffer, userId: string, code: string): Promise<boolean> {
  const used = await tx
    .update(twoFactorBackupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorBackupCodes.userId, userId),
        eq(twoFactorBackupCodes.codeHash, hashCode(key, 'backup', normalizeBackupCode(code))),
        isNull(twoFactorBackupCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorBackupCodes.id });
  return used.length > 0;
}

/** Accepts the code last sent by email or sms outside a sign-in, once, before it expires. */
async function acceptSentCode(db: Database, key: Buffer, row: TwoFactorRow, code: string): Promise<boolean> {
  if (!row.pendingCodeHash || !row.pendingCodeExpiresAt || row.pendingCodeExpiresAt <= new Date()) return false;
  if (row.pendingCodeAttempts >= SENT_CODE_MAX_ATTEMPTS) return false;
  const hash = hashCode(key, 'sent', code);
  if (!sameHash(hash, row.pendingCodeHash)) {
    await db
      .update(twoFactor)
      .set({ pendingCodeAttempts: sql`${twoFactor.pendingCodeAttempts} + 1` })
      .where(eq(twoFactor.userId, row.userId));
    return false;
  }
  const cleared = await db
    .update(twoFactor)
    .set({ pendingCodeHash: null, pendingCodeExpiresAt: null, pendingCodeAttempts: 0 })
    .where(and(eq(twoFactor.userId, row.userId), eq(twoFactor.pendingCodeHash, hash)))
    .returning({ userId: twoFactor.userId });
  return cleared.length > 0;
}

/**
 * The code of a settings dialog (verify, disable, new backup codes): the authenticator's current
 * code (any method: the secret was given at setup), or for email and sms the code last sent.
 * Wrong codes count toward the user's limit; 429 once it is reached.
 */
export async function checkSettingsCode(app: TwoFactorApp, row: TwoFactorRow, code: string): Promise<void> {
  const limiter = securityLimitsOf(app.ctx).codeFailuresPerUser;
  // Counted before the check and given back when the code is good, so that codes sent at the
  // same time can't all pass the limit before the first failure is recorded.
  const wait = await limiter.hit(row.userId);
  if (wait) throw tooManyRequests(SECURITY_MESSAGES.twoFactorLimited, wait);
  const { db, sealKey } = app.ctx;
  const ok = (row.method !== 'app' && (await acceptSentCode(db, sealKey, row, code))) || (await acceptTotp(db, sealKey, row, code));
  if (ok) {
    await limiter.forgive(row.userId);
    return;
  }
  const expired = row.method !== 'app' && row.pendingCodeExpiresAt !== null && row.pendingCodeExpiresAt <= new Date();
  throw expired
    ? new AppError(400, SECURITY_ERROR_CODES.CODE_EXPIRED, SECURITY_MESSAGES.codeExpired, 'code')
    : new AppError(400, SECURITY_ERROR_CODES.INVALID_2FA_CODE, SECURITY_MESSAGES.invalidCode, 'code');
}

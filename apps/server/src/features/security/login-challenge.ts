import { eq, sql } from 'drizzle-orm';
import {
  LOGIN_CHALLENGE_MAX_ATTEMPTS,
  LOGIN_CHALLENGE_TTL_MS,
  OTP_CODE_PATTERN,
  type TwoFactorChallenge,
} from '@app/shared/security/schemas';
import { loginChallenges } from '../../db/schema/security';
import { hashToken, newToken } from '../../lib/secure-tokens';
import type { SessionUserRow } from '../users';
import { hashCode, newSixDigitCode, sameHash } from './codes';
import { acceptBackupCode, acceptTotp, deliverCode, twoFactorOf, type TwoFactorApp } from './two-factor';

/**
 * The sign-in's second step. A good password of an account with two-factor on opens no session:
 * it creates a challenge (a random token, stored hashed, good for 5 minutes, 5 wrong codes and one
 * success) and, for the email and sms methods, sends a code. POST /api/auth/login/2fa completes it.
 */

/** Answers the challenge to send instead of a session, or null when the user has two-factor off. */
export async function startLoginChallenge(
  app: TwoFactorApp,
  user: SessionUserRow,
  client: { ip: string; userAgent: string },
  signInMethod: 'password' | 'oidc' = 'password',
): Promise<TwoFactorChallenge | null> {
  const row = await twoFactorOf(app.ctx.db, user.id);
  if (!row?.enabledAt) return null;
  const token = newToken('lc');
  const code = row.method === 'app' ? null : newSixDigitCode();
  await app.ctx.db.insert(loginChallenges).values({
    tokenHash: hashToken(token),
    userId: user.id,
    codeHash: code ? hashCode(app.ctx.sealKey, 'sent', code) : null,
    signInMethod,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 512),
    expiresAt: new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS),
  });
  const codeSentTo = code ? await deliverCode(app, user, row.method, row.phone, code, LOGIN_CHALLENGE_TTL_MS) : null;
  return { twoFactorRequired: true, challengeToken: token, method: row.method, codeSentTo };
}

export type ChallengeResult =
  | { ok: true; userId: string; signInMethod: 'password' | 'oidc' }
  | { ok: false; reason: 'expired' | 'too_many' }
  | { ok: false; reason: 'invalid'; userId: string; attemptsLeft: number };

/**
 * Checks a code against a challenge: the authenticator's current code, the code sent for this
 * challenge (email, sms) or an unused backup code. The challenge row is locked, so that two
 * attempts at once are counted one after the other and only one can succeed.
 */
export async function completeLoginChallenge(
  app: TwoFactorApp,
  challengeToken: string,
  code: string,
  /** Runs before the code is checked, with the challenge's user; throws to refuse (a rate limit). */
  guard: (userId: string) => Promise<void> = async () => undefined,
): Promise<ChallengeResult> {
  const { db, sealKey } = app.ctx;
  return db.transaction(async (tx): Promise<ChallengeResult> => {
    const [challenge] = await tx
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, hashToken(challengeToken)))
      .for('update')
      .limit(1);
    if (!challenge || challenge.usedAt || challenge.expiresAt <= new Date()) return { ok: false, reason: 'expired' };
    if (challenge.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS) return { ok: false, reason: 'too_many' };
    await guard(challenge.userId);
    const row = await twoFactorOf(tx, challenge.userId);
    // Two-factor was turned off after the password step: the sign-in starts again.
    if (!row?.enabledAt) return { ok: false, reason: 'expired' };

    let ok: boolean;
    if (OTP_CODE_PATTERN.test(code)) {
      ok =
        (challenge.codeHash !== null && sameHash(hashCode(sealKey, 'sent', code), challenge.codeHash)) ||
        (await acceptTotp(tx, sealKey, row, code));
    } else {
      ok = await acceptBackupCode(tx, sealKey, challenge.userId, code);
    }
    if (ok) {
      await tx.update(loginChallenges).set({ usedAt: new Date() }).where(eq(loginChallenges.tokenHash, challenge.tokenHash));
      return { ok: true, userId: challenge.userId, signInMethod: challenge.signInMethod };
    }
    const [counted] = await tx
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(eq(loginChallenges.tokenHash, challenge.tokenHash))
      .returning({ attempts: loginChallenges.attempts });
    return {
      ok: false,
      reason: 'invalid',
      userId: challenge.userId,
      attemptsLeft: LOGIN_CHALLENGE_MAX_ATTEMPTS - (counted?.attempts ?? 0),
    };
  });
}

/** Challenges that can no longer be used, deleted by a periodic job. */
export async function deleteOldChallenges(app: TwoFactorApp): Promise<number> {
  const rows = await app.ctx.db
    .delete(loginChallenges)
    .where(sql`${loginChallenges.expiresAt} < now() - interval '1 day'`)
    .returning({ h: loginChallenges.tokenHash });
  return rows.length;
}

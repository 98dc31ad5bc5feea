import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { conflict } from '../../lib/http-errors';
import { welcomeGemsPosting } from '../gems';
import { countPosting, postLedgerEntry, type LedgerPosting } from '../tokens';
import { findUserByEmail, isUsernameTaken, uniqueViolation } from '../users';
import type { SessionUserRow } from '../users';

export interface NewAccount {
  email: string;
  username: string;
  displayName: string;
  passwordHash: string | null;
  emailVerified: boolean;
  role?: 'user' | 'admin';
  isDemo?: boolean;
  signupRef?: string;
}

/**
 * Creates a user with the starting token grant and the welcome gems, in one transaction. An email or username that
 * is taken answers 409 naming the field (also when two signups race for the same one).
 * The grant is counted in `ctx.metrics` once the transaction has committed (the seed has none).
 */
export async function createAccount(
  ctx: Pick<AppContext, 'db' | 'config'> & Partial<Pick<AppContext, 'metrics'>>,
  input: NewAccount,
): Promise<SessionUserRow> {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(ERROR_CODES.EMAIL_TAKEN, AUTH_MESSAGES.emailTaken, 'email');
  if (await isUsernameTaken(ctx.db, input.username)) throw conflict(ERROR_CODES.USERNAME_TAKEN, AUTH_MESSAGES.usernameTaken, 'username');
  try {
    const { user, bonus } = await ctx.db.transaction(async (tx) => {
      const verified = input.emailVerified ? new Date() : null;
      const role = input.role ?? (verified && isAdminEmail(ctx.config.adminEmail, input.email) ? 'admin' : 'user');
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          username: input.username,
          displayName: input.displayName,
          passwordHash: input.passwordHash,
          emailVerifiedAt: verified,
          role,
          isDemo: input.isDemo ?? false,
          signupRef: input.signupRef ?? null,
        })
        .returning();
      const bonus: LedgerPosting[] = [welcomeGemsPosting(user!.id)];
      if (ctx.config.startingTokens > 0) {
        bonus.push({
          userId: user!.id,
          currency: 'tokens',
          amount: ctx.config.startingTokens,
          reason: 'signup_bonus',
          idempotencyKey: `signup-bonus:${user!.id}`,
        });
      }
      // Counted below, after the commit.
      for (const posting of bonus) await postLedgerEntry(tx, posting, null);
      return { user: user!, bonus };
    });
    for (const posting of bonus) countPosting(ctx.metrics ?? null, posting);
    return user;
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw conflict(ERROR_CODES.EMAIL_TAKEN, AUTH_MESSAGES.emailTaken, 'email');
    if (constraint?.includes('username')) throw conflict(ERROR_CODES.USERNAME_TAKEN, AUTH_MESSAGES.usernameTaken, 'username');
    throw err;
  }
}

export function isAdminEmail(adminEmail: string | undefined, email: string): boolean {
  return adminEmail !== undefined && adminEmail === email.toLowerCase();
}

/**
 * ADMIN_EMAIL makes its account an admin, but only once that address is proven (verified
 * email): whoever signs up first with it must not become admin just by typing it.
 */
export async function grantAdminIfConfigured(db: Executor, adminEmail: string | undefined, user: SessionUserRow): Promise<SessionUserRow> {
  if (user.role === 'admin' || !user.emailVerifiedAt || !isAdminEmail(adminEmail, user.email)) return user;
  const [updated] = await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

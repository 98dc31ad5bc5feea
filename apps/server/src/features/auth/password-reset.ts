import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { passwordResets } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/secure-tokens';
import { userLanguage } from '../account';
import { findUserByEmail } from '../users';
import { type MailedLinkKind, newMailedLink } from './mailed-links';
import { passwordResetMail } from './mails';
import { revokeAllSessions } from './sessions';

/** The job that mails a reset link: the request answers before anything about the address is looked up. */
export const PASSWORD_RESET_MAIL_JOB = 'auth.password-reset-mail';
/** Reset links work for one hour. */
const RESET_LINK: MailedLinkKind = { table: passwordResets, prefix: 'pr', page: 'reset-password', ttlMs: 60 * 60_000 };

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;

/**
 * Mails a single-use link, valid one hour, to the account of an address; nothing for an address
 * without an account or a banned one (it may not sign in anyway).
 */
export function passwordResetMailJob(ctx: Ctx) {
  return async (payload: Record<string, unknown>): Promise<void> => {
    const email = typeof payload.email === 'string' ? payload.email : '';
    const user = email ? await findUserByEmail(ctx.db, email) : null;
    if (!user || user.bannedAt) return;
    const url = await newMailedLink(ctx, RESET_LINK, user);
    await ctx.mailer.send(passwordResetMail(user.email, user.displayName, url, await userLanguage(ctx.db, user.id)));
  };
}

/** A link that can still be used: unknown, used, expired, or for an address the account no longer has are not. */
const usable = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/**
 * Sets a new password with the token of a reset link, which then works no more (nor do the
 * account's other links), and ends every session of the account. Answers the account, or null
 * when the link can't be used.
 */
export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'config'>,
  token: string,
  password: string,
): Promise<{ userId: string; email: string; displayName: string; at: Date } | null> {
  const tokenHash = hashToken(token);
  // Looked at first, so that a made-up token costs no password hash.
  const [seen] = await ctx.db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable(tokenHash)).limit(1);
  if (!seen) return null;
  const passwordHash = await hashPassword(password, ctx.config.passwordHashing);
  return ctx.db.transaction(async (tx) => {
    // Taken by one statement: of two uses of one link at the same time, one gets it.
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(usable(tokenHash))
      .returning();
    if (!link) return null;
    const at = new Date();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id, email: users.email, displayName: users.displayName });
    if (!user) return null;
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await revokeAllSessions(tx, user.id, 'password_reset');
    return { userId: user.id, email: user.email, displayName: user.displayName, at };
  });
}

/**
 * Uses up every open reset link of an account: a password chosen in the settings must not be
 * replaceable by a link mailed before it (one sitting in a mailbox someone else reads).
 */
export async function usePasswordResetLinks(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Deletes links that can never be used again, a day after they expired. */
export async function deleteOldPasswordResets(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await ctx.db.delete(passwordResets).where(sql`${passwordResets.expiresAt} < now() - interval '1 day'`);
}

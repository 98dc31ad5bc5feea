import type { AppContext } from '../../context';
import type { emailVerifications, passwordResets } from '../../db/schema/auth';
import { hashToken, newToken } from '../../lib/secure-tokens';

/** A kind of single-use link mailed to an account: where its rows live, its token's prefix, its page, how long it works. */
export interface MailedLinkKind {
  table: typeof passwordResets | typeof emailVerifications;
  prefix: string;
  page: string;
  ttlMs: number;
}

/**
 * Stores a new link for the account's address as it is now (only the token's hash is kept) and
 * answers the page address that carries the token, for the mail.
 */
export async function newMailedLink(
  ctx: Pick<AppContext, 'db' | 'config'>,
  kind: MailedLinkKind,
  user: { id: string; email: string },
): Promise<string> {
  const token = newToken(kind.prefix);
  await ctx.db.insert(kind.table).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + kind.ttlMs),
  });
  return `${ctx.config.publicUrl}/${kind.page}?token=${encodeURIComponent(token)}`;
}

import { and, desc, eq } from 'drizzle-orm';
import { INTEGRATION_ERROR_CODES, INTEGRATION_MESSAGES, type ConnectedService } from '@app/shared/integrations/schemas';
import type { AppContext } from '../../context';
import { oauthAccounts } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/http-errors';

/** The provider accounts linked to the user (sign-in with OIDC), named as the configuration names the provider. */
export async function listConnectedServices(ctx: Pick<AppContext, 'db' | 'config'>, userId: string): Promise<ConnectedService[]> {
  const rows = await ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId)).orderBy(desc(oauthAccounts.createdAt));
  return rows.map((r) => ({
    id: r.id,
    provider: 'oidc' as const,
    // A link made under another issuer than the configured one keeps its issuer as its name.
    name: ctx.config.oidc && ctx.config.oidc.issuer === r.provider ? ctx.config.oidc.name : r.provider,
    email: r.email,
    connectedAt: r.createdAt.toISOString(),
  }));
}

/**
 * Unlinks one of the user's provider accounts, unless it is their only way to sign in (no
 * password and no other link). The user row is locked so that two simultaneous unlinks of the
 * last two links cannot both pass.
 */
export async function disconnectService(ctx: Pick<AppContext, 'db'>, userId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    const links = await tx.select({ id: oauthAccounts.id }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    if (!links.some((l) => l.id === id)) throw notFound(INTEGRATION_MESSAGES.serviceNotFound);
    if (!user?.passwordHash && links.length === 1)
      throw new AppError(400, INTEGRATION_ERROR_CODES.LAST_SIGN_IN_METHOD, INTEGRATION_MESSAGES.lastSignInMethod);
    await tx.delete(oauthAccounts).where(and(eq(oauthAccounts.id, id), eq(oauthAccounts.userId, userId)));
  });
}

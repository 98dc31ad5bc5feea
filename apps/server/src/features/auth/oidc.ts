import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@app/shared/users/fields';
import type { AppContext } from '../../context';
import { oauthAccounts } from '../../db/schema/auth';
import { AppError } from '../../lib/http-errors';
import { findUserByEmail, findUserById, isUsernameTaken } from '../users';
import type { SessionUserRow } from '../users';
import { createAccount, grantAdminIfConfigured } from './accounts';
import { sendVerificationEmail } from './email-verification';

/** What the browser carries between the redirect to the provider and the callback (in a signed cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
  /**
   * Set when a signed-in user started the flow from the settings (connect a service): the callback
   * then links the provider account to this user instead of signing in.
   */
  linkUserId?: string;
}

/** The signed cookie that carries OidcPending, sent back only to the OIDC routes. */
export const OIDC_COOKIE = 'oidc_pending';
export const OIDC_COOKIE_PATH = '/api/auth/oidc';

/** Where the provider sends the browser back (a page of the web app that posts to /api/auth/oidc/callback). */
export const oidcRedirectUri = (publicUrl: string) => `${publicUrl}/auth/callback`;

/** The options of the pending cookie: httpOnly, signed, ten minutes. */
export function oidcCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    // Lax: the cookie must survive the top-level navigation back from the provider.
    sameSite: 'lax' as const,
    secure,
    path: OIDC_COOKIE_PATH,
    maxAge: 600,
    signed: true,
  };
}

export interface OidcClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  preferredUsername: string | undefined;
}

/**
 * Sign-in through one OpenID Connect provider (openid-client): authorization code with PKCE,
 * state and nonce. Discovery is fetched on first use and kept; a failed discovery is retried.
 */
export class OidcProvider {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly settings: { issuer: string; clientId: string; clientSecret: string | undefined; name: string },
    private readonly redirectUri: string,
  ) {}

  private async config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      // Plain http is allowed only for a provider on this machine (development and tests).
      const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      this.configuration = oidc
        .discovery(
          issuer,
          this.settings.clientId,
          this.settings.clientSecret,
          this.settings.clientSecret ? undefined : oidc.None(),
          local ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          this.configuration = null;
          throw err;
        });
    }
    return this.configuration;
  }

  /** The provider's authorization URL, and what must be kept to check its answer. */
  async begin(redirectTo: string): Promise<{ url: string; pending: OidcPending }> {
    const config = await this.config();
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: OidcPending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, redirectTo };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Checks the provider's answer (state, nonce, PKCE, ID token) and reads who signed in. */
  async finish(query: string, pending: OidcPending): Promise<OidcClaims> {
    const config = await this.config();
    const currentUrl = new URL(`${this.redirectUri}${query.startsWith('?') ? query : `?${query}`}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token');
    let info: Record<string, unknown> = claims;
    if (!claims.email) {
      // Some providers put the email only in the userinfo answer.
      info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    }
    const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
    return {
      subject: claims.sub,
      email: str(info.email)?.toLowerCase(),
      emailVerified: info.email_verified === true,
      name: str(info.name),
      preferredUsername: str(info.preferred_username),
    };
  }
}

/** A free username made from what the provider knows: letters, digits and underscores. */
async function pickUsername(ctx: Pick<AppContext, 'db'>, claims: OidcClaims): Promise<string> {
  const source = claims.preferredUsername ?? claims.email?.split('@')[0] ?? 'user';
  let base = source
    .replace(/[^A-Za-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .slice(0, USERNAME_MAX_LENGTH - 5);
  if (base.length < USERNAME_MIN_LENGTH) base = `user_${base}`.slice(0, USERNAME_MAX_LENGTH - 5);
  if (!(await isUsernameTaken(ctx.db, base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}_${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await isUsernameTaken(ctx.db, candidate))) return candidate;
  }
  throw new Error('No free username found');
}

const oauthError = (provider: string, message = AUTH_MESSAGES.oauthFailed(provider)) => new AppError(400, ERROR_CODES.OAUTH_ERROR, message);

/**
 * The local user for a provider account: the linked one; else the account with the same
 * address when both sides have verified it; else a new account. An unverified match is not
 * linked (that would let whoever typed the address first take over the provider's user).
 */
export async function userForProviderAccount(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'metrics'>,
  issuer: string,
  providerName: string,
  claims: OidcClaims,
): Promise<SessionUserRow> {
  const [linked] = await ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, issuer), eq(oauthAccounts.subject, claims.subject)))
    .limit(1);
  if (linked) {
    const user = await findUserById(ctx.db, linked.userId);
    if (user) return user;
  }
  if (!claims.email) throw oauthError(providerName, `${providerName} did not share an email address`);

  const existing = await findUserByEmail(ctx.db, claims.email);
  if (existing) {
    if (!claims.emailVerified || !existing.emailVerifiedAt)
      throw new AppError(409, ERROR_CODES.OAUTH_ERROR, AUTH_MESSAGES.oauthEmailInUse(providerName));
    await ctx.db
      .insert(oauthAccounts)
      .values({ userId: existing.id, provider: issuer, subject: claims.subject, email: claims.email })
      .onConflictDoNothing();
    return grantAdminIfConfigured(ctx.db, ctx.config.adminEmail, existing);
  }

  const username = await pickUsername(ctx, claims);
  const user = await createAccount(ctx, {
    email: claims.email,
    username,
    displayName: (claims.name ?? username).slice(0, 50),
    passwordHash: null,
    emailVerified: claims.emailVerified,
  });
  await ctx.db.insert(oauthAccounts).values({ userId: user.id, provider: issuer, subject: claims.subject, email: claims.email });
  if (!claims.emailVerified) {
    // As at signup: the account exists now, so a mail server that is down must not fail the sign-in.
    await sendVerificationEmail(ctx, user).catch(() => undefined);
  }
  return user;
}

/**
 * Links a provider account to a signed-in user (connected services): refused with 409 when that
 * provider account already belongs to another user; linking it again to the same user is a no-op.
 */
export async function linkProviderAccount(
  ctx: Pick<AppContext, 'db'>,
  issuer: string,
  userId: string,
  claims: OidcClaims,
  conflict: () => Error,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(400, ERROR_CODES.OAUTH_ERROR, AUTH_MESSAGES.sessionExpired);
  const inserted = await ctx.db
    .insert(oauthAccounts)
    .values({ userId, provider: issuer, subject: claims.subject, email: claims.email ?? null })
    .onConflictDoNothing()
    .returning({ id: oauthAccounts.id });
  if (inserted.length > 0) return;
  const [owner] = await ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, issuer), eq(oauthAccounts.subject, claims.subject)))
    .limit(1);
  if (owner?.userId !== userId) throw conflict();
}

export { oauthError };

import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeRedirectPath } from '@app/shared/app/routes';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import {
  ZAuthProviders,
  ZCurrentSession,
  ZLoginAnswer,
  ZLoginBody,
  ZOidcAuthorizeQuery,
  ZOidcCallbackAnswer,
  ZOidcCallbackBody,
  ZOk,
  ZRefreshBody,
  ZSession,
  ZSignupBody,
  ZVerifyEmailAnswer,
  ZVerifyEmailBody,
  ZForgotPasswordAnswer,
  ZForgotPasswordBody,
  ZResetPasswordBody,
  type Session,
} from '@app/shared/auth/schemas';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@app/shared/admin/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import { SECURITY_ERROR_CODES, SECURITY_MESSAGES, ZLoginTwoFactorBody, ZOidcTwoFactorChallenge } from '@app/shared/security/schemas';
import { INTEGRATION_ERROR_CODES, INTEGRATION_MESSAGES, ZOidcLinkAnswer } from '@app/shared/integrations/schemas';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { users } from '../../db/schema/users';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { bearerToken, requireAuth } from '../../plugins/auth';
import { completeLoginChallenge, startLoginChallenge, securityLimitsOf } from '../security';
import { userLanguage } from '../account';
import { findUserByEmail, findUserById, toSessionUser, type SessionUserRow } from '../users';
import { createAccount } from './accounts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './cookies';
import { confirmEmail, sendVerificationEmail } from './email-verification';
import { isKnownClient, setKnownDevice } from './known-device';
import { createAuthLimits, loginDelayMs, pairKey } from './limits';
import { failedSignInsMail, passwordResetNoticeMail } from './mails';
import { deleteOldPasswordResets, PASSWORD_RESET_MAIL_JOB, passwordResetMailJob, resetPassword } from './password-reset';
import {
  linkProviderAccount,
  OIDC_COOKIE,
  OIDC_COOKIE_PATH,
  oauthError,
  oidcCookieOptions,
  oidcRedirectUri,
  OidcProvider,
  userForProviderAccount,
  type OidcPending,
} from './oidc';
import {
  authenticateAccessToken,
  deleteExpiredTokens,
  openSession,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
  type ClientInfo,
  type IssuedTokens,
} from './sessions';

const tags = ['auth'];

/** A banned account (decision 023) may not sign in or renew its session: 403 with its own code, so the page can say why. */
const accountBanned = () => new AppError(403, ADMIN_ERROR_CODES.ACCOUNT_BANNED, ADMIN_MESSAGES.accountBanned);

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const limits = createAuthLimits(app.ctx);
  app.ctx.jobs.every('delete-expired-tokens', 60 * 60_000, () => deleteExpiredTokens(app.ctx.db));
  app.ctx.jobs.handle(PASSWORD_RESET_MAIL_JOB, passwordResetMailJob(app.ctx));
  app.ctx.jobs.every('delete-old-password-resets', 60 * 60_000, () => deleteOldPasswordResets(app.ctx));
  const refreshTtlMs = config.refreshTokenTtlDays * 24 * 60 * 60_000;
  const provider = config.oidc ? new OidcProvider(config.oidc, oidcRedirectUri(config.publicUrl)) : null;
  // Compared against when the email is unknown, so that a wrong email costs as long as a wrong password.
  const decoyHash = hashPassword('decoy-password-for-timing', config.passwordHashing);

  function answer(request: FastifyRequest, reply: FastifyReply, user: SessionUserRow, tokens: IssuedTokens): Session {
    setRefreshCookie(request, reply, tokens.refreshToken, refreshTtlMs);
    return {
      user: toSessionUser(user),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.accessExpiresAt.toISOString(),
    };
  }

  /** Opens the session of a completed sign-in, notes it for the login alerts, and answers it with the refresh cookie. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, user: SessionUserRow, method: 'password' | 'oidc') {
    const tokens = await app.ctx.db.transaction(async (tx) => {
      // The account's row is read under a share lock: a ban running now either waits for this
      // session and ends it with the others, or commits first and is seen here.
      const [account] = await tx.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, user.id)).for('share');
      if (account?.bannedAt) throw accountBanned();
      return openSession(tx, { userId: user.id, method, client: clientOf(request), refreshTtlMs });
    });
    // The login alerts (security) react to it; a failed reaction never fails the sign-in.
    await app.ctx.events.publish('user.signed_in', { userId: user.id, sessionId: tokens.sessionId, method });
    setKnownDevice(request, reply, user.id);
    return answer(request, reply, user, tokens);
  }

  /**
   * Counts a wrong password from a device or address the account has never signed in from; at
   * twice the free failures, the owner gets a mail (once per window). The mail is not waited
   * for: the answer must take as long whether the account exists or not.
   */
  async function failedFromUnknownClient(request: FastifyRequest, email: string, user: SessionUserRow | null) {
    const failures = await limits.loginFailuresPerAccount.add(email);
    if (!user || failures < 2 * config.login.maxPerAccount) return;
    if ((await limits.loginAlertPerAccount.hit(user.id)) > 0) return;
    const attempt = { count: failures, windowMinutes: Math.round(config.login.windowSeconds / 60), ip: request.ip };
    void userLanguage(app.ctx.db, user.id)
      .then((language) => app.ctx.mailer.send(failedSignInsMail(user.email, user.displayName, attempt, language)))
      .catch((err: unknown) => request.log.error({ err }, 'failed sign-ins mail not sent'));
  }

  app.post(
    '/signup',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Create an account and sign in', body: ZSignupBody, response: { 201: ZSession } },
    },
    async (request, reply) => {
      const wait = await limits.signupPerIp.hit(request.ip);
      if (wait) throw tooManyRequests(AUTH_MESSAGES.signupRateLimited, wait);
      const body = request.body;
      const user = await createAccount(app.ctx, {
        email: body.email,
        username: body.username,
        displayName: body.displayName ?? body.username,
        passwordHash: await hashPassword(body.password, config.passwordHashing),
        emailVerified: false,
        signupRef: body.ref,
      });
      // The referral program attaches the account to the code's owner (decision 017); its failure never fails the signup.
      await app.ctx.events.publish('user.signed_up', { userId: user.id, ref: body.ref ?? null, ip: request.ip });
      // The account exists now: a mail server that is down must not turn the signup into an error
      // (a retry would only meet EMAIL_TAKEN). The user can ask for a new link.
      await sendVerificationEmail(app.ctx, user, body.language).catch((err: unknown) =>
        request.log.error({ err }, 'verification email not sent'),
      );
      const tokens = await openSession(app.ctx.db, { userId: user.id, method: 'password', client: clientOf(request), refreshTtlMs });
      setKnownDevice(request, reply, user.id);
      reply.status(201);
      return answer(request, reply, user, tokens);
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Sign in with email and password. With two-factor on, the answer is a challenge ({twoFactorRequired, challengeToken, method}) and no session: complete it with /login/2fa.',
        body: ZLoginBody,
        response: { 200: ZLoginAnswer },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const ipWait = await limits.loginPerIp.hit(request.ip);
      if (ipWait) throw tooManyRequests(AUTH_MESSAGES.loginRateLimited(ipWait), ipWait);
      // Per account and address, a hard limit (decision 037). Counted before the password is
      // checked (and forgiven on success), so that simultaneous guesses can't all pass the check
      // before the first failure is recorded.
      const pair = pairKey(email, request.ip);
      const pairWait = await limits.loginFailuresPerPair.hit(pair);
      if (pairWait) throw tooManyRequests(AUTH_MESSAGES.loginRateLimited(pairWait), pairWait);

      const user = await findUserByEmail(app.ctx.db, email);
      // Per account, a slowdown for devices and addresses it has never signed in from, never a
      // refusal: a stranger's guesses can't keep the owner out. Waited before the check, so that
      // a quick answer tells nothing about the password.
      const known = await isKnownClient(app.ctx.db, request, user?.id ?? null);
      if (!known) {
        const failures = await limits.loginFailuresPerAccount.peek(email);
        const delay = loginDelayMs(failures, config.login.maxPerAccount, config.login.maxDelayMs);
        if (delay > 0) await setTimeout(delay);
      }
      const matches = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : (await verifyPassword(await decoyHash, password)) && false;
      if (!user || !matches) {
        if (!known) await failedFromUnknownClient(request, email, user);
        throw new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, AUTH_MESSAGES.invalidCredentials);
      }
      await limits.loginFailuresPerPair.reset(pair);
      // Only once the password matched: the refusal tells nothing to someone who doesn't know it.
      if (user.bannedAt) throw accountBanned();
      const challenge = await startLoginChallenge(app, user, clientOf(request));
      if (challenge) return challenge;
      return signedIn(request, reply, user, 'password');
    },
  );

  app.post(
    '/login/2fa',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Complete a sign-in with two-factor: the authenticator's code, the code sent by email or sms, or an unused backup code. A challenge lasts 5 minutes, takes 5 wrong codes and works once.",
        body: ZLoginTwoFactorBody,
        response: { 200: ZSession },
      },
    },
    async (request, reply) => {
      const ipWait = await limits.loginPerIp.hit(request.ip);
      if (ipWait) throw tooManyRequests(AUTH_MESSAGES.loginRateLimited(ipWait), ipWait);
      const { challengeToken, code } = request.body;
      // Wrong codes of every challenge of the account add up, so that new challenges don't buy new guesses.
      // Counted before the code is checked (and given back unless it was wrong), so that codes sent
      // at the same time can't all pass the limit before the first failure is recorded.
      const perUser = securityLimitsOf(app.ctx).codeFailuresPerUser;
      let counted = null as string | null;
      const result = await completeLoginChallenge(app, challengeToken, code, async (userId) => {
        const userWait = await perUser.hit(userId);
        if (userWait) throw tooManyRequests(SECURITY_MESSAGES.twoFactorLimited, userWait);
        counted = userId;
      });
      if (counted && (result.ok || result.reason !== 'invalid')) await perUser.forgive(counted);
      if (!result.ok && result.reason !== 'invalid') {
        const message = result.reason === 'too_many' ? SECURITY_MESSAGES.challengeTooManyAttempts : SECURITY_MESSAGES.challengeExpired;
        throw new AppError(401, SECURITY_ERROR_CODES.CHALLENGE_EXPIRED, message);
      }
      if (!result.ok) {
        throw new AppError(401, SECURITY_ERROR_CODES.INVALID_2FA_CODE, SECURITY_MESSAGES.invalidCode, 'code');
      }
      const user = await findUserById(app.ctx.db, result.userId);
      if (!user) throw new AppError(401, SECURITY_ERROR_CODES.CHALLENGE_EXPIRED, SECURITY_MESSAGES.challengeExpired);
      return signedIn(request, reply, user, result.signInMethod);
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Trade the refresh token (cookie or body) for a new session; the old token stops working',
        body: ZRefreshBody,
        response: { 200: ZSession },
      },
    },
    async (request, reply) => {
      const token = request.body?.refreshToken ?? refreshCookieOf(request);
      if (!token) throw unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.SESSION_EXPIRED);
      const result = await rotateRefreshToken(app.ctx.db, token, clientOf(request), refreshTtlMs);
      if (!result.ok) {
        clearRefreshCookie(request, reply);
        request.log.info({ reason: result.reason }, 'refresh refused');
        if (result.reason === 'reused') await app.ctx.events.publish('session.revoked', result.ended);
        throw unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.SESSION_EXPIRED);
      }
      // A ban ends the sessions, so this is a refresh that crossed it: refused all the same.
      if (result.user.bannedAt) {
        clearRefreshCookie(request, reply);
        throw accountBanned();
      }
      // Not awaited: the page waits for its session, not for what others make of it.
      void app.ctx.events.publish('session.refreshed', { userId: result.user.id, sessionId: result.tokens.sessionId });
      return answer(request, reply, result.user, result.tokens);
    },
  );

  app.post(
    '/logout',
    { config: { access: 'user' }, schema: { tags, summary: 'End this session', response: { 200: ZOk } } },
    async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      await revokeSession(app.ctx.db, sessionId, 'logout');
      await app.ctx.events.publish('session.revoked', { userId: user.id, sessionId });
      clearRefreshCookie(request, reply);
      return { success: true as const };
    },
  );

  app.post(
    '/force-logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Clear the refresh cookie and end any session it or the bearer token names; always succeeds',
        response: { 200: ZOk },
      },
    },
    async (request, reply) => {
      try {
        const cookieToken = refreshCookieOf(request);
        const end = async (sessionId: string) => {
          const userId = await revokeSession(app.ctx.db, sessionId, 'forced_logout');
          if (userId) await app.ctx.events.publish('session.revoked', { userId, sessionId });
        };
        const sessionId = cookieToken ? await sessionOfRefreshToken(app.ctx.db, cookieToken) : null;
        if (sessionId) await end(sessionId);
        const bearer = bearerToken(request);
        const auth = request.auth ?? (bearer ? await authenticateAccessToken(app.ctx.db, bearer, request.ip) : null);
        if (auth) await end(auth.sessionId);
      } catch (err) {
        // A forced logout is the last resort of a client that is leaving: it must not fail.
        request.log.warn({ err }, 'forced logout could not end the session');
      }
      clearRefreshCookie(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    '/session',
    { config: { access: 'user' }, schema: { tags, summary: "The bearer token's session", response: { 200: ZCurrentSession } } },
    async (request) => {
      const auth = requireAuth(request);
      return {
        user: toSessionUser(auth.user),
        accessToken: auth.accessToken,
        expiresAt: auth.expiresAt.toISOString(),
        sessionId: auth.sessionId,
      };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an email address with the token of a verification link',
        body: ZVerifyEmailBody,
        response: { 200: ZVerifyEmailAnswer },
      },
    },
    async (request) => {
      const confirmed = await confirmEmail(app.ctx, request.body.token);
      if (!confirmed) throw new AppError(400, ERROR_CODES.INVALID_TOKEN, AUTH_MESSAGES.verifyLinkInvalid, 'token');
      // The referral program confirms the referrer's bonus on it; a failed reaction never fails the verification.
      await app.ctx.events.publish('user.email_verified', { userId: confirmed.userId });
      return { success: true as const, email: confirmed.email };
    },
  );

  app.post(
    '/verify-email/resend',
    { config: { access: 'user' }, schema: { tags, summary: 'Send a new verification link', response: { 200: ZOk } } },
    async (request) => {
      const { user } = requireAuth(request);
      if (user.emailVerifiedAt) return { success: true as const };
      const wait = await limits.verificationMailPerUser.hit(user.id);
      if (wait) throw tooManyRequests(AUTH_MESSAGES.verifyResendLimited, wait);
      await sendVerificationEmail(app.ctx, user);
      return { success: true as const };
    },
  );

  app.post(
    '/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Mail a link to choose a new password (single use, one hour) to the address's account. Answers 202 {} whatever the address, as fast whether it has an account or not; at most 10 requests an hour per client address (429) and 3 mails an hour per address.",
        body: ZForgotPasswordBody,
        response: { 202: ZForgotPasswordAnswer },
      },
    },
    async (request, reply) => {
      const wait = await limits.passwordResetPerIp.hit(request.ip);
      if (wait) throw tooManyRequests(AUTH_MESSAGES.passwordResetRateLimited(wait), wait);
      const { email } = request.body;
      // Past 3 an hour the address gets no more mail, silently: a 429 here would let a stranger
      // keep the owner from asking, while the links already sent still work (decision 037).
      // The account is looked up by the job, after the answer: nothing here depends on it.
      if ((await limits.passwordResetPerAddress.hit(email)) === 0) {
        await app.ctx.jobs.enqueue(app.ctx.db, PASSWORD_RESET_MAIL_JOB, { email }, { maxAttempts: 3 });
      } else {
        request.log.info('password reset mail not sent: the address asked too often');
      }
      reply.status(202);
      return {};
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Choose a new password with the token of a reset link. The link then works no more, every session of the account ends, and the owner gets a notice. A used, expired or unknown token is 400 INVALID_TOKEN.',
        body: ZResetPasswordBody,
        response: { 200: ZOk },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const done = await resetPassword(app.ctx, token, password);
      if (!done) throw new AppError(400, ERROR_CODES.INVALID_TOKEN, AUTH_MESSAGES.resetLinkInvalid, 'token');
      // Every instance drops the account's cached sessions, and live streams end.
      await app.ctx.events.publish('session.revoked', { userId: done.userId, sessionId: null });
      clearRefreshCookie(request, reply);
      // The owner proved the address: the failures that held them back are forgotten.
      await limits.loginFailuresPerPair.reset(pairKey(done.email, request.ip));
      await limits.loginFailuresPerAccount.reset(done.email);
      await userLanguage(app.ctx.db, done.userId)
        .then((language) => app.ctx.mailer.send(passwordResetNoticeMail(done.email, done.displayName, done.at, language)))
        .catch((err: unknown) => request.log.error({ err }, 'password reset notice not sent'));
      return { success: true as const };
    },
  );

  app.get(
    '/providers',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The sign-in providers offered besides email and password', response: { 200: ZAuthProviders } },
    },
    async () => ({ oidc: provider ? { name: provider.settings.name, authorizeUrl: '/api/auth/oidc/authorize' } : null }),
  );

  app.get(
    '/oidc/authorize',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Redirect to the OIDC provider', querystring: ZOidcAuthorizeQuery },
    },
    async (request, reply) => {
      if (!provider) throw new AppError(404, ERROR_CODES.NOT_FOUND, AUTH_MESSAGES.oauthNotConfigured);
      let begun;
      try {
        begun = await provider.begin(safeRedirectPath(request.query.redirectTo));
      } catch (err) {
        request.log.error({ err }, 'OIDC discovery failed');
        return reply.redirect(`/auth/callback?error=${encodeURIComponent(AUTH_MESSAGES.oauthFailed(provider.settings.name))}`);
      }
      reply.setCookie(OIDC_COOKIE, JSON.stringify(begun.pending), oidcCookieOptions(request.protocol === 'https'));
      return reply.redirect(begun.url);
    },
  );

  app.post(
    '/oidc/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Finish the OIDC sign-in with the provider's answer (the query of /auth/callback)",
        body: ZOidcCallbackBody,
        response: { 200: z.union([ZOidcCallbackAnswer, ZOidcLinkAnswer, ZOidcTwoFactorChallenge]) },
      },
    },
    async (request, reply) => {
      if (!provider) throw new AppError(404, ERROR_CODES.NOT_FOUND, AUTH_MESSAGES.oauthNotConfigured);
      const raw = request.cookies[OIDC_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
      if (!unsigned?.valid || !unsigned.value) throw oauthError(provider.settings.name);
      let pending: OidcPending;
      try {
        pending = JSON.parse(unsigned.value) as OidcPending;
      } catch {
        throw badRequest(AUTH_MESSAGES.oauthFailed(provider.settings.name));
      }
      let claims;
      try {
        claims = await provider.finish(request.body.query, pending);
      } catch (err) {
        request.log.warn({ err }, 'OIDC callback refused');
        throw oauthError(provider.settings.name);
      }
      if (pending.linkUserId) {
        // Started from the settings by a signed-in user: link the account to them, no new session.
        await linkProviderAccount(app.ctx, provider.settings.issuer, pending.linkUserId, claims, () =>
          conflict(INTEGRATION_ERROR_CODES.SERVICE_LINKED_ELSEWHERE, INTEGRATION_MESSAGES.serviceLinkedElsewhere),
        );
        return { linked: true as const, redirectTo: safeRedirectPath(pending.redirectTo) };
      }
      const user = await userForProviderAccount(app.ctx, provider.settings.issuer, provider.settings.name, claims);
      const redirectTo = safeRedirectPath(pending.redirectTo);
      if (user.bannedAt) throw accountBanned();
      // The provider proved the first factor only: with two-factor on, the same second step as a password sign-in.
      const challenge = await startLoginChallenge(app, user, clientOf(request), 'oidc');
      if (challenge) return { ...challenge, redirectTo };
      return { ...(await signedIn(request, reply, user, 'oidc')), redirectTo };
    },
  );
};

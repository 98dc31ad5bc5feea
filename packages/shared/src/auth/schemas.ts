import { z } from 'zod';
import { evaluatePassword, PASSWORD_MAX_LENGTH } from './password-policy';
import { ROLES, TIERS } from '../users/roles';
import { requiredString, USER_FIELD_MESSAGES, ZDisplayName, ZEmail, ZUsername } from '../users/fields';
import { ZTwoFactorChallenge } from '../security/schemas';
import { LANGUAGES } from '../app/constants';

/** A new password: must pass the whole policy; the first broken rule is the message. */
export const ZNewPassword = requiredString(USER_FIELD_MESSAGES.passwordRequired).superRefine((password, ctx) => {
  const [first] = evaluatePassword(password).errors;
  if (first) ctx.addIssue({ code: 'custom', message: first });
});

/** A password being presented (login): only its presence and size are checked. */
export const ZPresentedPassword = requiredString(USER_FIELD_MESSAGES.passwordRequired)
  .min(1, USER_FIELD_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, 'Password must be no more than 128 characters long');

/** The referral code format: 6 to 10 uppercase letters or digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6,10}$/;
export const ZReferralCode = z.string().regex(REFERRAL_CODE_PATTERN, 'Invalid referral code');

export const ZSignupBody = z.object({
  email: ZEmail,
  username: ZUsername,
  password: ZNewPassword,
  displayName: ZDisplayName.optional(),
  ref: ZReferralCode.optional(),
  /** The language of the page the person signed up on: the address check's (the account's own is set in settings). */
  language: z.enum(LANGUAGES).optional(),
});
export type SignupBody = z.input<typeof ZSignupBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: ZPresentedPassword,
});
export type LoginBody = z.input<typeof ZLoginBody>;

/** The refresh token comes from the httpOnly cookie, or from this body for non-browser clients. */
export const ZRefreshBody = z.object({ refreshToken: z.string().min(1).max(256).optional() }).nullish();

export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  tier: z.enum(TIERS),
  emailVerified: z.boolean(),
  isDemo: z.boolean(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

/** What signup, login, refresh and the OAuth callback answer. `expiresAt` is the access token's expiry (ISO 8601). */
export const ZSession = z.object({
  user: ZSessionUser,
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof ZSession>;

/**
 * What POST /api/auth/login answers: a session, or, when the account has two-factor on, a
 * challenge to complete with POST /api/auth/login/2fa (no session and no cookie until then).
 */
export const ZLoginAnswer = z.union([ZSession, ZTwoFactorChallenge]);
export type LoginAnswer = z.infer<typeof ZLoginAnswer>;

/** Tells the login answers apart. */
export function isTwoFactorChallenge(answer: LoginAnswer): answer is z.infer<typeof ZTwoFactorChallenge> {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

/** GET /api/auth/session: the bearer's own session. The refresh token is never readable again. */
export const ZCurrentSession = z.object({
  user: ZSessionUser,
  accessToken: z.string(),
  expiresAt: z.string(),
  sessionId: z.string(),
});
export type CurrentSession = z.infer<typeof ZCurrentSession>;

export const ZVerifyEmailBody = z.object({
  token: z.string().min(1, 'The verification link is not valid').max(256, 'The verification link is not valid'),
});

export const ZOidcCallbackBody = z.object({
  /** The query string that the provider sent to /auth/callback, as `?code=...&state=...`. */
  query: z.string().min(1).max(8192),
});

export const ZAuthProviders = z.object({
  oidc: z.object({ name: z.string(), authorizeUrl: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof ZAuthProviders>;

export const ZOidcAuthorizeQuery = z.object({
  redirectTo: z.string().max(2048).optional(),
});

export const ZOidcCallbackAnswer = ZSession.extend({ redirectTo: z.string() });

export const ZOk = z.object({ success: z.literal(true) });

export const ZVerifyEmailAnswer = z.object({ success: z.literal(true), email: z.string() });

/** POST /api/auth/password/forgot: the address to send a reset link to (the answer is the same whether it has an account). */
export const ZForgotPasswordBody = z.object({ email: ZEmail });
export type ForgotPasswordBody = z.input<typeof ZForgotPasswordBody>;
/** The forgot answer: empty, whatever the address. */
export const ZForgotPasswordAnswer = z.object({});

/** POST /api/auth/password/reset: the token of the mailed link and the new password (the whole password policy). */
export const ZResetPasswordBody = z.object({
  token: z.string().min(1, 'The password reset link is not valid').max(256, 'The password reset link is not valid'),
  password: ZNewPassword,
});
export type ResetPasswordBody = z.input<typeof ZResetPasswordBody>;

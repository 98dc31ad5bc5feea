import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password-policy';
import { DISABLE_CODE_MAX_LENGTH, TWO_FACTOR_METHODS } from '../settings/messages';

/**
 * The contracts of the Security section (settings-and-referrals.md §2, §3, §5, §7): password change,
 * two-factor authentication, the sign-in's second step, sessions and login alerts.
 */

export const SECURITY_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Please confirm the new password',
  samePassword: 'New password must be different from the current password',
  passwordChangeLimited: 'Too many wrong passwords. Please try again later.',
  codeRequired: 'Verification code is required',
  codeTooLong: 'The code must be at most 6 characters',
  codeFormat: 'Enter the 6-digit code',
  loginCodeFormat: 'Enter the 6-digit code or a backup code',
  invalidCode: 'Invalid verification code',
  codeExpired: 'The code has expired. Please request a new one.',
  phoneRequired: 'Phone number is required for SMS',
  phoneInvalid: 'Enter the phone number in international format, such as +15551234567',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  notSetUp: 'Start the two-factor setup first',
  appHasNoCodes: 'Use the code shown in your authenticator app',
  challengeExpired: 'This sign-in attempt has expired. Please sign in again.',
  challengeTooManyAttempts: 'Too many wrong codes. Please sign in again.',
  twoFactorLimited: 'Too many wrong codes. Please try again later.',
  currentSession: 'This is the session you are using. Use Log out to end it.',
  sessionNotFound: 'Session not found',
} as const;

/** Error codes of the section besides the shared ones (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED). */
export const SECURITY_ERROR_CODES = {
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  INVALID_CURRENT_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  INVALID_2FA_CODE: 'INVALID_2FA_CODE',
  CODE_EXPIRED: 'CODE_EXPIRED',
  TWO_FACTOR_ENABLED: 'TWO_FACTOR_ENABLED',
  TWO_FACTOR_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  CHALLENGE_EXPIRED: 'CHALLENGE_EXPIRED',
  CURRENT_SESSION: 'CURRENT_SESSION',
} as const;

/** RFC 6238 as the authenticator apps read it: SHA1, 30-second steps, 6 digits, one step either side. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', period: 30, digits: 6, window: 1 } as const;
export const BACKUP_CODE_COUNT = 10;
/** A sign-in's second step: how long it lasts and how many wrong codes it takes. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
/** Codes sent by email or sms outside a sign-in (setup, disable, new backup codes). */
export const SENT_CODE_TTL_MS = 10 * 60_000;
export const SENT_CODE_MAX_ATTEMPTS = 5;

/** Six digits: a TOTP code or a code sent by email or sms. */
export const OTP_CODE_PATTERN = /^\d{6}$/;
/** Backup codes: ten characters of an alphabet without look-alikes, shown as two groups of five. */
export const BACKUP_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{5}-?[A-HJ-NP-Z2-9]{5}$/;
/** E.164: a plus, then up to 15 digits, the first not zero. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

const requiredCode = z.string({
  error: (issue) => (issue.input === undefined || issue.input === null ? SECURITY_MESSAGES.codeRequired : 'Must be text'),
});

/**
 * The code of the disable and backup-codes dialogs (§5: required, at most 6 characters): the
 * authenticator's code, or the one sent by email or sms.
 */
export const ZOtpCode = requiredCode
  .trim()
  .min(1, SECURITY_MESSAGES.codeRequired)
  .max(DISABLE_CODE_MAX_LENGTH, SECURITY_MESSAGES.codeTooLong)
  .regex(OTP_CODE_PATTERN, SECURITY_MESSAGES.codeFormat);

/** The sign-in's second step: a 6-digit code or an unused backup code (any case, dash optional). */
export const ZLoginCode = requiredCode
  .trim()
  .min(1, SECURITY_MESSAGES.codeRequired)
  .max(32, SECURITY_MESSAGES.loginCodeFormat)
  .transform((code) => code.replace(/\s+/g, '').toUpperCase())
  .refine((code) => OTP_CODE_PATTERN.test(code) || BACKUP_CODE_PATTERN.test(code), SECURITY_MESSAGES.loginCodeFormat);

// --- Password ---------------------------------------------------------------------------------

const passwordText = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text') })
    .max(PASSWORD_MAX_LENGTH, 'Password must be no more than 128 characters long');

/**
 * POST /api/user/password. The policy and the match are checked by the server in this order:
 * confirmation (PASSWORD_MISMATCH), policy (VALIDATION_ERROR on newPassword), current password.
 * `currentPassword` may be left out only by accounts that have no password yet (OIDC sign-in only).
 */
export const ZChangePasswordBody = z.object({
  currentPassword: passwordText(SECURITY_MESSAGES.currentPasswordRequired).optional(),
  newPassword: passwordText(SECURITY_MESSAGES.newPasswordRequired).min(1, SECURITY_MESSAGES.newPasswordRequired),
  confirmPassword: passwordText(SECURITY_MESSAGES.confirmPasswordRequired).min(1, SECURITY_MESSAGES.confirmPasswordRequired),
});
export type ChangePasswordBody = z.input<typeof ZChangePasswordBody>;

export const ZChangePasswordAnswer = z.object({
  success: z.literal(true),
  /** Other active sessions, so that the screen can offer to sign them out. */
  otherSessions: z.number().int().min(0),
});
export type ChangePasswordAnswer = z.infer<typeof ZChangePasswordAnswer>;

/**
 * The change-password dialog's Submit rule (§5): every field filled, the new password at least 8
 * characters with an uppercase letter, a lowercase letter and a number, and the confirmation equal.
 */
export function canSubmitPasswordChange(
  values: { currentPassword: string; newPassword: string; confirmPassword: string },
  /** False for accounts without a password yet (OIDC only): there is no current password to give. */
  needsCurrent = true,
): boolean {
  const { currentPassword, newPassword, confirmPassword } = values;
  if ((needsCurrent && !currentPassword) || !newPassword || !confirmPassword) return false;
  return (
    [...newPassword].length >= 8 &&
    /\p{Lu}/u.test(newPassword) &&
    /\p{Ll}/u.test(newPassword) &&
    /\p{Nd}/u.test(newPassword) &&
    newPassword === confirmPassword
  );
}

// --- Security settings --------------------------------------------------------------------------

export const ZTwoFactorMethod = z.enum(TWO_FACTOR_METHODS, { error: 'Choose app, sms or email' });

/** GET /api/user/settings/security (§3 security settings; sessions have their own call). */
export const ZSecuritySettings = z.object({
  twoFactorEnabled: z.boolean(),
  /** The method in use, or null while two-factor is off. */
  twoFactorMethod: ZTwoFactorMethod.nullable(),
  loginAlerts: z.boolean(),
  /** When the password was last set (the signup counts); null for accounts without a password. */
  passwordLastChanged: z.string().nullable(),
  hasPassword: z.boolean(),
  /** Unused backup codes; 0 while two-factor is off. */
  backupCodesRemaining: z.number().int().min(0),
});
export type SecuritySettings = z.infer<typeof ZSecuritySettings>;

export const ZSecuritySettingsPatch = z.strictObject({ loginAlerts: z.boolean({ error: 'loginAlerts must be true or false' }) });
export type SecuritySettingsPatch = z.infer<typeof ZSecuritySettingsPatch>;

// --- Two-factor ---------------------------------------------------------------------------------

export const ZTwoFactorSetupBody = z
  .object({
    method: ZTwoFactorMethod,
    phone: z.string().trim().max(32, SECURITY_MESSAGES.phoneInvalid).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'sms') return;
    if (!body.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: SECURITY_MESSAGES.phoneRequired });
    else if (!PHONE_PATTERN.test(body.phone.replace(/[\s()-]/g, '')))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: SECURITY_MESSAGES.phoneInvalid });
  })
  .transform((body) => ({
    method: body.method,
    phone: body.method === 'sms' && body.phone ? body.phone.replace(/[\s()-]/g, '') : null,
  }));
export type TwoFactorSetupBody = z.input<typeof ZTwoFactorSetupBody>;

/**
 * POST /api/user/2fa/setup. For every method the answer carries the TOTP secret with its QR code
 * (a PNG data URL) and otpauth URL, so that an authenticator app can be added at any time; the
 * email and sms methods also send a code at once (`codeSentTo`, masked).
 */
export const ZTwoFactorSetupAnswer = z.object({
  method: ZTwoFactorMethod,
  qrCode: z.string(),
  otpauthUrl: z.string(),
  secret: z.string(),
  /** Ten codes, shown this once. */
  backupCodes: z.array(z.string()),
  codeSentTo: z.string().nullable(),
});
export type TwoFactorSetupAnswer = z.infer<typeof ZTwoFactorSetupAnswer>;

export const ZTwoFactorCodeBody = z.object({ code: ZOtpCode });
export type TwoFactorCodeBody = z.input<typeof ZTwoFactorCodeBody>;

export const ZTwoFactorStatus = z.object({ success: z.literal(true), twoFactorEnabled: z.boolean() });

export const ZBackupCodesAnswer = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodesAnswer = z.infer<typeof ZBackupCodesAnswer>;

/** POST /api/user/2fa/send-code: a new code by email or sms for the disable and backup-codes dialogs. */
export const ZCodeSentAnswer = z.object({ success: z.literal(true), method: ZTwoFactorMethod, sentTo: z.string() });

// --- Sessions -----------------------------------------------------------------------------------

export const ZUserSession = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  /** 'Unknown' while no geolocation database is configured. */
  location: z.string(),
  lastActive: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof ZUserSession>;
export const ZUserSessions = z.array(ZUserSession);

/** A session id; any text that is no session id answers 404, as an unknown one does. */
export const ZSessionIdParams = z.object({ id: z.string().min(1).max(100) });
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ZRevokedAnswer = z.object({ revoked: z.number().int().min(0) });

// --- Sign-in's second step ----------------------------------------------------------------------

/** What POST /api/auth/login answers instead of a session when two-factor is on. */
export const ZTwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  method: ZTwoFactorMethod,
  /** For the email and sms methods: where the code went, masked ('a•••@example.com', '•••• 4567'). */
  codeSentTo: z.string().nullable(),
});
export type TwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** The OIDC callback's answer when the account has two-factor on: the challenge, and where to go after it. */
export const ZOidcTwoFactorChallenge = ZTwoFactorChallenge.extend({ redirectTo: z.string() });

export const ZLoginTwoFactorBody = z.object({
  challengeToken: z.string({ error: SECURITY_MESSAGES.challengeExpired }).min(1, SECURITY_MESSAGES.challengeExpired).max(256),
  code: ZLoginCode,
});
export type LoginTwoFactorBody = z.input<typeof ZLoginTwoFactorBody>;

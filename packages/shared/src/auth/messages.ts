/** Whole minutes to wait for a Retry-After of `seconds` (at least 1): what a person is told, never "889 s". */
export const minutesToWait = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const inMinutes = (seconds: number) => {
  const minutes = minutesToWait(seconds);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** The user-facing texts of authentication (bots-header-auth.md §8 plus what the issue adds). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Session has expired',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'Username is already taken',
  loginRateLimited: (seconds: number) => `Too many sign-in attempts. Try again in ${inMinutes(seconds)}.`,
  passwordResetRateLimited: (seconds: number) => `Too many password reset requests from this address. Try again in ${inMinutes(seconds)}.`,
  resetLinkInvalid: 'This password reset link is invalid, has expired or was already used. Ask for a new one.',
  signupRateLimited: 'Too many accounts created from this address. Please try again later.',
  verifyLinkInvalid: 'This verification link is invalid or has expired',
  verifyResendLimited: 'A verification email was sent recently. Please check your inbox.',
  logoutFailed: 'Failed to logout',
  oauthFailed: (provider: string) => `Failed to login with ${provider}`,
  oauthNotConfigured: 'OAuth provider not supported',
  oauthEmailInUse: (provider: string) =>
    `An account with this email already exists. Sign in with your password, then connect ${provider} in settings.`,
  unknown: 'An error occurred',
} as const;

/** The refresh cookie's name; the web never reads it (it is httpOnly), it only needs to know it exists. */
export const REFRESH_COOKIE = 'refresh_token';

import type { AppContext } from '../../context';
import { Limiter } from '../../lib/limiter';

/** A window counter that never refuses: its count is read, not enforced. */
const UNBOUNDED = 1_000_000_000;

/**
 * The limits that guard sign-in, sign-up and the password reset against guessing and mass mail
 * (decision 037). Failed sign-ins are counted by the typed email (whether or not it has an
 * account, so that no answer tells anything about it): per account and address, a hard limit;
 * per account, only a count, which slows down sign-ins from unknown devices and mails the owner.
 */
export interface AuthLimits {
  loginPerIp: Limiter;
  loginFailuresPerPair: Limiter;
  /** Wrong passwords per account from devices and addresses it has never signed in from. */
  loginFailuresPerAccount: Limiter;
  /** One failed-attempts mail per account and window. */
  loginAlertPerAccount: Limiter;
  signupPerIp: Limiter;
  verificationMailPerUser: Limiter;
  passwordResetPerIp: Limiter;
  passwordResetPerAddress: Limiter;
}

/** The key of an account and a client address together. */
export const pairKey = (email: string, ip: string) => `${ip}|${email}`;

export function createAuthLimits(ctx: Pick<AppContext, 'config' | 'redis'>): AuthLimits {
  const { config, redis } = ctx;
  const prefix = `${config.redisPrefix}auth:`;
  const window = config.login.windowSeconds;
  const limiter = (name: string, points: number, durationSeconds: number) =>
    new Limiter({ redis, keyPrefix: `${prefix}${name}`, points, durationSeconds });
  return {
    loginPerIp: limiter('login-ip', config.login.maxPerIp, window),
    loginFailuresPerPair: limiter('login-pair', config.login.maxPerAccount, window),
    loginFailuresPerAccount: limiter('login-acct', UNBOUNDED, window),
    loginAlertPerAccount: limiter('login-alert', 1, window),
    signupPerIp: limiter('signup-ip', config.login.signupMaxPerIp, 3600),
    verificationMailPerUser: limiter('verify-mail', 3, 600),
    passwordResetPerIp: limiter('reset-ip', 10, 3600),
    passwordResetPerAddress: limiter('reset-addr', 3, 3600),
  };
}

/**
 * How long a sign-in from an unknown device waits, given the account's recent failures from such
 * devices: nothing up to `free` failures, then 250 ms doubling with each failure, at most `maxMs`.
 * A slowdown, never a refusal: the owner with the right password always gets in.
 */
export function loginDelayMs(failures: number, free: number, maxMs: number): number {
  if (failures < free) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(failures - free, 20));
}

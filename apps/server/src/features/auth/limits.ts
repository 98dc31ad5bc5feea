import type { AppContext } from '../../context';
import { Limiter } from '../../lib/limiter';

/**
 * The limits that guard sign-in and sign-up against password guessing and mass signups.
 * Failed logins are counted per account (whether or not it exists, so that a 429 tells
 * nothing about it) and every attempt per client address.
 */
export interface AuthLimits {
  loginPerIp: Limiter;
  loginFailuresPerAccount: Limiter;
  signupPerIp: Limiter;
  verificationMailPerUser: Limiter;
}

export function createAuthLimits(ctx: Pick<AppContext, 'config' | 'redis'>): AuthLimits {
  const { config, redis } = ctx;
  const prefix = `${config.redisPrefix}auth:`;
  const window = config.login.windowSeconds;
  return {
    loginPerIp: new Limiter({ redis, keyPrefix: `${prefix}login-ip`, points: config.login.maxPerIp, durationSeconds: window }),
    loginFailuresPerAccount: new Limiter({
      redis,
      keyPrefix: `${prefix}login-acct`,
      points: config.login.maxPerAccount,
      durationSeconds: window,
    }),
    signupPerIp: new Limiter({ redis, keyPrefix: `${prefix}signup-ip`, points: config.login.signupMaxPerIp, durationSeconds: 3600 }),
    verificationMailPerUser: new Limiter({ redis, keyPrefix: `${prefix}verify-mail`, points: 3, durationSeconds: 600 }),
  };
}

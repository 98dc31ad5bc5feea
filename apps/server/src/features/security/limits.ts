import type { AppContext } from '../../context';
import { Limiter } from '../../lib/limiter';

/**
 * The limits of the security calls. One set per app, shared by the settings routes and the
 * sign-in's second step (in process, or in Redis so that every instance shares the counts).
 */
export interface SecurityLimits {
  /** Wrong current passwords in the change-password dialog, per user. */
  passwordChangePerUser: Limiter;
  /** Wrong second-factor codes, per user, in the settings dialogs and at sign-in together. */
  codeFailuresPerUser: Limiter;
  /** Codes sent by email or sms, per user (each costs a message). */
  codesSentPerUser: Limiter;
}

const made = new WeakMap<object, SecurityLimits>();

export function securityLimitsOf(ctx: Pick<AppContext, 'config' | 'redis'>): SecurityLimits {
  let limits = made.get(ctx);
  if (!limits) {
    const { config, redis } = ctx;
    const prefix = `${config.redisPrefix}security:`;
    const window = config.login.windowSeconds;
    limits = {
      passwordChangePerUser: new Limiter({
        redis,
        keyPrefix: `${prefix}password`,
        points: config.login.maxPerAccount,
        durationSeconds: window,
      }),
      // Ten: a sign-in allows five wrong codes per challenge, so two challenges' worth, then a pause.
      codeFailuresPerUser: new Limiter({ redis, keyPrefix: `${prefix}code-fail`, points: 10, durationSeconds: window }),
      codesSentPerUser: new Limiter({ redis, keyPrefix: `${prefix}code-sent`, points: 5, durationSeconds: 600 }),
    };
    made.set(ctx, limits);
  }
  return limits;
}

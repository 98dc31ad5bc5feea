import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * A counter of attempts per key over a fixed window (rate-limiter-flexible underneath): in this
 * process, or in Redis so that every instance shares the count.
 */
export class Limiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(opts: { redis: Redis | null; keyPrefix: string; points: number; durationSeconds: number }) {
    const base = { keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds };
    // While Redis is unreachable, each instance counts in its own memory (limits per instance
    // rather than none, and no request fails or waits for Redis).
    this.limiter = opts.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: opts.redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(base),
        })
      : new RateLimiterMemory(base);
  }

  /** Counts one attempt; answers the seconds to wait when the limit was already reached, else 0. */
  async hit(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }

  /** The seconds to wait when the limit is reached, without counting an attempt; else 0. */
  async blockedFor(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    if (!res || res.remainingPoints > 0) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  /** Gives back one attempt counted by `hit` (an attempt counted before its check that turned out good). */
  async forgive(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  /**
   * Counts one event and answers how many the window holds now, this one included. For a counter
   * that never refuses (create it with `points` above any count it should see).
   */
  async add(key: string): Promise<number> {
    try {
      return (await this.limiter.consume(key)).consumedPoints;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.consumedPoints;
      throw err;
    }
  }

  /** How many events the window holds, without counting one. */
  async peek(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

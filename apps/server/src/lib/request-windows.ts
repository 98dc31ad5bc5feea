import type { Redis } from 'ioredis';

/** A request's place in its key's current window: the count with it included, and when the window ends (epoch ms). */
export interface Counted {
  count: number;
  resetAt: number;
}

/**
 * Requests counted per key over fixed windows, for a ceiling such as the API's per address
 * (plugins/rate-limit.ts). `take` answers synchronously whenever it can: it runs on every request.
 */
export interface RequestWindows {
  take(key: string): Counted | Promise<Counted>;
  close(): void;
}

/** At most this many keys are held in memory; past it the oldest window is dropped (a flood of addresses can't fill the heap). */
const MAX_KEYS = 100_000;

/** Fixed windows counted in this process. */
export class MemoryWindows implements RequestWindows {
  private readonly windows = new Map<string, Counted>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    // Ended windows are dropped once a window, so that the map holds only the keys seen lately.
    this.sweep = setInterval(() => dropEnded(this.windows), windowMs);
    this.sweep.unref();
  }

  take(key: string): Counted {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.delete(key);
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetAt: window.resetAt };
  }

  close(): void {
    clearInterval(this.sweep);
    this.windows.clear();
  }
}

function dropEnded(windows: Map<string, { resetAt: number }>): void {
  const now = Date.now();
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

/**
 * Takes `ARGV[1]` places at once in a key's window (created with a life of `ARGV[2]` ms by its
 * first take); answers the count after them and the window's remaining life in ms.
 */
const LEASE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

type LeasingRedis = Redis & { leaseWindowPlaces(key: string, places: number, windowMs: number): Promise<[number, number]> };

/** Places in a key's window that this instance took from Redis and hands out one request at a time. */
interface Lease {
  next: number;
  last: number;
  size: number;
  resetAt: number;
  /** The block being taken: true when the call failed. */
  renewing: Promise<boolean> | null;
}

/**
 * Fixed windows counted in Redis, shared by every instance, without a Redis round trip per request.
 *
 * Each instance takes places in a key's window in blocks (one INCRBY) and numbers its requests from
 * its block: a request's count is its place in the shared window, so no two requests anywhere get
 * the same one, and no more than `max` requests are ever let through in a window, however many
 * instances there are. A key's first block is one place; a key that uses up its block within the
 * window takes twice as many the next time, up to `max / 50`. The price: places an instance took
 * and did not use are lost for the window, so with k instances a client may be refused up to
 * (k - 1) × (`max / 50` - 1) requests early (none at all for a ceiling under 100: every block is
 * one place). Once a block reached past the ceiling, the window's later requests are refused here
 * without a call.
 * A busy client costs one Redis call per block instead of one per request (decision 024).
 *
 * When Redis fails, the requests are counted in this process instead (`fallback`) for a second
 * before Redis is asked again: a ceiling per instance rather than none, and no request waits on a
 * Redis that answers errors slowly.
 */
export class LeasedRedisWindows implements RequestWindows {
  private readonly leases = new Map<string, Lease>();
  private readonly maxLease: number;
  private readonly redis: LeasingRedis;
  private readonly sweep: NodeJS.Timeout;
  /** After a failed call, Redis is left alone until then (epoch ms): the requests meanwhile are counted here. */
  private downUntil = 0;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly max: number,
    private readonly fallback: RequestWindows,
  ) {
    this.maxLease = Math.max(1, Math.floor(max / 50));
    if (!('leaseWindowPlaces' in redis)) redis.defineCommand('leaseWindowPlaces', { numberOfKeys: 1, lua: LEASE_SCRIPT });
    this.redis = redis as LeasingRedis;
    this.sweep = setInterval(() => dropEnded(this.leases), windowMs);
    this.sweep.unref();
  }

  take(key: string): Counted | Promise<Counted> {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (lease && lease.resetAt > now) {
      if (lease.next <= lease.last) return { count: lease.next++, resetAt: lease.resetAt };
      // Places past the ceiling were handed out already: every later one in this window is too,
      // so the refusal needs no call.
      if (lease.last > this.max) {
        lease.next = ++lease.last + 1;
        return { count: lease.last, resetAt: lease.resetAt };
      }
      // Used up: the request waits for the block being taken (counted here if that failed), or takes the next one.
      if (lease.renewing) return lease.renewing.then((failed) => (failed ? this.fallback.take(key) : this.take(key)));
    }
    if (now < this.downUntil) return this.fallback.take(key);
    return this.renew(key, lease, now);
  }

  private renew(key: string, old: Lease | undefined, now: number): Promise<Counted> {
    const current = old !== undefined && old.resetAt > now;
    const lease: Lease = current ? old : { next: 1, last: 0, size: 0, resetAt: now + this.windowMs, renewing: null };
    const size = current && old.size > 0 ? Math.min(this.maxLease, old.size * 2) : 1;
    if (!current) this.leases.set(key, lease);
    const asked: Promise<boolean> = this.redis.leaseWindowPlaces(`${this.prefix}${key}`, size, this.windowMs).then(
      ([total, ttl]) => {
        lease.next = total - size + 1;
        lease.last = total;
        lease.size = size;
        // From when the call left, so that the block never outlives the window in Redis.
        lease.resetAt = now + Number(ttl);
        return false;
      },
      () => {
        // Redis failed: nothing is held; this request and those waiting are counted here, and so
        // is every request for the next second, without asking Redis again.
        lease.next = 1;
        lease.last = 0;
        lease.size = 0;
        this.downUntil = Date.now() + 1_000;
        return true;
      },
    );
    lease.renewing = asked;
    return asked.then((failed) => {
      if (lease.renewing === asked) lease.renewing = null;
      return failed ? this.fallback.take(key) : this.take(key);
    });
  }

  close(): void {
    clearInterval(this.sweep);
    this.leases.clear();
  }
}

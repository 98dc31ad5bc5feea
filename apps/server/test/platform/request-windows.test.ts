import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LeasedRedisWindows, MemoryWindows, type Counted } from '../../src/lib/request-windows';
import { clientKey } from '../../src/plugins/rate-limit';
import { redisAvailable, startRedis } from '../helpers/redis';

/**
 * The API ceiling's counters (plugins/rate-limit.ts, decision 024): in this process, and in Redis
 * shared by instances, where each instance takes places in a window in blocks.
 */

const counts = async (taken: (Counted | Promise<Counted>)[]) => (await Promise.all(taken)).map((c) => c.count);

describe('MemoryWindows', () => {
  afterEach(() => vi.useRealTimers());

  it('counts each key on its own and starts again when the window ends', () => {
    vi.useFakeTimers();
    const windows = new MemoryWindows(1_000);
    expect([1, 2, 3].map(() => windows.take('a').count)).toEqual([1, 2, 3]);
    expect(windows.take('b').count).toBe(1);
    const { resetAt } = windows.take('a');
    expect(resetAt - Date.now()).toBe(1_000);
    vi.advanceTimersByTime(1_000);
    expect(windows.take('a').count).toBe(1);
    windows.close();
  });
});

/** A stand-in for the Redis client: answers each block ask with `answer` (the count after it and the window's life), or fails after a delay. */
function fakeRedis(answer: (places: number) => Promise<[number, number]>) {
  const leaseWindowPlaces = vi.fn((_key: string, places: number) => answer(places));
  return { client: { leaseWindowPlaces } as unknown as Redis, leaseWindowPlaces };
}

describe('LeasedRedisWindows, with a stand-in Redis', () => {
  it('counts in memory the requests that waited on a block Redis failed to give, without asking again for a second', async () => {
    const { client, leaseWindowPlaces } = fakeRedis(() =>
      sleep(20).then(() => Promise.reject(new Error('READONLY You cannot write against a read only replica.'))),
    );
    const windows = new LeasedRedisWindows(client, 'p:', 60_000, 600, new MemoryWindows(60_000));
    const started = Date.now();
    expect((await counts(Array.from({ length: 20 }, () => windows.take('k')))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(Date.now() - started).toBeLessThan(200);
    expect(leaseWindowPlaces).toHaveBeenCalledTimes(1);
    expect((await windows.take('k')).count).toBe(21);
    expect((await windows.take('other')).count).toBe(1);
    expect(leaseWindowPlaces).toHaveBeenCalledTimes(1);
    windows.close();
  });

  it('refuses without a call once its block reached past the ceiling', async () => {
    let total = 0;
    const { client, leaseWindowPlaces } = fakeRedis(async (places) => [(total += places), 60_000]);
    const windows = new LeasedRedisWindows(client, 'p:', 60_000, 5, new MemoryWindows(60_000));
    expect(await counts(Array.from({ length: 10 }, () => windows.take('k')))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Places 1 to 6 came from Redis, one at a time (a ceiling under 100); 7 to 10 are refused here.
    expect(leaseWindowPlaces).toHaveBeenCalledTimes(6);
    windows.close();
  });
});

describe('clientKey', () => {
  it('keeps IPv4, counts an IPv6 /64 as one client and a mapped IPv4 as its IPv4', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });
});

describe.skipIf(!redisAvailable)('LeasedRedisWindows', () => {
  let redisServer: Awaited<ReturnType<typeof startRedis>>;
  const clients: Redis[] = [];
  const open: LeasedRedisWindows[] = [];

  beforeAll(async () => {
    redisServer = await startRedis();
  });
  afterAll(() => {
    for (const w of open) w.close();
    for (const c of clients) c.disconnect();
    redisServer.close();
  });

  /** `n` instances' counters on one Redis, each with a client of its own, under a fresh prefix. */
  function instances(n: number, max: number, windowMs = 60_000) {
    const prefix = `test:rl:${randomUUID()}:`;
    return Array.from({ length: n }, () => {
      const client = new Redis(redisServer.url, { enableAutoPipelining: true, maxRetriesPerRequest: 1 });
      clients.push(client);
      const windows = new LeasedRedisWindows(client, prefix, windowMs, max, new MemoryWindows(windowMs));
      open.push(windows);
      return { client, windows };
    });
  }

  it('under a ceiling of 100, two instances count one place at a time: the same total as one', async () => {
    const [a, b] = instances(2, 20);
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) seen.push((await (i % 2 ? b! : a!).windows.take('client')).count);
    expect(seen.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(seen.slice(20).every((count) => count > 20)).toBe(true);
  });

  it('never lets more than the ceiling through, however the requests of 20 at once fall on three instances', async () => {
    const max = 1_000; // blocks of up to 20 places
    const three = instances(3, max);
    const taken = Array.from({ length: 3_000 }, (_, i) => three[(i * 7) % 3]!.windows.take('busy'));
    const all = await counts(taken);
    // Every request let through has a place of its own in the shared window.
    const within = all.filter((c) => c <= max);
    expect(new Set(within).size).toBe(within.length);
    const allowed = within.length;
    expect(allowed).toBeLessThanOrEqual(max);
    // Places an instance took and did not use are lost: at most a block's worth per instance.
    expect(allowed).toBeGreaterThanOrEqual(max - 3 * 19);
  });

  it('asks Redis once per block, and the blocks of a busy client grow', async () => {
    const [one] = instances(1, 100_000); // blocks of up to 2,000 places
    const lease = vi.spyOn(
      one!.client as Redis & { leaseWindowPlaces: (key: string, places: number) => Promise<unknown> },
      'leaseWindowPlaces',
    );
    const all: number[] = [];
    for (let i = 0; i < 5_000; i++) all.push((await one!.windows.take('reader')).count);
    expect(all).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
    // 1 + 2 + 4 + … + 1,024 + 2,000 + 2,000 ≥ 5,000: thirteen round trips, not 5,000.
    // (ioredis's auto-pipeline calls the command again on its pipeline: only the client's own calls count.)
    const sizes = lease.mock.calls.filter((_, i) => lease.mock.contexts[i] === one!.client).map((args) => args[1]);
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1_024, 2_000, 2_000]);
  });

  it('starts a new window when the shared one ends', async () => {
    const [a, b] = instances(2, 10, 300);
    // One after another: asked at once, two clients' calls may reach Redis in either order.
    const first: number[] = [];
    for (const instance of [a!, b!, a!]) first.push((await instance.windows.take('k')).count);
    expect(first).toEqual([1, 2, 3]);
    await sleep(350);
    expect((await b!.windows.take('k')).count).toBe(1);
    expect((await a!.windows.take('k')).count).toBe(2);
  });

  it('counts in this process while Redis is unreachable, and answers at once', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    clients.push(down);
    const windows = new LeasedRedisWindows(down, 'test:down:', 60_000, 5, new MemoryWindows(60_000));
    open.push(windows);
    const started = Date.now();
    expect(await counts(Array.from({ length: 7 }, () => windows.take('x')))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

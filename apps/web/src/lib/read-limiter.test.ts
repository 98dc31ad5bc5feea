import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './read-limiter';

/** A clock that only moves when the limiter sleeps, so the tests take no real time. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => (now += ms),
    sleeps,
  };
}

describe('SlidingWindowLimiter', () => {
  it('lets the first `limit` calls through without waiting', async () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter(50, 60_000, clock.now, clock.sleep);
    for (let i = 0; i < 50; i++) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    expect(limiter.remaining()).toBe(0);
  });

  it('makes the 51st call wait until the first leaves the 60 s window', async () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter(50, 60_000, clock.now, clock.sleep);
    for (let i = 0; i < 50; i++) {
      await limiter.acquire();
      clock.advance(100);
    }
    // The first call started at 0 and the clock is at 5000: the next may start at 60000.
    await limiter.acquire();
    expect(clock.sleeps).toEqual([55_000]);
    expect(clock.now()).toBe(60_000);
  });

  it('never allows more than `limit` starts in any window', async () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter(3, 1_000, clock.now, clock.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.acquire();
      starts.push(clock.now());
      clock.advance(50);
    }
    for (const start of starts) {
      expect(starts.filter((s) => s >= start && s < start + 1_000).length).toBeLessThanOrEqual(3);
    }
  });
});

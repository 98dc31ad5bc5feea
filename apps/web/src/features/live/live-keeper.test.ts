import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveKeeper } from './live-keeper';

/** A stand-in for the live client: counts the streams opened and stopped. */
function streams() {
  const log = { opened: 0, stopped: 0 };
  const start = () => {
    log.opened++;
    return { stop: () => void log.stopped++ };
  };
  return { log, start };
}

describe('one live stream per tab (features/live)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the open stream when its holder lets go and holds again at once (a remount, an effect run again)', () => {
    const keeper = liveKeeper();
    const { log, start } = streams();
    const release = keeper.hold('u1', start);
    release();
    const again = keeper.hold('u1', start);
    vi.runAllTimers();
    expect(log).toEqual({ opened: 1, stopped: 0 });
    again();
    vi.runAllTimers();
    expect(log).toEqual({ opened: 1, stopped: 1 });
  });

  it('opens one stream for two holders, and stops it once the last lets go', () => {
    const keeper = liveKeeper();
    const { log, start } = streams();
    const a = keeper.hold('u1', start);
    const b = keeper.hold('u1', start);
    a();
    a();
    vi.runAllTimers();
    expect(log).toEqual({ opened: 1, stopped: 0 });
    b();
    vi.runAllTimers();
    expect(log).toEqual({ opened: 1, stopped: 1 });
  });

  it("stops a user's stream at once when another user's is held, and a late release leaves the new one open", () => {
    const keeper = liveKeeper();
    const { log, start } = streams();
    const first = keeper.hold('u1', start);
    const second = keeper.hold('u2', start);
    expect(log).toEqual({ opened: 2, stopped: 1 });
    first();
    vi.runAllTimers();
    expect(log).toEqual({ opened: 2, stopped: 1 });
    second();
    vi.runAllTimers();
    expect(log).toEqual({ opened: 2, stopped: 2 });
  });

  it('opens a new stream after the last one was stopped (signed out, then in again)', () => {
    const keeper = liveKeeper();
    const { log, start } = streams();
    keeper.hold('u1', start)();
    vi.runAllTimers();
    keeper.hold('u1', start);
    expect(log).toEqual({ opened: 2, stopped: 1 });
  });
});

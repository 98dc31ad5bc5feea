import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { availabilityOf, createAvailabilityChecker, needsCheck, type Availability, type UsernameCheck } from './username-availability';

describe('needsCheck', () => {
  it('skips empty values, the current name in any case, and malformed names', () => {
    expect(needsCheck('', 'alice')).toBe(false);
    expect(needsCheck('   ', 'alice')).toBe(false);
    expect(needsCheck('alice', 'alice')).toBe(false);
    expect(needsCheck(' ALICE ', 'alice')).toBe(false);
    expect(needsCheck('a b', 'alice')).toBe(false);
    expect(needsCheck('ab', 'alice')).toBe(false);
    expect(needsCheck('alice_2', 'alice')).toBe(true);
  });
});

describe('availabilityOf', () => {
  it('maps answers to available or taken, and a failure to unknown', () => {
    expect(availabilityOf({ available: true })).toBe('available');
    expect(availabilityOf({ available: false })).toBe('taken');
    expect(availabilityOf(new Error('Network error'))).toBe('unknown');
  });
});

describe('createAvailabilityChecker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (check: UsernameCheck, delay = 300) => {
    const states: Availability[] = [];
    const checker = createAvailabilityChecker(check, delay, (a) => states.push(a));
    return { checker, states, now: () => states.at(-1) ?? 'unknown' };
  };

  it('goes checking at once, then taken or available after the pause, asking once per settled value', async () => {
    const check = vi.fn<UsernameCheck>(async (name) => ({ available: name !== 'taken_name' }));
    const { checker, now } = setup(check);
    checker.update('alice', 'alice');
    expect(now()).toBe('unknown');

    checker.update('taken_nam', 'alice');
    expect(now()).toBe('checking');
    checker.update('taken_name', 'alice');
    await vi.advanceTimersByTimeAsync(299);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('taken_name', expect.any(AbortSignal));
    expect(now()).toBe('taken');

    checker.update(' free_name ', 'alice');
    expect(now()).toBe('checking');
    await vi.advanceTimersByTimeAsync(300);
    expect(check).toHaveBeenLastCalledWith('free_name', expect.any(AbortSignal));
    expect(now()).toBe('available');

    // Back to the current name, or empty: no check, unknown.
    checker.update('Alice', 'alice');
    expect(now()).toBe('unknown');
    checker.update('', 'alice');
    await vi.advanceTimersByTimeAsync(1000);
    expect(now()).toBe('unknown');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('a failed check clears the indicator to unknown', async () => {
    const { checker, states } = setup(async () => {
      throw new Error('Failed to check username');
    }, 100);
    checker.update('bob_123', 'alice');
    await vi.advanceTimersByTimeAsync(100);
    expect(states).toEqual(['checking', 'unknown']);
  });

  it('drops and aborts a check whose value changed before it answered', async () => {
    let resolveFirst: (v: { available: boolean }) => void = () => {};
    const signals: AbortSignal[] = [];
    const check = vi
      .fn<UsernameCheck>()
      .mockImplementationOnce((_name, signal) => {
        signals.push(signal);
        return new Promise((resolve) => (resolveFirst = resolve));
      })
      .mockImplementation(async () => ({ available: true }));
    const { checker, states } = setup(check, 100);
    checker.update('first_name', 'alice');
    await vi.advanceTimersByTimeAsync(100);
    checker.update('second_name', 'alice');
    expect(signals[0]?.aborted).toBe(true);
    resolveFirst({ available: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['checking']);
    await vi.advanceTimersByTimeAsync(100);
    expect(states).toEqual(['checking', 'available']);
  });

  it('dispose stops a pending check', async () => {
    const check = vi.fn<UsernameCheck>(async () => ({ available: true }));
    const { checker, states } = setup(check, 100);
    checker.update('pending_1', 'alice');
    checker.dispose();
    await vi.advanceTimersByTimeAsync(500);
    expect(check).not.toHaveBeenCalled();
    expect(states).toEqual(['checking']);
  });
});

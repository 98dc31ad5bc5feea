import { useEffect, useState } from 'react';
import { USERNAME_CHECK_DEBOUNCE_MS, ZUsernameCheck } from '@app/shared/account/schemas';
import { ZUsername } from '@app/shared/users/fields';
import { api } from '@/lib/api-client';

/** The live indicator of settings-and-referrals.md §4: unknown, checking, available, taken. */
export type Availability = 'unknown' | 'checking' | 'available' | 'taken';

/**
 * Whether a username needs a check at all: not when empty, not when it is the current name
 * (in any case: the server treats it as the same name), not when its format is wrong (the field
 * shows that error instead, and the server would answer 400).
 * @example needsCheck('alice', 'Alice') // → false
 */
export function needsCheck(value: string, current: string): boolean {
  const name = value.trim();
  if (name === '' || name.toLowerCase() === current.trim().toLowerCase()) return false;
  return ZUsername.safeParse(name).success;
}

/** The state after a check answered: a failed check gives unknown (§8: it clears the indicator). */
export function availabilityOf(result: { available: boolean } | Error): Availability {
  if (result instanceof Error) return 'unknown';
  return result.available ? 'available' : 'taken';
}

export type UsernameCheck = (username: string, signal: AbortSignal) => Promise<{ available: boolean }>;

/**
 * The indicator's state machine, apart from React: `update` on every keystroke; it goes to
 * checking at once and asks `check` once the typing has paused for `delayMs`. An answer for a
 * value that has since changed is dropped, and its request aborted.
 */
export function createAvailabilityChecker(check: UsernameCheck, delayMs: number, onChange: (a: Availability) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let last: Availability = 'unknown';
  const emit = (a: Availability) => {
    if (a === last) return;
    last = a;
    onChange(a);
  };
  const cancel = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = undefined;
  };
  return {
    update(value: string, current: string) {
      cancel();
      if (!needsCheck(value, current)) return emit('unknown');
      emit('checking');
      const mine = new AbortController();
      controller = mine;
      timer = setTimeout(() => {
        check(value.trim(), mine.signal).then(
          (result) => !mine.signal.aborted && emit(availabilityOf(result)),
          () => !mine.signal.aborted && emit('unknown'),
        );
      }, delayMs);
    },
    dispose: cancel,
  };
}

const checkOnServer: UsernameCheck = (username, signal) =>
  api(`/api/user/username/check?username=${encodeURIComponent(username)}`, { schema: ZUsernameCheck, signal });

/** The availability of `value` as the user types (see createAvailabilityChecker). */
export function useUsernameAvailability(value: string, current: string): Availability {
  const [availability, setAvailability] = useState<Availability>('unknown');
  const [checker] = useState(() => createAvailabilityChecker(checkOnServer, USERNAME_CHECK_DEBOUNCE_MS, setAvailability));
  useEffect(() => checker.update(value, current), [checker, value, current]);
  useEffect(() => () => checker.dispose(), [checker]);
  return availability;
}

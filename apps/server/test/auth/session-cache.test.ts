import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/schema/users';
import { SessionCache, type CachedSession } from '../../src/features/auth/session-cache';

const TTL = 5_000;
const HOUR = 3_600_000;

/** A cache on a clock the test moves. */
function cacheAt(start = 1_000_000, opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: start };
  const cache = new SessionCache({ ttlMs: opts.ttlMs ?? TTL, maxEntries: opts.maxEntries ?? 100, now: () => clock.now });
  return { cache, clock };
}

function session(userId: string, sessionId: string, expiresAt: number): CachedSession {
  return {
    user: { id: userId } as UserRow,
    sessionId,
    expiresAt: new Date(expiresAt),
    sessionExpiresAt: new Date(expiresAt + HOUR),
    lastActiveAt: 0,
  };
}

describe('session cache', () => {
  it('answers a remembered token until its TTL is over, then forgets it', () => {
    const { cache, clock } = cacheAt();
    const found = session('u1', 's1', clock.now + HOUR);
    cache.remember('hash-1', found, cache.ticket());
    expect(cache.get('hash-1')).toBe(found);
    expect(cache.get('hash-2')).toBeNull();

    clock.now += TTL - 1;
    expect(cache.get('hash-1')).toBe(found);
    clock.now += 1;
    expect(cache.get('hash-1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never answers past the access token’s or the session’s own expiry, even within the TTL', () => {
    const { cache, clock } = cacheAt();
    cache.remember('hash-1', session('u1', 's1', clock.now + 1_000), cache.ticket());
    cache.remember('hash-2', { ...session('u1', 's2', clock.now + HOUR), sessionExpiresAt: new Date(clock.now + 2_000) }, cache.ticket());
    clock.now += 1_000;
    expect(cache.get('hash-1')).toBeNull();
    expect(cache.get('hash-2')).not.toBeNull();
    clock.now += 1_000;
    expect(cache.get('hash-2')).toBeNull();
  });

  it('drops the tokens of one session, and keeps the user’s other sessions', () => {
    const { cache, clock } = cacheAt();
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), cache.ticket());
    cache.remember('a2', session('u1', 's1', clock.now + HOUR), cache.ticket());
    cache.remember('b1', session('u1', 's2', clock.now + HOUR), cache.ticket());
    cache.remember('c1', session('u2', 's3', clock.now + HOUR), cache.ticket());

    cache.forgetSession('u1', 's1');
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('a2')).toBeNull();
    expect(cache.get('b1')?.sessionId).toBe('s2');
    expect(cache.get('c1')?.sessionId).toBe('s3');
  });

  it('drops every session of a user, and only that user’s', () => {
    const { cache, clock } = cacheAt();
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), cache.ticket());
    cache.remember('b1', session('u1', 's2', clock.now + HOUR), cache.ticket());
    cache.remember('c1', session('u2', 's3', clock.now + HOUR), cache.ticket());

    cache.forgetUser('u1');
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('b1')).toBeNull();
    expect(cache.get('c1')?.sessionId).toBe('s3');
    expect(cache.size).toBe(1);
  });

  it('does not keep what a lookup read before its user was invalidated (it may predate the change)', () => {
    const { cache, clock } = cacheAt();
    const ticket = cache.ticket(); // the lookup starts reading…
    cache.forgetSession('u1', 's1'); // …the session ends meanwhile…
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), ticket); // …and what it read arrives
    expect(cache.get('a1')).toBeNull();

    // Another user's invalidation does not stop it; a lookup begun afterwards is kept.
    const other = cache.ticket();
    cache.forgetUser('u9');
    cache.remember('c1', session('u2', 's3', clock.now + HOUR), other);
    expect(cache.get('c1')).not.toBeNull();
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), cache.ticket());
    expect(cache.get('a1')).not.toBeNull();
  });

  it('does not keep what a lookup read before everything was cleared', () => {
    const { cache, clock } = cacheAt();
    const ticket = cache.ticket();
    cache.clear();
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), ticket);
    expect(cache.get('a1')).toBeNull();
  });

  it('holds at most maxEntries tokens, dropping the oldest first', () => {
    const { cache, clock } = cacheAt(1_000_000, { maxEntries: 2 });
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), cache.ticket());
    cache.remember('b1', session('u2', 's2', clock.now + HOUR), cache.ticket());
    cache.remember('c1', session('u3', 's3', clock.now + HOUR), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('b1')).not.toBeNull();
    expect(cache.get('c1')).not.toBeNull();
    // The dropped user's index went with it: forgetting them touches nobody else.
    cache.forgetUser('u1');
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with a TTL of 0 (the cache off)', () => {
    const { cache, clock } = cacheAt(1_000_000, { ttlMs: 0 });
    cache.remember('a1', session('u1', 's1', clock.now + HOUR), cache.ticket());
    expect(cache.get('a1')).toBeNull();
    expect(cache.size).toBe(0);
  });
});

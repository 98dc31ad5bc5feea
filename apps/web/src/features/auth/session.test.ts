import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The shell's one call (lib/shell-parts.ts, its own tests) is watched here, not made: these tests count the refreshes.
const shellCalls = vi.hoisted(() => ({ load: vi.fn(), adopt: vi.fn(), drop: vi.fn() }));
vi.mock('@/lib/shell-parts', () => ({
  loadShell: shellCalls.load,
  adoptShell: shellCalls.adopt,
  dropShell: shellCalls.drop,
  fromShell: async () => undefined,
}));

// The session module runs in a browser: a page's storage, window and fetch, stubbed here (the web
// tests run in Node). Each test loads the module afresh (it boots once per page load).
const storage = new Map<string, string>();
const page = globalThis as unknown as {
  window: unknown;
  __authRefresh?: Promise<Response>;
  addEventListener(type: string, listener: (event: unknown) => void): void;
};
// The page's listeners (bootSession follows other tabs through 'storage'), to fire by hand.
let listeners: Record<string, ((event: unknown) => void) | undefined> = {};

const user = {
  id: 'u1',
  email: 'sam@example.com',
  username: 'sam',
  displayName: 'Sam',
  role: 'user',
  tier: 'free',
  emailVerified: true,
  isDemo: false,
  avatarUrl: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const later = () => new Date(Date.now() + 15 * 60_000).toISOString();
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const sessionAnswer = (accessToken: string) => json(200, { user, accessToken, refreshToken: 'r', expiresAt: later() });
const expired = () => json(401, { error: { code: 'SESSION_EXPIRED', message: 'Your session has expired' } });
const limited = (seconds: number) =>
  json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, { 'retry-after': String(seconds) });
const unavailable = () => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } });

function remembered(isAuthenticated: boolean) {
  storage.set(
    'auth-storage',
    JSON.stringify({ state: { isAuthenticated, session: isAuthenticated ? { user, expiresAt: later() } : null }, version: 0 }),
  );
}

async function load() {
  vi.resetModules();
  const session = await import('./session');
  const { useAuthStore } = await import('./store');
  return { ...session, useAuthStore };
}

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  page.window = globalThis;
  listeners = {};
  page.addEventListener = (type, listener) => void (listeners[type] = listener);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete page.__authRefresh;
});

describe('the refresh that theme-init.js starts before the app', () => {
  it('is the boot refresh: its token is taken, and the app does not ask again', async () => {
    remembered(true);
    page.__authRefresh = Promise.resolve(sessionAnswer('early-token'));
    const fetch = vi.fn(async () => sessionAnswer('second-token'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('early-token'));
    expect(useAuthStore.getState().isLoading).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(page.__authRefresh).toBeUndefined();
  });

  it('ends the session when its answer is a 401, as the app’s own refresh does', async () => {
    remembered(true);
    page.__authRefresh = Promise.resolve(expired());
    vi.stubGlobal('fetch', vi.fn());
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
  });

  it('is let go when the app starts signed out (another tab ended the session meanwhile): a later sign-in refreshes for real', async () => {
    remembered(false);
    page.__authRefresh = Promise.resolve(expired());
    const fetch = vi.fn(async () => sessionAnswer('real-token'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, startSession, refreshSession, useAuthStore } = await load();
    bootSession();
    expect(page.__authRefresh).toBeUndefined();
    startSession({ user: user as never, accessToken: 'signed-in', expiresAt: later() });
    await refreshSession();
    expect(fetch).toHaveBeenCalledOnce();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'real-token' });
  });

  it('keeps the session through a network failure, and tries again until the server answers', async () => {
    vi.useFakeTimers();
    remembered(true);
    page.__authRefresh = Promise.reject(new TypeError('Failed to fetch'));
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(sessionAnswer('back-token'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    // 1 s, then 2 s: the page's calls wait meanwhile (the session is still loading).
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: true, accessToken: null });
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, accessToken: 'back-token' });
  });
});

describe('a refresh that meets a passing failure', () => {
  it('restores the session after a rate limit, as late as the server asks (Retry-After), instead of leaving the page signed out', async () => {
    vi.useFakeTimers();
    remembered(true);
    page.__authRefresh = Promise.resolve(limited(7));
    const fetch = vi.fn(async () => sessionAnswer('later-token'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('later-token'));
    expect(useAuthStore.getState().isLoading).toBe(false);
  });

  it('gives up restoring after 20 s, then tries again in the background, each wait twice the last (up to 30 s)', async () => {
    vi.useFakeTimers();
    remembered(true);
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    const start = Date.now();
    bootSession();
    // Tries at 0, 1, 3, 7 and 15 s; the next wait (16 s) would end past the restore's 20 s.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, accessToken: null });
    // In the background: at 31 s, then 30 s later (the cap), not a new round of quick tries.
    for (const [at, calls] of [
      [30_999, 5],
      [31_000, 6],
      [60_999, 6],
      [61_000, 7],
      [90_999, 7],
      [91_000, 8],
    ] as const) {
      await vi.advanceTimersByTimeAsync(at - Date.now() + start);
      expect(fetch, `at ${at} ms`).toHaveBeenCalledTimes(calls);
    }
  });

  it('a Retry-After beyond the restore deadline: the page goes on at once, and the refresh comes when the server asked', async () => {
    vi.useFakeTimers();
    remembered(true);
    page.__authRefresh = Promise.resolve(limited(60));
    const fetch = vi.fn(async () => sessionAnswer('after-a-minute'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('after-a-minute'));
  });

  it('a sign-out in another tab while a retry waits ends the wait, and nothing signs this tab in again', async () => {
    vi.useFakeTimers();
    remembered(true);
    const fetch = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValue(sessionAnswer('zombie'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledOnce();
    listeners.storage?.({ key: 'auth-storage', newValue: JSON.stringify({ state: { isAuthenticated: false } }) });
    // The wait ended there and then: the page's calls, which wait for the session, go at once.
    const { api } = await import('@/lib/api-client');
    void api('/api/bots/public').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![0]).toBe('/api/bots/public');
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.dynamicImportSettled();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, accessToken: null });
  });

  it('a sign-out while a retry waits for the other tabs’ lock: the retry is never sent', async () => {
    vi.useFakeTimers();
    remembered(true);
    page.__authRefresh = Promise.resolve(unavailable());
    let release = () => undefined as unknown;
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => new Promise((resolve) => (release = () => resolve(run()))));
    vi.stubGlobal('navigator', { locks: { request } });
    const fetch = vi.fn(async () => sessionAnswer('zombie'));
    vi.stubGlobal('fetch', fetch);
    const { bootSession, endSession, useAuthStore } = await load();
    bootSession();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(request).toHaveBeenCalledOnce();
    endSession();
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.dynamicImportSettled();
    expect(fetch).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, accessToken: null });
  });

  it('an answer that lands after a sign-out is dropped', async () => {
    vi.useFakeTimers();
    let answer = (_response: Response) => undefined as unknown;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { startSession, endSession, refreshSession, useAuthStore } = await load();
    startSession({ user: user as never, accessToken: 'current', expiresAt: later() });
    const refreshed = refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledOnce();
    endSession();
    answer(sessionAnswer('late'));
    await expect(refreshed).resolves.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, accessToken: null });
  });

  it('after a success the waits start again from the shortest', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const { startSession, refreshSession, useAuthStore } = await load();
    startSession({ user: user as never, accessToken: 'current', expiresAt: later() });
    // Four failures in a row: 5, 5, 5 then 8 s apart (1, 2, 4, 8 s, never under 5 s).
    await refreshSession();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    fetch.mockImplementationOnce(async () => sessionAnswer('back'));
    await vi.advanceTimersByTimeAsync(8_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('back'));
    // The next failure waits 5 s again (the count was reset), not 16 s.
    await refreshSession();
    expect(fetch).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(7);
  });

  it('a Retry-After that no timer can hold is cut to an hour, not taken as "now"', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(limited(1e9)).mockResolvedValue(sessionAnswer('next'));
    vi.stubGlobal('fetch', fetch);
    const { startSession, refreshSession } = await load();
    startSession({ user: user as never, accessToken: 'current', expiresAt: later() });
    await refreshSession();
    await vi.advanceTimersByTimeAsync(60 * 60_000 - 1);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('each try after the first waits for the other tabs (Web Lock); theme-init.js took the lock for the first', async () => {
    vi.useFakeTimers();
    remembered(true);
    page.__authRefresh = Promise.resolve(unavailable());
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    vi.stubGlobal('navigator', { locks: { request } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sessionAnswer('locked-token')),
    );
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(request).toHaveBeenCalledOnce();
    expect(request.mock.calls[0]![0]).toBe('auth-refresh');
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('locked-token'));
  });

  it('with a token still in hand, answers at once and refreshes again soon (the calls go on with the token they have)', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(sessionAnswer('fresh-token'));
    vi.stubGlobal('fetch', fetch);
    const { startSession, refreshSession, useAuthStore } = await load();
    startSession({ user: user as never, accessToken: 'current', expiresAt: later() });
    await expect(refreshSession()).resolves.toBeNull();
    expect(useAuthStore.getState().accessToken).toBe('current');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(useAuthStore.getState().accessToken).toBe('fresh-token'));
  });

  it('never retries a refused refresh (401): the session ends', async () => {
    vi.useFakeTimers();
    remembered(true);
    const fetch = vi.fn(async () => expired());
    vi.stubGlobal('fetch', fetch);
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe("the shell's one call (decision 043)", () => {
  it('is asked for once the boot refresh has a token, and again after a sign-in; a sign-out drops it', async () => {
    remembered(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sessionAnswer('boot-token')),
    );
    const { bootSession, startSession, endSession } = await load();
    bootSession();
    expect(shellCalls.load).toHaveBeenCalledOnce();
    await expect(shellCalls.load.mock.calls[0]![0]).resolves.toBe('boot-token');
    startSession({ user, accessToken: 'signed-in', refreshToken: 'r', expiresAt: later() } as never);
    expect(shellCalls.load).toHaveBeenCalledTimes(2);
    await expect(shellCalls.load.mock.calls[1]![0]).resolves.toBe('signed-in');
    endSession();
    expect(shellCalls.drop).toHaveBeenCalledWith();
  });

  it("takes theme-init.js's early one instead of asking", async () => {
    remembered(true);
    const early = Promise.resolve(json(200, {}));
    page.__authRefresh = Promise.resolve(sessionAnswer('early-token'));
    (page as { __shell?: Promise<Response> }).__shell = early;
    vi.stubGlobal('fetch', vi.fn());
    const { bootSession } = await load();
    bootSession();
    expect(shellCalls.adopt).toHaveBeenCalledWith(early);
    expect(shellCalls.load).not.toHaveBeenCalled();
    expect((page as { __shell?: unknown }).__shell).toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The session module runs in a browser: a page's storage, window and fetch, stubbed here (the web
// tests run in Node). Each test loads the module afresh (it boots once per page load).
const storage = new Map<string, string>();
const page = globalThis as unknown as { window: unknown; __authRefresh?: Promise<Response>; addEventListener(): void };

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
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sessionAnswer = (accessToken: string) => json(200, { user, accessToken, refreshToken: 'r', expiresAt: later() });
const expired = () => json(401, { error: { code: 'SESSION_EXPIRED', message: 'Your session has expired' } });

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
  page.addEventListener = () => undefined;
});
afterEach(() => {
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

  it('keeps the session through a network failure, for a later refresh', async () => {
    remembered(true);
    page.__authRefresh = Promise.reject(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', vi.fn());
    const { bootSession, useAuthStore } = await load();
    bootSession();
    await vi.waitFor(() => expect(useAuthStore.getState().isLoading).toBe(false));
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});

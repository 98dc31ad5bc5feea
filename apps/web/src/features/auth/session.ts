import { api, ApiRequestError, connectAuth, jsonOf } from '@/lib/api-client';
import { AUTH_STORAGE_KEY, useAuthStore } from './store';

// Refresh a minute before the access token expires, so that calls never meet an expired one.
const REFRESH_AHEAD_MS = 60_000;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<string | null> | null = null;

function scheduleRefresh(expiresAt: string): void {
  clearTimeout(refreshTimer);
  const delay = Math.max(5_000, new Date(expiresAt).getTime() - Date.now() - REFRESH_AHEAD_MS);
  refreshTimer = setTimeout(() => void refreshSession(), delay);
}

/** The refresh that theme-init.js started before the app loaded, if any: taken once. */
function takeEarlyRefresh(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const page = window as { __authRefresh?: Promise<Response> };
  const early = page.__authRefresh;
  delete page.__authRefresh;
  return early;
}

/** The refresh's answer failed for a passing reason: a rate limit, a server down or restarting, the network. */
function isPassing(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError && (err.status === 0 || err.status === 429 || err.status >= 500);
}

// A session restored as the page opens, when its refresh meets a passing failure, is tried again
// this many times more, after the wait the server asks for (Retry-After) or a doubling one.
const RESTORE_RETRIES = 4;
const MAX_RETRY_WAIT_MS = 30_000;
const retryWaitMs = (err: ApiRequestError, retry: number) =>
  Math.min(err.retryAfterSeconds ? err.retryAfterSeconds * 1000 : 1000 * 2 ** retry, MAX_RETRY_WAIT_MS);

/** One refresh call: the new session kept, or the error it met. A 401 ends the session (spec §4: a refresh failure logs out). */
async function refreshOnce(early?: Promise<Response>): Promise<string> {
  try {
    // The auth calls' schemas (zod) are a chunk of their own, out of the entry: load it while the call travels.
    const schemas = import('@app/shared/auth/schemas');
    const answer = early ? await jsonOf(early) : await api('/api/auth/refresh', { method: 'POST', body: {}, withAuth: false });
    const session = (await schemas).ZSession.parse(answer);
    useAuthStore.getState().setSession(session);
    scheduleRefresh(session.expiresAt);
    return session.accessToken;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) {
      clearTimeout(refreshTimer);
      useAuthStore.getState().clear();
    }
    throw err;
  }
}

/** One refresh at a time across tabs (Web Locks): refresh tokens rotate, and two tabs presenting the same one would look like a stolen token. */
function locked<T>(run: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('auth-refresh', run) : run();
}

async function doRefresh(early?: Promise<Response>): Promise<string | null> {
  for (let retry = 0; ; retry++) {
    try {
      // theme-init.js's refresh (`early`, at boot) took the lock itself, and its new cookie is set
      // once its answer's headers are in: only reading that answer is left.
      return await (retry === 0 && early ? refreshOnce(early) : locked(() => refreshOnce()));
    } catch (err) {
      const { accessToken, isAuthenticated } = useAuthStore.getState();
      if (!isPassing(err) || !isAuthenticated) return null;
      // A token in hand still works for a while: the next refresh is simply sooner. Without one
      // (the session being restored as the page opens), the page's calls wait for this refresh
      // (settled()), which is tried again instead of leaving every page to say "Authentication
      // required" after one refused refresh (seen after a burst of calls met the rate limit).
      if (accessToken || retry >= RESTORE_RETRIES) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void refreshSession(), Math.max(5_000, retryWaitMs(err, retry)));
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs(err, retry)));
    }
  }
}

/**
 * Gets a new access token with the refresh cookie: one refresh at a time in this tab, and one at a
 * time across tabs. Null when the session is over, or for now out of reach (a later one is set).
 */
export function refreshSession(early?: Promise<Response>): Promise<string | null> {
  if (!inFlight) {
    inFlight = doRefresh(early).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** Called after a sign-in: remembers the session and keeps it fresh. */
export function startSession(session: Parameters<ReturnType<typeof useAuthStore.getState>['setSession']>[0]): void {
  useAuthStore.getState().setSession(session);
  scheduleRefresh(session.expiresAt);
}

/** Forgets the session in this tab (the server side is ended by the logout call). */
export function endSession(): void {
  clearTimeout(refreshTimer);
  useAuthStore.getState().clear();
}

let booted = false;

/** Once per page load: restores a remembered session through the refresh cookie, and follows other tabs. */
export function bootSession(): void {
  if (booted) return;
  booted = true;
  connectAuth({
    getAccessToken: () => useAuthStore.getState().accessToken,
    settled: () => inFlight ?? Promise.resolve(),
    refresh: () => refreshSession(),
  });
  // Taken whatever happens: an answer left on the page would be read by a later refresh, long after
  // (another tab may have signed out meanwhile, and this one in again).
  const early = takeEarlyRefresh();
  if (useAuthStore.getState().isAuthenticated) {
    useAuthStore.getState().setLoading(true);
    void refreshSession(early).finally(() => useAuthStore.getState().setLoading(false));
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    let other: { state?: { isAuthenticated?: boolean; session?: { user?: { id?: string } } | null } } = {};
    try {
      other = event.newValue ? JSON.parse(event.newValue) : {};
    } catch {
      return;
    }
    const mine = useAuthStore.getState();
    if (!other.state?.isAuthenticated) {
      if (mine.isAuthenticated) endSession();
    } else if (!mine.accessToken || other.state.session?.user?.id !== mine.session?.user.id) {
      // Another tab signed in (maybe as someone else): take the session the cookie now holds.
      void refreshSession();
    }
  });
}

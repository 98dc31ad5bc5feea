import { api, ApiRequestError, connectAuth, jsonOf } from '@/lib/api-client';
import { adoptShell, dropShell, loadShell } from '@/lib/shell-parts';
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

/** The shell's one call that theme-init.js started once its refresh answered (GET /api/shell), if any: taken once. */
function takeEarlyShell(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const page = window as { __shell?: Promise<Response> };
  const early = page.__shell;
  delete page.__shell;
  return early;
}

/** The refresh's answer failed for a passing reason: a rate limit, a server down or restarting, the network. */
function isPassing(err: unknown): err is ApiRequestError {
  return err instanceof ApiRequestError && (err.status === 0 || err.status === 429 || err.status >= 500);
}

// A new one at each sign-in and sign-out in this tab: a refresh's answer is applied only to the
// session it was asked for (a sign-out while a retry waited must stay signed out).
let generation = 0;
// Refreshes in a row that met a passing failure: each wait doubles, up to MAX_RETRY_WAIT_MS,
// unless the server says how long (Retry-After).
let failures = 0;
const MAX_RETRY_WAIT_MS = 30_000;
// A session restored as the page opens is tried again at once (the page's calls wait for it) only
// within this time: after it, the page goes on as signed out until a later refresh succeeds.
const RESTORE_DEADLINE_MS = 20_000;
// A later refresh, in the background, never sooner than this.
const MIN_LATER_MS = 5_000;

// A Retry-After is taken whole, within reason: a timer's longest wait is about 24 days, and a
// longer, negative or unreadable one would fire at once.
const MAX_RETRY_AFTER_MS = 60 * 60_000;
const retryWaitMs = (err: ApiRequestError) => {
  const asked = (err.retryAfterSeconds ?? NaN) * 1000;
  return asked > 0 && Number.isFinite(asked)
    ? Math.min(asked, MAX_RETRY_AFTER_MS)
    : Math.min(1000 * 2 ** (failures - 1), MAX_RETRY_WAIT_MS);
};

// The restore's wait for its next try, which a sign-in or sign-out (here or in another tab) ends early.
let endWait: (() => void) | null = null;
function waitFor(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      endWait = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    endWait = done;
  });
}

/**
 * One refresh call for the session of `asked` (its generation): the new session kept, or the error
 * it met. A 401 ends the session (spec §4: a refresh failure logs out).
 */
async function refreshOnce(asked: number, early?: Promise<Response>): Promise<string | null> {
  // Signed in or out while this waited (for the lock of the tabs): nothing to ask for any more.
  if (asked !== generation) return useAuthStore.getState().accessToken;
  try {
    // The auth calls' schemas (zod) are a chunk of their own, out of the entry: load it while the call travels.
    const schemas = import('@app/shared/auth/schemas');
    const answer = early ? await jsonOf(early) : await api('/api/auth/refresh', { method: 'POST', body: {}, withAuth: false });
    const session = (await schemas).ZSession.parse(answer);
    // Signed in or out meanwhile: the session of now is the one that counts.
    if (asked !== generation) return useAuthStore.getState().accessToken;
    useAuthStore.getState().setSession(session);
    scheduleRefresh(session.expiresAt);
    failures = 0;
    return session.accessToken;
  } catch (err) {
    if (asked === generation && err instanceof ApiRequestError && err.status === 401) endSession();
    throw err;
  }
}

/** One refresh at a time across tabs (Web Locks): refresh tokens rotate, and two tabs presenting the same one would look like a stolen token. */
function locked<T>(run: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('auth-refresh', run) : run();
}

async function doRefresh(early: Promise<Response> | undefined, restoring: boolean): Promise<string | null> {
  const asked = generation;
  const deadline = Date.now() + RESTORE_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      // theme-init.js's refresh (`early`, at boot) took the lock itself, and its new cookie is set
      // once its answer's headers are in: only reading that answer is left.
      return await (attempt === 0 && early ? refreshOnce(asked, early) : locked(() => refreshOnce(asked)));
    } catch (err) {
      if (asked !== generation) return useAuthStore.getState().accessToken;
      if (!isPassing(err) || !useAuthStore.getState().isAuthenticated) return null;
      failures++;
      const wait = retryWaitMs(err);
      // Restoring the session as the page opens, the page's calls wait for it (settled()): it is
      // tried again rather than leaving every page to say "Authentication required" after one
      // refused refresh (seen after a burst of calls met the rate limit). Otherwise, or past the
      // deadline, a later refresh in the background: a token in hand still works for a while.
      if (!restoring || Date.now() + wait > deadline) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void refreshSession(), Math.max(MIN_LATER_MS, wait));
        return null;
      }
      await waitFor(wait);
      if (asked !== generation) return useAuthStore.getState().accessToken;
    }
  }
}

/**
 * Gets a new access token with the refresh cookie: one refresh at a time in this tab, and one at a
 * time across tabs. Null when the session is over, or for now out of reach (a later one is set).
 */
export function refreshSession(early?: Promise<Response>, restoring = false): Promise<string | null> {
  if (!inFlight) {
    inFlight = doRefresh(early, restoring).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** A new session in this tab (signed in, out, or over): what was under way for the last one stops. */
function nextGeneration(): void {
  generation++;
  failures = 0;
  clearTimeout(refreshTimer);
  endWait?.();
}

/** Called after a sign-in: remembers the session and keeps it fresh. */
export function startSession(session: Parameters<ReturnType<typeof useAuthStore.getState>['setSession']>[0]): void {
  nextGeneration();
  useAuthStore.getState().setSession(session);
  scheduleRefresh(session.expiresAt);
  // The pages after a sign-in get their shell's data in one call too (decision 043).
  loadShell(Promise.resolve(session.accessToken));
}

/** Forgets the session in this tab (the server side is ended by the logout call). */
export function endSession(): void {
  nextGeneration();
  dropShell();
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
  const earlyShell = takeEarlyShell();
  if (useAuthStore.getState().isAuthenticated) {
    useAuthStore.getState().setLoading(true);
    const restored = refreshSession(early, true);
    void restored.finally(() => useAuthStore.getState().setLoading(false));
    // The shell's data in one call (decision 043): theme-init.js's, or asked for once the session is back.
    if (earlyShell) adoptShell(earlyShell);
    else loadShell(restored);
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
      // Another tab signed in (maybe as someone else): take the session the cookie now holds, at
      // once if a retry was waiting.
      endWait?.();
      void refreshSession();
    }
  });
}

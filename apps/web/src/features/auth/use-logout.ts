import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LOGOUT_ERROR_REDIRECT_MS, LOGOUT_FORCED_REDIRECT_MS, LOGOUT_TIMEOUT_MS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import { forceLogoutCall, logoutCall } from './api';
import { endSession } from './session';
import { AUTH_STORAGE_KEY, useAuthStore } from './store';

class LogoutTimeout extends Error {}

/** How long a sign-out waits for the reads in flight before it ends the session anyway. */
const READS_SETTLE_MAX_MS = 2_000;

/** Answers once no query is fetching, or after READS_SETTLE_MAX_MS whatever is still out. */
async function readsSettled(queryClient: QueryClient): Promise<void> {
  const until = Date.now() + READS_SETTLE_MAX_MS;
  while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Logout as spec §4 and §8 describe it: a normal logout goes to /login; one that takes more
 * than 10 s runs the forced logout (which also clears the browser's stored auth) and goes to /
 * after 0.5 s; any other failure shows 'Failed to logout' and goes to / after 1 s. The local
 * session ends in every case.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    // The live stream closes, and the reads in flight (a menu that has just opened refetches its
    // figures) finish under the session they started with: ended under them, each would meet a
    // 401 and a refused refresh.
    useAuthStore.getState().setSigningOut(true);
    await readsSettled(queryClient);
    // A read that starts from here on (a home widget whose chunk arrives during the logout call)
    // would carry the token the call is ending and meet a 401: queries hold, as they do offline,
    // until the session is over and the cache cleared. Mutations are not in flight here.
    onlineManager.setOnline(false);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new LogoutTimeout());
      }, LOGOUT_TIMEOUT_MS);
    });
    const finish = (to: string, delay: number, forgetStorage = false) => {
      endSession();
      // The forced logout also removes the stored auth entry (spec §7), after the store has written its last state.
      if (forgetStorage) localStorage.removeItem(AUTH_STORAGE_KEY);
      queryClient.clear();
      setTimeout(() => {
        setLoggingOut(false);
        void navigate(to, { replace: true });
        // After the navigation, so that no held query of the page left behind asks again.
        onlineManager.setOnline(navigator.onLine);
      }, delay);
    };
    try {
      await Promise.race([logoutCall(controller.signal), timeout]);
      finish(ROUTES.login, 0);
    } catch (err) {
      if (err instanceof LogoutTimeout) {
        await forceLogoutCall().catch(() => undefined);
        finish(ROUTES.home, LOGOUT_FORCED_REDIRECT_MS, true);
      } else {
        toast.error(t('auth.errors.logoutFailed'));
        // The server may still hold the session: the forced logout ends it by the cookie.
        await forceLogoutCall().catch(() => undefined);
        finish(ROUTES.home, LOGOUT_ERROR_REDIRECT_MS);
      }
    } finally {
      clearTimeout(timer);
    }
  }, [navigate, queryClient, t]);

  return { logout, isLoggingOut };
}

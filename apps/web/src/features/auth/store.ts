import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Session, SessionUser } from '@app/shared/auth/schemas';

/** What survives a reload (spec §3: only isAuthenticated and session, under `auth-storage`), never a token. */
export interface StoredSession {
  user: SessionUser;
  expiresAt: string;
}

export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  session: StoredSession | null;
  /** Lives in memory only; a reload gets a new one through the httpOnly refresh cookie. */
  accessToken: string | null;
  error: { code: string; message: string } | null;
  /** Where to go back to after signing in (route guard, spec §5). */
  redirectUrl: string | null;
  /**
   * A sign-out is under way (memory only): the server ends the session before this tab forgets it,
   * and meanwhile nothing should ask with it (the live stream would be refused and log a 401).
   */
  signingOut: boolean;
  setSession(session: Pick<Session, 'user' | 'accessToken' | 'expiresAt'>): void;
  setUser(user: SessionUser): void;
  clear(): void;
  setLoading(isLoading: boolean): void;
  setError(error: AuthState['error']): void;
  setRedirectUrl(url: string | null): void;
  setSigningOut(signingOut: boolean): void;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

/**
 * The same user as before keeps the same object: every refresh (at start, then every quarter hour)
 * answers the user again, and a new object would re-render each component that shows them.
 */
const sameUserOr = (previous: SessionUser | undefined, next: SessionUser): SessionUser =>
  previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      isLoading: false,
      isAuthenticated: false,
      session: null,
      accessToken: null,
      error: null,
      redirectUrl: null,
      signingOut: false,
      setSession: ({ user, accessToken, expiresAt }) =>
        set({
          isAuthenticated: true,
          session: { user: sameUserOr(get().session?.user, user), expiresAt },
          accessToken,
          error: null,
          isLoading: false,
          signingOut: false,
        }),
      setUser: (user) => set((s) => (s.session ? { session: { ...s.session, user } } : {})),
      clear: () => set({ isAuthenticated: false, session: null, accessToken: null, isLoading: false, signingOut: false }),
      setLoading: (isLoading) => set({ isLoading }),
      setError: (error) => set({ error }),
      setRedirectUrl: (redirectUrl) => set({ redirectUrl }),
      setSigningOut: (signingOut) => set({ signingOut }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ isAuthenticated: s.isAuthenticated, session: s.session }),
    },
  ),
);

/** The signed-in user, or null. */
export const useCurrentUser = () => useAuthStore((s) => (s.isAuthenticated ? (s.session?.user ?? null) : null));

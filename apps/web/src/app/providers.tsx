import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuthStore } from '@/features/auth/store';
import { LOCAL_SETTINGS_KEY } from '@/features/settings/local-settings-key';
import { ApiRequestError } from '@/lib/api-client';
import { useThemeStore, useThemeSync } from '@/lib/theme';

// Neither draws anything at first (theme-init.js applies the saved look before the first paint):
// they load after it, outside the entry (the web budget, budget.json).
const AppearanceSync = lazy(() => import('@/features/account/appearance/appearance-sync').then((m) => ({ default: m.AppearanceSync })));
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; only network trouble and 5xx are worth a retry.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Whether this browser has an account's appearance to keep in step: someone signed in, or a copy
 * kept from an earlier sign-in (to apply, and to forget on sign-out). A first-time visitor has
 * neither, and their page never loads the sync and the settings schemas it needs.
 */
function useAppearanceSyncNeeded(): boolean {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return signedIn || (typeof localStorage !== 'undefined' && localStorage.getItem(LOCAL_SETTINGS_KEY) !== null);
}

export function Providers({ children }: { children: ReactNode }) {
  useThemeSync();
  const theme = useThemeStore((s) => s.theme);
  const syncAppearance = useAppearanceSyncNeeded();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense>{syncAppearance && <AppearanceSync />}</Suspense>
      {children}
      <Suspense>
        {/* Plain toasts, not sonner's rich colours: its light green on pale green is 4.25:1, below the 4.5:1 of body text.
            At the bottom right (across the bottom on phones), clear of the header and of a dialog's title;
            styles.css lifts them above the bottom bars (props would cost the entry's budget). */}
        <Toaster theme={theme} position="bottom-right" closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
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

export function Providers({ children }: { children: ReactNode }) {
  useThemeSync();
  const theme = useThemeStore((s) => s.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense>
        <AppearanceSync />
      </Suspense>
      {children}
      <Suspense>
        <Toaster theme={theme} position="top-center" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}

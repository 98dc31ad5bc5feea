import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AppearanceSync } from '@/features/account/appearance/appearance-sync';
import { ApiRequestError } from '@/lib/api-client';
import { useThemeStore, useThemeSync } from '@/lib/theme';

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
      <AppearanceSync />
      {children}
      <Toaster theme={theme} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}

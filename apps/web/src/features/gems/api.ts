import { useQuery } from '@tanstack/react-query';
import { ZGemBalance, ZGemPackages } from '@app/shared/gems/schemas';
import { api } from '@/lib/api-client';

export const gemBalanceKey = ['gems', 'balance'] as const;

/** The signed-in user's gems: balance, sums and the latest movements. */
export function useGemBalance() {
  return useQuery({ queryKey: gemBalanceKey, queryFn: () => api('/api/gems', { schema: ZGemBalance }) });
}

/** The gem packages on sale (they change with a release, not while the page is open). */
export function useGemPackages(enabled: boolean) {
  return useQuery({
    queryKey: ['gems', 'packages'],
    queryFn: () => api('/api/gems/packages', { schema: ZGemPackages }),
    enabled,
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import { ZTokenBalance } from '@app/shared/tokens/schemas';
import { api } from '@/lib/api-client';

export const tokenBalanceKey = ['tokens', 'balance'] as const;

/** The signed-in user's token balance. */
export function useTokenBalance(enabled: boolean) {
  return useQuery({
    queryKey: tokenBalanceKey,
    queryFn: () => api('/api/tokens/balance', { schema: ZTokenBalance }),
    enabled,
    staleTime: 30_000,
  });
}

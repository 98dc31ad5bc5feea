import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ZTokenPacks } from '@app/shared/pricing/schemas';
import { ZLedgerPage, ZTokenBalance } from '@app/shared/tokens/schemas';
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

/** The token packs on sale, with the tokens each gives at today's pricing. */
export function useTokenPacks() {
  return useQuery({ queryKey: ['tokens', 'packs'], queryFn: () => api('/api/tokens/packs', { schema: ZTokenPacks }) });
}

const HISTORY_PAGE = 25;

/** The token ledger, the latest first, a page at a time (the cursor is the last entry's id). */
export function useTokenHistory() {
  return useInfiniteQuery({
    queryKey: ['tokens', 'history'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api(`/api/tokens/transactions?limit=${HISTORY_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: ZLedgerPage,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

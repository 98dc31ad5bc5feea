import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZRecentSearches, ZSearchResults, ZTrendingSearches, type RecentSearches } from '@app/shared/search/schemas';
import { api } from '@/lib/api-client';

/** Results per group in the dialog. */
export const GROUP_LIMIT = 5;
const RECENT_KEY = ['search', 'recent'] as const;

/** The results of a (debounced) query; the previous results stay on screen while the next load. */
export function useSearchResults(q: string) {
  return useQuery({
    queryKey: ['search', 'results', q],
    queryFn: ({ signal }) => api(`/api/search?q=${encodeURIComponent(q)}&limit=${GROUP_LIMIT}`, { schema: ZSearchResults, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useRecentSearches(enabled: boolean) {
  return useQuery({
    queryKey: RECENT_KEY,
    queryFn: ({ signal }) => api('/api/search/recent', { schema: ZRecentSearches, signal }),
    enabled,
  });
}

export function useTrendingSearches() {
  return useQuery({
    queryKey: ['search', 'trending'],
    queryFn: ({ signal }) => api('/api/search/trending', { schema: ZTrendingSearches, signal, withAuth: false }),
    staleTime: 60_000,
  });
}

/** Remembers a query the user acted on (they opened one of its results); answers the new recent list. */
export function useRecordSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => api('/api/search/recent', { method: 'POST', body: { query }, schema: ZRecentSearches }),
    onSuccess: (list) => queryClient.setQueryData<RecentSearches>(RECENT_KEY, list),
  });
}

export function useClearRecentSearches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/search/recent', { method: 'DELETE', schema: ZRecentSearches }),
    onSuccess: (list) => queryClient.setQueryData<RecentSearches>(RECENT_KEY, list),
  });
}

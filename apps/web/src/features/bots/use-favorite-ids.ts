import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/features/auth/store';
import { api } from '@/lib/api-client';
import { botSchema } from './api';

/** The ids of the signed-in user's favorites (lists don't carry the flag); empty for visitors. */
export function useFavoriteIds(): Set<string> {
  const user = useCurrentUser();
  const { data } = useQuery({
    queryKey: ['bots', 'favorites', 'ids', user?.id],
    queryFn: () => api('/api/bots/favorites?limit=100', { schema: botSchema('ZBotSummaryPage') }),
    enabled: Boolean(user),
    staleTime: 60_000,
    select: idsOf,
  });
  return data ?? EMPTY;
}
const EMPTY = new Set<string>();
// One function for every render, so that the query keeps its Set until the favorites change
// (a new selector would make a new Set, and every card would draw again).
const idsOf = (page: { items: { id: string }[] }): Set<string> => new Set(page.items.map((b) => b.id));

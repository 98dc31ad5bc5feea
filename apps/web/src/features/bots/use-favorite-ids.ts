import { useQuery } from '@tanstack/react-query';
import { ZBotSummaryPage } from '@app/shared/bots/schemas';
import { useCurrentUser } from '@/features/auth/store';
import { api } from '@/lib/api-client';

/** The ids of the signed-in user's favorites (lists don't carry the flag); empty for visitors. */
export function useFavoriteIds(): Set<string> {
  const user = useCurrentUser();
  const { data } = useQuery({
    queryKey: ['bots', 'favorites', 'ids', user?.id],
    queryFn: () => api('/api/bots/favorites?limit=100', { schema: ZBotSummaryPage }),
    enabled: Boolean(user),
    staleTime: 60_000,
    select: (page) => new Set(page.items.map((b) => b.id)),
  });
  return data ?? EMPTY;
}
const EMPTY = new Set<string>();

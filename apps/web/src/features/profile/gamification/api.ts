import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_DEFAULT, ZActivityPage, ZProfileAchievements, ZProfileStats } from '@app/shared/gamification/profile';
import { api } from '@/lib/api-client';

const base = (usernameOrId: string) => `/api/users/${encodeURIComponent(usernameOrId)}`;

/** The stats grid's eight numbers (§2.11). */
export function useProfileStats(usernameOrId: string) {
  return useQuery({
    queryKey: ['profile', usernameOrId, 'stats'],
    queryFn: () => api(`${base(usernameOrId)}/stats`, { schema: ZProfileStats }),
  });
}

/** The activity feed, newest first, `limit` at a time; 'Load more' fetches the next page by its cursor. */
export function useProfileActivity(usernameOrId: string, limit = ACTIVITY_PAGE_DEFAULT) {
  return useInfiniteQuery({
    queryKey: ['profile', usernameOrId, 'activity', limit],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api(`${base(usernameOrId)}/activity?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: ZActivityPage,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The achievements the user unlocked (three featured) and the badges they wear. */
export function useProfileAchievements(usernameOrId: string) {
  return useQuery({
    queryKey: ['profile', usernameOrId, 'achievements'],
    queryFn: () => api(`${base(usernameOrId)}/achievements`, { schema: ZProfileAchievements }),
  });
}

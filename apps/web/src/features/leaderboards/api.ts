import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLeaderboardEntries, ZLeaderboardList, ZLeaderboardMembership, ZLeaderboardStats } from '@app/shared/leaderboards/schemas';
import { api } from '@/lib/api-client';

/**
 * The leaderboard calls (gamification.md §7). The keys start with 'gamification', so the live
 * stream's `gamification.xp_gained` (features/live) marks the boards stale with the rest of progress.
 */
export const leaderboardKeys = {
  all: ['gamification', 'leaderboards'] as const,
  list: ['gamification', 'leaderboards', 'list'] as const,
  entries: (id: string, limit: number, offset: number) => ['gamification', 'leaderboards', 'entries', id, limit, offset] as const,
  stats: (userId: string) => ['gamification', 'leaderboards', 'stats', userId] as const,
};

/** Scores move with every message: a board read more than a few seconds ago is read again when shown. */
const BOARD_STALE_MS = 5_000;

/** The boards, with when their periods reset. */
export function useLeaderboards(enabled = true) {
  return useQuery({
    queryKey: leaderboardKeys.list,
    queryFn: () => api('/api/gamification/leaderboards', { schema: ZLeaderboardList }),
    enabled,
    staleTime: 60_000,
  });
}

/** A page of a board and the caller's place on it (`me`, null when not joined). */
export function useLeaderboardEntries(id: string | undefined, limit: number, offset: number) {
  return useQuery({
    queryKey: leaderboardKeys.entries(id ?? '', limit, offset),
    queryFn: () =>
      api(`/api/gamification/leaderboards/${encodeURIComponent(id!)}/entries?limit=${limit}&offset=${offset}`, {
        schema: ZLeaderboardEntries,
      }),
    enabled: Boolean(id),
    staleTime: BOARD_STALE_MS,
    refetchOnWindowFocus: true,
    // Paging keeps the page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A user's rank, score and percentile on each board they joined. */
export function useLeaderboardStats(userId: string | undefined) {
  return useQuery({
    queryKey: leaderboardKeys.stats(userId ?? ''),
    queryFn: () => api(`/api/gamification/leaderboards/user/${encodeURIComponent(userId!)}/stats`, { schema: ZLeaderboardStats }),
    enabled: Boolean(userId),
    staleTime: BOARD_STALE_MS,
  });
}

/** Joins (`join: true`) or leaves a board; every board view is read again after. */
export function useLeaderboardMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      api(`/api/gamification/leaderboards/${encodeURIComponent(id)}/join`, {
        method: join ? 'POST' : 'DELETE',
        schema: ZLeaderboardMembership,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZGemBalance } from '@app/shared/gems/schemas';
import type { Track } from '@app/shared/season-pass/rules';
import { ZCurrentSeason, ZSeasonClaim, ZSeasonPurchase } from '@app/shared/season-pass/schemas';
import { ZTokenBalance } from '@app/shared/tokens/schemas';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * Under 'gamification', so that the live stream's XP and level events (features/live) make the
 * season's XP stale too; per user, so that a visitor's answer (me: null) is never a user's.
 */
export const seasonKey = (userId: string | null) => ['gamification', 'season-pass', userId ?? 'visitor'] as const;

/** The running season and the caller's standing in it; null when none runs (the server's 404, gamification.md §4). */
export function useCurrentSeason(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: seasonKey(userId),
    queryFn: async () => {
      try {
        return await api('/api/gamification/season-pass/current', { schema: ZCurrentSeason, withAuth: userId !== null });
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 404) return null;
        throw err;
      }
    },
    enabled,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

/** The caller's gems (the key the gems panel uses, so both show one balance). */
export function useGems(enabled: boolean) {
  return useQuery({ queryKey: ['gems', 'balance'], queryFn: () => api('/api/gems', { schema: ZGemBalance }), enabled });
}

/** The caller's tokens (the header's key). */
export function useTokens(enabled: boolean) {
  return useQuery({
    queryKey: ['tokens', 'balance'],
    queryFn: () => api('/api/tokens/balance', { schema: ZTokenBalance }),
    enabled,
    staleTime: 30_000,
  });
}

/** Buys the season's pass (the server takes its own price). */
export function usePurchasePass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seasonId: string) =>
      api(`/api/gamification/season-pass/${encodeURIComponent(seasonId)}/purchase`, { method: 'POST', schema: ZSeasonPurchase }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['gamification', 'season-pass'] }),
        client.invalidateQueries({ queryKey: ['gems'] }),
      ]),
  });
}

/** Claims a tier's reward on a track; the balances and the game's views read again (XP and badges move too). */
export function useClaimTier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, tier, track }: { seasonId: string; tier: number; track: Track }) =>
      api(`/api/gamification/season-pass/${encodeURIComponent(seasonId)}/tiers/${tier}/claim`, {
        method: 'POST',
        body: { track },
        schema: ZSeasonClaim,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['gamification'] }),
        client.invalidateQueries({ queryKey: ['gems'] }),
        client.invalidateQueries({ queryKey: ['tokens'] }),
      ]),
  });
}

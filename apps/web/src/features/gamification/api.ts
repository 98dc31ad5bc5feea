import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RANKS } from '@app/shared/gamification/levels';
import {
  ZAchievementClaim,
  ZAchievementList,
  ZGamificationUser,
  ZMissionList,
  ZQuestClaim,
  ZRankList,
  ZRewardClaim,
  ZRewardList,
  ZUserAchievementList,
  ZUserQuest,
} from '@app/shared/gamification/schemas';
import { useCurrentUser } from '@/features/auth/store';
import { api } from '@/lib/api-client';

/** Every query of the area starts with this, so that one invalidation reaches them all. */
export const gamificationKeys = {
  all: ['gamification'] as const,
  level: (userId: string) => ['gamification', 'level', userId] as const,
  ranks: ['gamification', 'ranks'] as const,
  achievements: ['gamification', 'achievements'] as const,
  userAchievements: ['gamification', 'user-achievements'] as const,
  missions: ['gamification', 'missions'] as const,
  rewards: ['gamification', 'rewards'] as const,
  streaks: ['gamification', 'streaks'] as const,
};

/**
 * Progress moves with every message, so a view that opens reads it again unless it was read in
 * the last few seconds (the app's default keeps answers for 30 s).
 */
const PROGRESS_STALE_MS = 5_000;

/**
 * The caller's level with rank and next milestone, open quests and streaks (GET /api/gamification/user/{id}).
 * Nothing polls: the live stream (features/live) marks it stale when XP, a level or a quest moves.
 */
export function useGamificationUser(userId: string | undefined) {
  return useQuery({
    queryKey: gamificationKeys.level(userId ?? ''),
    queryFn: () => api(`/api/gamification/user/${encodeURIComponent(userId!)}`, { schema: ZGamificationUser }),
    enabled: Boolean(userId),
    staleTime: PROGRESS_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** The five ranks (public, rarely changing). */
export function useRanks() {
  return useQuery({
    queryKey: gamificationKeys.ranks,
    // GET /api/gamification/ranks answers the shared rules' ranks: the page has them already.
    queryFn: () => ZRankList.parse({ items: RANKS.map((r) => ({ ...r, perks: [...r.perks] })) }),
    staleTime: 60 * 60_000,
  });
}

/** The 50 achievements (hidden ones the caller hasn't unlocked come masked). */
export function useAchievements() {
  return useQuery({
    queryKey: gamificationKeys.achievements,
    queryFn: () => api('/api/gamification/achievements', { schema: ZAchievementList }),
  });
}

/** The caller's progress on each achievement. */
export function useUserAchievements(enabled = true) {
  return useQuery({
    queryKey: gamificationKeys.userAchievements,
    queryFn: () => api('/api/gamification/user/achievements', { schema: ZUserAchievementList }),
    enabled,
    staleTime: PROGRESS_STALE_MS,
  });
}

/** Every quest with the caller's run of it now. */
export function useMissions(enabled = true) {
  return useQuery({
    queryKey: gamificationKeys.missions,
    queryFn: () => api('/api/gamification/missions', { schema: ZMissionList }),
    enabled,
    staleTime: PROGRESS_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** The rewards panel: daily, weekly and achievements bonuses. */
export function useRewards(enabled = true) {
  return useQuery({
    queryKey: gamificationKeys.rewards,
    queryFn: () => api('/api/gamification/rewards', { schema: ZRewardList }),
    enabled,
    staleTime: PROGRESS_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * Both streaks of the caller, as the level's answer carries them (GET /api/gamification/user/{me}
 * computes them as POST /api/gamification/streaks does): the same query as the widget's, so the
 * page asks nothing more for them.
 */
export function useStreaks(enabled = true) {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: gamificationKeys.level(userId ?? ''),
    queryFn: () => api(`/api/gamification/user/${encodeURIComponent(userId!)}`, { schema: ZGamificationUser }),
    enabled: enabled && Boolean(userId),
    staleTime: PROGRESS_STALE_MS,
    select: (answer) => answer.streaks ?? [],
  });
}

/** After anything that pays: the header's balance and every view of progress are read again. */
function afterPayment(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['tokens'] });
  void queryClient.invalidateQueries({ queryKey: ['gems'] });
  void queryClient.invalidateQueries({ queryKey: gamificationKeys.all });
}

/** Claims a completed achievement's rewards (XP, tokens, gems, a badge). */
export function useClaimAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/gamification/achievements/${encodeURIComponent(id)}/claim`, { method: 'POST', schema: ZAchievementClaim }),
    onSuccess: () => afterPayment(queryClient),
  });
}

/** Claims a reward of the rewards panel; answers the new token balance. */
export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/gamification/rewards/${encodeURIComponent(id)}/claim`, { method: 'POST', schema: ZRewardClaim }),
    onSuccess: () => afterPayment(queryClient),
    // A 409 (claimed elsewhere meanwhile) also means the panel is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: gamificationKeys.rewards }),
  });
}

export type QuestMove = 'start' | 'complete' | 'claim' | 'abandon';

/** A quest's move; every one is followed by a fresh read of the quests (the server is the authority). */
export function useQuestMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, move }: { id: string; move: QuestMove }) => {
      const path = `/api/gamification/quests/${encodeURIComponent(id)}/${move}`;
      if (move === 'claim') return (await api(path, { method: 'POST', schema: ZQuestClaim })).userQuest;
      return api(path, { method: 'POST', schema: ZUserQuest });
    },
    onSuccess: (_run, { move }) => {
      if (move === 'claim') afterPayment(queryClient);
      else void queryClient.invalidateQueries({ queryKey: gamificationKeys.all });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: gamificationKeys.missions }),
  });
}

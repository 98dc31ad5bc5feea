import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { ACHIEVEMENTS } from '@app/shared/gamification/achievements';
import { useCurrentUser } from '@/features/auth/store';
import { gamificationKeys, useGamificationUser, useMissions, useRewards, useUserAchievements } from './api';
import { eventKey, observedEvents, type GamificationEvent } from './observed-events';
import { catalogueText } from './parts';
import './texts';

/** Each in-app notification goes away by itself after this long (§2.12, §9). */
export const TOAST_MS = 5000;

const ACHIEVEMENT_NAMES = new Map(ACHIEVEMENTS.map((a) => [a.id, a.name]));

/**
 * The in-app gamification notifications (§2.12): it watches the area's answers in the query cache
 * and toasts what changed (a level rise, an achievement unlocked, a quest whose objectives are all
 * done, a reward that became claimable, a streak milestone), each for 5 seconds. The level is read
 * again when the live stream says it moved (features/live) and when the window is focused; when the XP moves, the quests,
 * achievements, rewards and streaks are read again, since they move with it. The bell's
 * notifications are the server's own, apart from these.
 */
export function GamificationToasts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  useGamificationUser(user?.id);
  useMissions(Boolean(user));
  useUserAchievements(Boolean(user));
  useRewards(Boolean(user));
  const told = useRef(new Set<string>());
  const latest = useRef({ t, navigate });
  useEffect(() => {
    latest.current = { t, navigate };
  });

  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const seen = new Map<string, unknown>();
    for (const q of cache.findAll({ queryKey: gamificationKeys.all })) seen.set(q.queryHash, q.state.data);

    const show = (e: GamificationEvent) => {
      const key = eventKey(e);
      if (told.current.has(key)) return;
      told.current.add(key);
      const { t, navigate } = latest.current;
      const go = (to: string) => ({ label: t('gamification.toasts.open'), onClick: () => void navigate(to) });
      const opts = { duration: TOAST_MS, id: key };
      switch (e.type) {
        case 'level_up':
          toast.success(t('gamification.toasts.level_up'), {
            ...opts,
            description: t('gamification.toasts.level_upText', { level: e.level }),
            action: go(ROUTES.gamification),
          });
          break;
        case 'achievement_unlocked':
          toast.success(t('gamification.toasts.achievement_unlocked'), {
            ...opts,
            description: t('gamification.toasts.achievement_unlockedText', {
              name: catalogueText(ACHIEVEMENT_NAMES.get(e.achievementId) ?? e.achievementId),
            }),
            action: go(ROUTES.achievements),
          });
          break;
        case 'quest_completed':
          toast.success(t('gamification.toasts.quest_completed'), {
            ...opts,
            description: t('gamification.toasts.quest_completedText', { name: catalogueText(e.name) }),
            action: go(ROUTES.missions),
          });
          break;
        case 'reward_available':
          toast.info(t('gamification.toasts.reward_available'), {
            ...opts,
            description: t('gamification.toasts.reward_availableText', { name: t(`gamification.rewards.${e.rewardId}`) }),
            action: go(ROUTES.gamification),
          });
          break;
        case 'streak_milestone':
          toast.success(t('gamification.toasts.streak_milestone'), {
            ...opts,
            description: t('gamification.toasts.streak_milestoneText', { name: t(`gamification.streaks.${e.streak}`), count: e.days }),
          });
          break;
      }
    };

    return cache.subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { queryKey, queryHash, state } = event.query;
      if (queryKey[0] !== 'gamification') return;
      const before = seen.get(queryHash);
      seen.set(queryHash, state.data);
      if (before === undefined) return;
      for (const e of observedEvents(queryKey[1], before, state.data)) show(e);
      if (queryKey[1] === 'level') {
        const moved =
          (before as { level: { totalXp: number } }).level.totalXp !== (state.data as { level: { totalXp: number } }).level.totalXp;
        if (moved) {
          for (const key of [
            gamificationKeys.missions,
            gamificationKeys.userAchievements,
            gamificationKeys.rewards,
            gamificationKeys.streaks,
          ]) {
            void queryClient.invalidateQueries({ queryKey: key });
          }
        }
      }
    });
  }, [queryClient]);

  return null;
}

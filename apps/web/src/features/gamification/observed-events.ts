/**
 * The in-app gamification notifications of gamification.md §2.12, found by comparing what the
 * client fetched before with what it fetched now: a level rise, achievements newly completed,
 * quests whose objectives are newly all done, a reward that became claimable, a streak milestone.
 */
import type { z } from 'zod';
import type { MissionList, RewardList, UserAchievementList, ZGamificationUser, ZStreak } from '@app/shared/gamification/schemas';
import { canComplete } from './rules';

export type GamificationEvent =
  | { type: 'level_up'; level: number }
  | { type: 'achievement_unlocked'; achievementId: string }
  | { type: 'quest_completed'; questId: string; name: string }
  | { type: 'reward_available'; rewardId: string }
  | { type: 'streak_milestone'; streak: string; days: number };

type Streak = z.infer<typeof ZStreak>;
type GamificationUser = z.infer<typeof ZGamificationUser>;

function streakEvents(before: readonly Streak[] = [], after: readonly Streak[] = []): GamificationEvent[] {
  return after.flatMap((s) => {
    const old = before.find((b) => b.type === s.type)?.milestone ?? null;
    return s.milestone !== null && (old === null || s.milestone > old)
      ? [{ type: 'streak_milestone' as const, streak: s.type, days: s.milestone }]
      : [];
  });
}

/**
 * What changed between two answers of one of the area's queries, named by the query key's second
 * part ('level', 'user-achievements', 'missions', 'rewards', 'streaks'); unknown kinds change nothing.
 * @example observedEvents('level', { level: { level: 2 } }, { level: { level: 3 } }) // → [{ type: 'level_up', level: 3 }]
 */
export function observedEvents(kind: unknown, before: unknown, after: unknown): GamificationEvent[] {
  if (!before || !after) return [];
  switch (kind) {
    case 'level': {
      const [b, a] = [before as GamificationUser, after as GamificationUser];
      const events: GamificationEvent[] = a.level.level > b.level.level ? [{ type: 'level_up', level: a.level.level }] : [];
      return [...events, ...streakEvents(b.streaks, a.streaks)];
    }
    case 'user-achievements': {
      const done = new Set((before as UserAchievementList).items.filter((i) => i.completed).map((i) => i.achievementId));
      return (after as UserAchievementList).items
        .filter((i) => i.completed && !done.has(i.achievementId))
        .map((i) => ({ type: 'achievement_unlocked' as const, achievementId: i.achievementId }));
    }
    case 'missions': {
      const ready = new Set(
        (before as MissionList).items.filter((m) => canComplete(m) || m.userQuest?.status === 'completed').map((m) => m.id),
      );
      return (after as MissionList).items
        .filter((m) => canComplete(m) && !ready.has(m.id))
        .map((m) => ({ type: 'quest_completed' as const, questId: m.id, name: m.name }));
    }
    case 'rewards': {
      const old = new Map((before as RewardList).items.map((r) => [r.id, r.status]));
      return (after as RewardList).items
        .filter((r) => r.status === 'claimable' && old.get(r.id) !== 'claimable')
        .map((r) => ({ type: 'reward_available' as const, rewardId: r.id }));
    }
    case 'streaks':
      return streakEvents(before as Streak[], after as Streak[]);
    default:
      return [];
  }
}

/** A stable key per event, so that the same news reached through two queries is told once. */
export function eventKey(e: GamificationEvent): string {
  switch (e.type) {
    case 'level_up':
      return `level_up:${e.level}`;
    case 'achievement_unlocked':
      return `achievement_unlocked:${e.achievementId}`;
    case 'quest_completed':
      return `quest_completed:${e.questId}`;
    case 'reward_available':
      return `reward_available:${e.rewardId}`;
    case 'streak_milestone':
      return `streak_milestone:${e.streak}:${e.days}`;
  }
}

/**
 * The screens' rules of gamification.md §2.2, §2.4, §4 and §9, pure so that they are tested alone:
 * achievement search and filters, the overall progress, the unclaimed count, the quests' tabs and
 * expiry labels, and the shape that 'gamification-storage' keeps.
 */
import type {
  ACHIEVEMENT_CATEGORIES,
  AchievementList,
  MissionList,
  QUEST_TYPES,
  UserAchievementList,
} from '@app/shared/gamification/schemas';
import { questProgressPercent } from '@app/shared/gamification/quests';
import { streakOf } from '@app/shared/gamification/streaks';

export type Achievement = AchievementList['items'][number];
export type UserAchievement = UserAchievementList['items'][number];
export type Mission = MissionList['items'][number];
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];
export type QuestType = (typeof QUEST_TYPES)[number];

/** The filter buttons of the Available tab (§2.4, §9). */
export const QUEST_FILTERS = ['all', 'daily', 'weekly', 'story', 'challenge'] as const;

/** An achievement with the caller's progress on it (none yet: 0 %, not completed). */
export interface AchievementView extends Achievement {
  progress: number;
  completed: boolean;
  claimed: boolean;
  claimedAt: string | null;
  unlockedAt: string | null;
}

/** Joins the catalogue with the caller's progress. */
export function withProgress(catalogue: readonly Achievement[], mine: readonly UserAchievement[]): AchievementView[] {
  const byId = new Map(mine.map((m) => [m.achievementId, m]));
  return catalogue.map((a) => {
    const m = byId.get(a.id);
    return {
      ...a,
      progress: m?.progress ?? 0,
      completed: m?.completed ?? false,
      claimed: m?.claimed ?? false,
      claimedAt: m?.claimedAt ?? null,
      unlockedAt: m?.unlockedAt ?? null,
    };
  });
}

/** Hidden and not yet reached: shown masked ('???'), and only with the hidden toggle on. */
export const isMasked = (a: Pick<AchievementView, 'hidden' | 'completed'>): boolean => a.hidden && !a.completed;

export interface AchievementFilter {
  search: string;
  category: 'all' | AchievementCategory;
  showHidden: boolean;
}

/**
 * The achievements the grid shows: of the category (or all), hidden ones only when shown, and
 * whose name or description contains the search, ignoring case (§2.2, §5).
 * @example filterAchievements(list, { search: 'chat', category: 'all', showHidden: false })
 */
export function filterAchievements<T extends AchievementView>(list: readonly T[], filter: AchievementFilter): T[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return list.filter(
    (a) =>
      (filter.category === 'all' || a.category === filter.category) &&
      (filter.showHidden || !isMasked(a)) &&
      (!needle || a.name.toLocaleLowerCase().includes(needle) || a.description.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * 'X of Y achievements' and its percent; hidden ones count only when shown (§2.2). `hidden` is how
 * many are left out then, so that the page can say so and its Y plus them is the catalogue's total,
 * the one the profile's completion counts against (issue 37 §8: "5 of 41" here, "5 of 50" there).
 */
export function overallProgress(
  list: readonly AchievementView[],
  showHidden: boolean,
): { done: number; total: number; percent: number; hidden: number } {
  const counted = list.filter((a) => showHidden || !isMasked(a));
  const done = counted.filter((a) => a.completed).length;
  return {
    done,
    total: counted.length,
    percent: counted.length === 0 ? 0 : Math.round((done / counted.length) * 100),
    hidden: list.length - counted.length,
  };
}

/** Completed but not claimed. */
export const isClaimable = (a: Pick<AchievementView, 'completed' | 'claimed'>): boolean => a.completed && !a.claimed;

/**
 * The unclaimed count of §4: achievements completed but not claimed, plus quests completed (not
 * yet claimed). Either list may be absent while it loads.
 */
export function unclaimedCount(
  achievements: readonly Pick<UserAchievement, 'completed' | 'claimed'>[] = [],
  missions: readonly Mission[] = [],
): number {
  return achievements.filter(isClaimable).length + missions.filter((m) => m.userQuest?.status === 'completed').length;
}

export type QuestTab = 'active' | 'available' | 'completed' | 'history';

/**
 * Which tab a quest is in (§4): with no run of the current period (or an abandoned one, waiting
 * for its cooldown) it is available; active, completed and claimed (history) by its run's status.
 */
export function questTab(mission: Mission): QuestTab {
  switch (mission.userQuest?.status) {
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'claimed':
      return 'history';
    default:
      return 'available';
  }
}

/** The quests of each tab, the Available one narrowed to a quest type; history newest first. */
export function groupQuests(missions: readonly Mission[], availableType: 'all' | QuestType = 'all'): Record<QuestTab, Mission[]> {
  const groups: Record<QuestTab, Mission[]> = { active: [], available: [], completed: [], history: [] };
  for (const m of missions) groups[questTab(m)].push(m);
  groups.available = groups.available.filter((m) => availableType === 'all' || m.type === availableType);
  groups.history.sort((a, b) => (b.userQuest?.claimedAt ?? '').localeCompare(a.userQuest?.claimedAt ?? ''));
  return groups;
}

/** The four stat cards of §2.4 (Available before the type filter). */
export function questStats(missions: readonly Mission[]): { active: number; completed: number; claimed: number; available: number } {
  const g = groupQuests(missions);
  return { active: g.active.length, completed: g.completed.length, claimed: g.history.length, available: g.available.length };
}

/** Progress in percent: the share of completed objectives, rounded (§4); a finished run is 100. */
export function questPercent(mission: Mission): number {
  const run = mission.userQuest;
  if (!run || run.status === 'abandoned') return 0;
  if (run.status === 'completed' || run.status === 'claimed') return 100;
  return questProgressPercent(run.progress);
}

/** Complete Quest is offered only for an active run at 100 % that has not expired (§4, §5). */
export const canComplete = (mission: Mission): boolean =>
  mission.userQuest?.status === 'active' && !mission.userQuest.expired && questPercent(mission) === 100;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type ExpiryLabel =
  { kind: 'expired' } | { kind: 'lessThanHour' } | { kind: 'hours'; count: number } | { kind: 'days'; count: number };

/**
 * The expiry badge (§2.4, §9): 'Expired' in the past, 'Less than 1 hour', 'N hours' under a day,
 * else 'N days' (whole units, rounded down).
 * @example expiryLabel('2026-01-01T05:30:00Z', new Date('2026-01-01T00:00:00Z')) // → { kind: 'hours', count: 5 }
 */
export function expiryLabel(expiresAt: string, now: Date = new Date()): ExpiryLabel {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  if (left < HOUR) return { kind: 'lessThanHour' };
  if (left < DAY) return { kind: 'hours', count: Math.floor(left / HOUR) };
  return { kind: 'days', count: Math.floor(left / DAY) };
}

const SPANS: [Intl.RelativeTimeFormatUnit & ('day' | 'hour' | 'minute' | 'month' | 'year'), number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', 60_000],
];

/**
 * How long ago, as a whole number of the largest unit that fits (for 'Completed {time} ago');
 * under a minute, 1 minute.
 */
export function elapsed(iso: string, now: Date = new Date()): { unit: 'day' | 'hour' | 'minute' | 'month' | 'year'; count: number } {
  const ms = Math.max(0, now.getTime() - new Date(iso).getTime());
  for (const [unit, size] of SPANS) if (ms >= size) return { unit, count: Math.floor(ms / size) };
  return { unit: 'minute', count: 1 };
}

/** What 'gamification-storage' keeps (§4): only these three, with their defaults. */
export interface GamificationPrefs {
  selectedCategory: 'all' | AchievementCategory;
  selectedQuestType: 'all' | QuestType;
  showHidden: boolean;
}

export const DEFAULT_PREFS: GamificationPrefs = { selectedCategory: 'all', selectedQuestType: 'all', showHidden: false };

/** The stored part of the store's state, and nothing else (loading flags, errors and data stay in memory). */
export function persistedPrefs(state: GamificationPrefs): GamificationPrefs {
  return { selectedCategory: state.selectedCategory, selectedQuestType: state.selectedQuestType, showHidden: state.showHidden };
}

/** A date's calendar day (YYYY-MM-DD) in this browser's time zone. */
export function localDayOf(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * The achievements streak of §2.8: consecutive days on which at least one achievement was
 * unlocked, from the unlock dates the server gives, counted in the browser's days. (The server
 * counts the login and chat streaks in the user's own zone; it has no achievements streak.)
 */
export function achievementStreak(
  mine: readonly Pick<UserAchievement, 'unlockedAt'>[],
  now: Date = new Date(),
): { current: number; longest: number } {
  const days = [...new Set(mine.flatMap((m) => (m.unlockedAt ? [localDayOf(new Date(m.unlockedAt))] : [])))].sort().reverse();
  return streakOf(days, localDayOf(now));
}

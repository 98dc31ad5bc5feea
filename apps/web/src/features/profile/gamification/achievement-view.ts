import { ACHIEVEMENTS, type AchievementDef } from '@app/shared/gamification/achievements';
import type { ProfileAchievement } from '@app/shared/gamification/profile';
import { RARITY_WEIGHTS } from '@app/shared/gamification/schemas';

export const ACHIEVEMENT_FILTERS = ['all', 'unlocked', 'locked'] as const;
export type AchievementFilter = (typeof ACHIEVEMENT_FILTERS)[number];
export const ACHIEVEMENT_SORTS = ['recent', 'rarity', 'points'] as const;
export type AchievementSort = (typeof ACHIEVEMENT_SORTS)[number];

/** One achievement as the profile shows it: the catalogue's, with whether this user unlocked it. */
export interface AchievementEntry extends Omit<AchievementDef, 'requirements' | 'rewards'> {
  unlockedAt: string | null;
  featured: boolean;
  /** Hidden and not unlocked: shown as '???' / 'Hidden achievement', nothing else of it. */
  masked: boolean;
}

/**
 * Every achievement of the catalogue (shared), with the user's unlocked ones (from the server)
 * marked. Hidden ones the user has not unlocked are masked; unlocked hidden ones are not secret.
 */
export function entriesOf(unlocked: readonly ProfileAchievement[]): AchievementEntry[] {
  const byId = new Map(unlocked.map((u) => [u.achievementId, u]));
  return ACHIEVEMENTS.map(({ requirements: _r, rewards: _w, ...def }) => {
    const mine = byId.get(def.id);
    return { ...def, unlockedAt: mine?.unlockedAt ?? null, featured: mine?.featured ?? false, masked: def.hidden && !mine };
  });
}

export function filterEntries(entries: readonly AchievementEntry[], filter: AchievementFilter): AchievementEntry[] {
  if (filter === 'all') return [...entries];
  return entries.filter((e) => (filter === 'unlocked' ? e.unlockedAt !== null : e.unlockedAt === null));
}

const byRecent = (a: AchievementEntry, b: AchievementEntry) =>
  (b.unlockedAt ?? '').localeCompare(a.unlockedAt ?? '') || Number(b.unlockedAt !== null) - Number(a.unlockedAt !== null);
const byRarity = (a: AchievementEntry, b: AchievementEntry) => RARITY_WEIGHTS[b.rarity] - RARITY_WEIGHTS[a.rarity];
const byPoints = (a: AchievementEntry, b: AchievementEntry) => b.points - a.points;

/**
 * Recent: the latest unlocked first, locked ones after in the catalogue's order; rarity: legendary
 * (5) down to common (1); points: the most first. Ties keep the catalogue's order (a stable sort).
 */
export function sortEntries(entries: readonly AchievementEntry[], sort: AchievementSort): AchievementEntry[] {
  const compare =
    sort === 'recent'
      ? byRecent
      : sort === 'rarity'
        ? (a: AchievementEntry, b: AchievementEntry) => byRarity(a, b) || byPoints(a, b)
        : (a: AchievementEntry, b: AchievementEntry) => byPoints(a, b) || byRarity(a, b);
  return [...entries].sort(compare);
}

/** The full variant's summary cards: unlocked of all, points earned, and the rare finds by rarity. */
export function summaryOf(entries: readonly AchievementEntry[]) {
  const unlocked = entries.filter((e) => e.unlockedAt !== null);
  const count = (rarity: AchievementEntry['rarity']) => unlocked.filter((e) => e.rarity === rarity).length;
  return {
    unlocked: unlocked.length,
    total: entries.length,
    points: unlocked.reduce((sum, e) => sum + e.points, 0),
    rarity: { legendary: count('legendary'), epic: count('epic'), rare: count('rare') },
  };
}

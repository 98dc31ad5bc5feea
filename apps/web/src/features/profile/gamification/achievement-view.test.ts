import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '@app/shared/gamification/achievements';
import type { ProfileAchievement } from '@app/shared/gamification/profile';
import { entriesOf, filterEntries, sortEntries, summaryOf } from './achievement-view';

const unlock = (achievementId: string, unlockedAt: string, featured = false): ProfileAchievement => {
  const def = ACHIEVEMENTS.find((a) => a.id === achievementId)!;
  return { ...def, achievementId, unlockedAt, featured };
};

// first-words common 10, workshop uncommon 25, spooky hidden rare 50, icon hidden legendary 250.
const unlocked = [
  unlock('first-words', '2026-01-01T00:01:00.000Z'),
  unlock('workshop', '2026-01-03T00:00:00.000Z', true),
  unlock('spooky', '2026-01-02T00:00:00.000Z', true),
];
const entries = entriesOf(unlocked);

describe("the profile's achievements: catalogue, filter, sort and summary", () => {
  it('holds every achievement; hidden ones are masked until unlocked', () => {
    expect(entries).toHaveLength(ACHIEVEMENTS.length);
    expect(entries.find((e) => e.id === 'spooky')).toMatchObject({ masked: false, featured: true, unlockedAt: '2026-01-02T00:00:00.000Z' });
    expect(entries.find((e) => e.id === 'icon')).toMatchObject({ masked: true, unlockedAt: null });
    expect(entries.find((e) => e.id === 'chatterbox')).toMatchObject({ masked: false, unlockedAt: null });
  });

  it('filters all, unlocked and locked', () => {
    expect(filterEntries(entries, 'all')).toHaveLength(50);
    expect(
      filterEntries(entries, 'unlocked')
        .map((e) => e.id)
        .sort(),
    ).toEqual(['first-words', 'spooky', 'workshop']);
    expect(filterEntries(entries, 'locked')).toHaveLength(47);
  });

  it('sorts by recent (latest unlocked first, then locked), rarity (legendary 5 … common 1) and points', () => {
    expect(
      sortEntries(entries, 'recent')
        .slice(0, 4)
        .map((e) => e.id),
    ).toEqual(['workshop', 'spooky', 'first-words', ACHIEVEMENTS[1]!.id]);
    const unlockedOnly = filterEntries(entries, 'unlocked');
    expect(sortEntries(unlockedOnly, 'rarity').map((e) => e.id)).toEqual(['spooky', 'workshop', 'first-words']);
    const byRarity = sortEntries(entries, 'rarity');
    expect(byRarity[0]!.rarity).toBe('legendary');
    expect(byRarity.at(-1)!.rarity).toBe('common');
    const points = sortEntries(entries, 'points').map((e) => e.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it('sums the unlocked: count, points and the rare finds', () => {
    expect(summaryOf(entries)).toEqual({ unlocked: 3, total: 50, points: 10 + 25 + 50, rarity: { legendary: 0, epic: 0, rare: 1 } });
    expect(summaryOf(entriesOf([]))).toEqual({ unlocked: 0, total: 50, points: 0, rarity: { legendary: 0, epic: 0, rare: 0 } });
  });
});

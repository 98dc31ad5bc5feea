import { describe, expect, it } from 'vitest';
import { awardedXp, levelOf, MAX_LEVEL, nextMilestone, perkValue, RANKS, rankOf, XP_PER_LEVEL } from './levels';

describe('levels', () => {
  it('level = floor(totalXp / 1000) + 1, xp = totalXp mod 1000, at the boundaries', () => {
    expect(levelOf(0)).toEqual({ level: 1, xp: 0, xpToNextLevel: 1000, totalXp: 0 });
    expect(levelOf(999)).toEqual({ level: 1, xp: 999, xpToNextLevel: 1, totalXp: 999 });
    expect(levelOf(1000)).toEqual({ level: 2, xp: 0, xpToNextLevel: 1000, totalXp: 1000 });
    expect(levelOf(1001)).toEqual({ level: 2, xp: 1, xpToNextLevel: 999, totalXp: 1001 });
    expect(levelOf(24_500)).toMatchObject({ level: 25, xp: 500, xpToNextLevel: 500 });
  });

  it('stops at the top level with a full bar; nonsense totals count as zero', () => {
    expect(levelOf((MAX_LEVEL - 1) * XP_PER_LEVEL)).toEqual({ level: MAX_LEVEL, xp: 1000, xpToNextLevel: 0, totalXp: 199_000 });
    expect(levelOf(10_000_000).level).toBe(MAX_LEVEL);
    expect(levelOf(-5)).toMatchObject({ level: 1, xp: 0, totalXp: 0 });
    expect(levelOf(1999.9)).toMatchObject({ level: 2, xp: 999 });
  });

  it('the next milestone is the first of 10, 25, 50, 75, 100, 150, 200 above the level', () => {
    expect(nextMilestone(1)).toBe(10);
    expect(nextMilestone(9)).toBe(10);
    expect(nextMilestone(10)).toBe(25);
    expect(nextMilestone(149)).toBe(150);
    expect(nextMilestone(199)).toBe(200);
    expect(nextMilestone(200)).toBeNull();
  });

  it('the ranks cover every level once, in order', () => {
    for (let level = 1; level <= MAX_LEVEL; level++)
      expect(RANKS.filter((r) => level >= r.minLevel && level <= r.maxLevel)).toHaveLength(1);
    expect([
      rankOf(1).id,
      rankOf(9).id,
      rankOf(10).id,
      rankOf(24).id,
      rankOf(25).id,
      rankOf(50).id,
      rankOf(100).id,
      rankOf(200).id,
    ]).toEqual(['bronze', 'bronze', 'silver', 'silver', 'gold', 'platinum', 'diamond', 'diamond']);
    expect(perkValue(1, 'daily_bonus_tokens')).toBe(0);
    expect(perkValue(30, 'daily_bonus_tokens')).toBe(25);
  });

  it('a 7-day streak gives 1.5x, a plan its multiplier, diamond 10 % more; rounded down', () => {
    const plain = { streakDays: 0, planMultiplier: 1, level: 1 };
    expect(awardedXp(5, plain)).toBe(5);
    expect(awardedXp(5, { ...plain, streakDays: 6 })).toBe(5);
    expect(awardedXp(5, { ...plain, streakDays: 7 })).toBe(7);
    expect(awardedXp(20, { ...plain, streakDays: 7 })).toBe(30);
    expect(awardedXp(100, { ...plain, planMultiplier: 1.25 })).toBe(125);
    expect(awardedXp(100, { streakDays: 30, planMultiplier: 1.5, level: 100 })).toBe(247);
  });
});

import { describe, expect, it } from 'vitest';
import { milestoneOf, previousDay, streakOf } from './streaks';

describe('streaks', () => {
  it('steps back over month, year and leap-day ends', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    // The day of a DST change is one calendar day like any other.
    expect(previousDay('2026-03-09')).toBe('2026-03-08');
  });

  it('the current run ends today or yesterday; the longest is the best run ever', () => {
    const days = ['2026-05-10', '2026-05-09', '2026-05-08', '2026-05-01', '2026-04-30', '2026-04-29', '2026-04-28', '2026-04-27'];
    expect(streakOf(days, '2026-05-10')).toEqual({ current: 3, longest: 5 });
    expect(streakOf(days, '2026-05-11')).toEqual({ current: 3, longest: 5 });
    expect(streakOf(days, '2026-05-12')).toEqual({ current: 0, longest: 5 });
    expect(streakOf([], '2026-05-12')).toEqual({ current: 0, longest: 0 });
  });

  it('milestones 3, 7, 14, 30, 60, 100, 365', () => {
    expect([0, 2, 3, 6, 7, 13, 14, 29, 30, 99, 100, 364, 365, 1000].map(milestoneOf)).toEqual([
      null,
      null,
      3,
      3,
      7,
      7,
      14,
      14,
      30,
      60,
      100,
      100,
      365,
      365,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { leaderboardBadgeName, percentileOf, periodAt, previousPeriod } from './boards';

describe('leaderboard periods (UTC)', () => {
  it('a week runs from Monday 00:00 to the next Monday, whatever the day', () => {
    for (const at of ['2026-11-23T00:00:00Z', '2026-11-25T12:00:00Z', '2026-11-29T23:59:59.999Z']) {
      const w = periodAt('weekly', new Date(at));
      expect(w.key).toBe('2026-11-23');
      expect(w.startsAt!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
      expect(w.endsAt!.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    }
    expect(periodAt('weekly', new Date('2026-11-30T00:00:00Z')).key).toBe('2026-11-30');
    // Across a year's end.
    expect(periodAt('weekly', new Date('2027-01-01T08:00:00Z')).key).toBe('2026-12-28');
  });

  it('a month runs from its 1st to the next 1st; all time never ends', () => {
    const m = periodAt('monthly', new Date('2026-12-31T23:00:00Z'));
    expect([m.key, m.endsAt!.toISOString()]).toEqual(['2026-12-01', '2027-01-01T00:00:00.000Z']);
    expect(periodAt('all_time', new Date())).toEqual({ key: 'all', startsAt: null, endsAt: null });
  });

  it('the period before is the one that just ended', () => {
    expect(previousPeriod('weekly', new Date('2026-11-30T00:00:30Z'))!.key).toBe('2026-11-23');
    expect(previousPeriod('monthly', new Date('2026-03-01T00:00:00Z'))!.key).toBe('2026-02-01');
    expect(previousPeriod('all_time', new Date())).toBeNull();
  });

  it('a percentile is the share of players at or below a score', () => {
    expect(percentileOf(1, 200)).toBe(100);
    expect(percentileOf(200, 200)).toBe(0.5);
    expect(percentileOf(2, 4)).toBe(75);
    expect(percentileOf(1, 0)).toBe(0);
  });

  it('names the weekly boards’ badges', () => {
    expect(leaderboardBadgeName('top3-xp-weekly')).toBe('Top 3: XP this week');
    expect(leaderboardBadgeName('living-legend')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { digestDue, digestPeriodKey, digestWindowStart, localTime } from '../../src/features/notifications/digest-schedule';

const at = (iso: string) => new Date(iso);

describe('digest schedule (pure)', () => {
  it('reads the wall clock of the zone, DST included', () => {
    expect(localTime(at('2024-07-01T07:30:00Z'), 'Europe/Berlin')).toMatchObject({ day: 1, hour: 9, minute: 30, weekday: 1 });
    expect(localTime(at('2024-01-01T07:30:00Z'), 'Europe/Berlin')).toMatchObject({ hour: 8 });
    expect(localTime(at('2024-01-01T00:30:00Z'), 'America/New_York')).toMatchObject({
      year: 2023,
      month: 12,
      day: 31,
      hour: 19,
      weekday: 7,
    });
  });

  it('daily: due once the chosen time has passed today in the user zone, once per day', () => {
    const base = { timeZone: 'Europe/Berlin', frequency: 'daily', time: '09:00', lastDigestAt: null } as const;
    expect(digestDue({ ...base, now: at('2024-07-01T06:59:00Z') })).toEqual({ due: false, periodKey: '2024-07-01' });
    expect(digestDue({ ...base, now: at('2024-07-01T07:00:00Z') })).toEqual({ due: true, periodKey: '2024-07-01' });
    // Sent at 09:01 local: not again that day, due again the next day after 09:00.
    const sent = { ...base, lastDigestAt: at('2024-07-01T07:01:00Z') };
    expect(digestDue({ ...sent, now: at('2024-07-01T20:00:00Z') }).due).toBe(false);
    expect(digestDue({ ...sent, now: at('2024-07-02T06:59:00Z') }).due).toBe(false);
    expect(digestDue({ ...sent, now: at('2024-07-02T07:00:00Z') })).toEqual({ due: true, periodKey: '2024-07-02' });
  });

  it('follows daylight saving changes (New York, spring forward and fall back)', () => {
    const base = { timeZone: 'America/New_York', frequency: 'daily', time: '06:00', lastDigestAt: null } as const;
    // 10 March 2024: clocks jump from 02:00 to 03:00; 06:00 EDT is 10:00Z.
    expect(digestDue({ ...base, now: at('2024-03-10T09:59:00Z') }).due).toBe(false);
    expect(digestDue({ ...base, now: at('2024-03-10T10:00:00Z') }).due).toBe(true);
    // 3 November 2024: clocks fall back at 02:00; 06:00 EST is 11:00Z.
    expect(digestDue({ ...base, now: at('2024-11-03T10:30:00Z') }).due).toBe(false);
    expect(digestDue({ ...base, now: at('2024-11-03T11:00:00Z') })).toEqual({ due: true, periodKey: '2024-11-03' });
  });

  it('weekly: on Monday after the time, once per ISO week; a missed Monday is caught up 7 days after the last', () => {
    const base = { timeZone: 'UTC', frequency: 'weekly', time: '09:00' } as const;
    expect(digestDue({ ...base, lastDigestAt: null, now: at('2024-03-11T09:00:00Z') })).toEqual({ due: true, periodKey: '2024-W11' });
    expect(digestDue({ ...base, lastDigestAt: null, now: at('2024-03-11T08:59:00Z') }).due).toBe(false);
    // A first digest waits for Monday rather than going out on a Wednesday.
    expect(digestDue({ ...base, lastDigestAt: null, now: at('2024-03-13T12:00:00Z') }).due).toBe(false);
    // Sent Monday: not again on Tuesday.
    expect(digestDue({ ...base, lastDigestAt: at('2024-03-11T09:01:00Z'), now: at('2024-03-12T10:00:00Z') }).due).toBe(false);
    // Monday 18 was missed: caught up on Tuesday 19 after the time.
    expect(digestDue({ ...base, lastDigestAt: at('2024-03-11T09:01:00Z'), now: at('2024-03-19T08:00:00Z') }).due).toBe(false);
    expect(digestDue({ ...base, lastDigestAt: at('2024-03-11T09:01:00Z'), now: at('2024-03-19T09:00:00Z') })).toEqual({
      due: true,
      periodKey: '2024-W12',
    });
    // ISO weeks across the year end: Monday 30 December 2024 is in week 1 of 2025.
    expect(digestPeriodKey(at('2024-12-30T12:00:00Z'), 'UTC', 'weekly')).toBe('2025-W01');
    expect(digestPeriodKey(at('2021-01-03T12:00:00Z'), 'UTC', 'weekly')).toBe('2020-W53');
  });

  it('monthly: on the 1st in the user zone, even when UTC is still in the previous month', () => {
    const base = { timeZone: 'Pacific/Auckland', frequency: 'monthly', time: '09:00', lastDigestAt: null } as const;
    // 09:00 on 1 February in Auckland (NZDT, +13) is 20:00Z on 31 January.
    expect(digestDue({ ...base, now: at('2024-01-31T19:59:00Z') })).toEqual({ due: false, periodKey: '2024-02' });
    expect(digestDue({ ...base, now: at('2024-01-31T20:00:00Z') })).toEqual({ due: true, periodKey: '2024-02' });
    // Not on the 2nd for a first digest; once sent in February, not again in February.
    expect(digestDue({ ...base, now: at('2024-02-02T00:00:00Z') }).due).toBe(false);
    expect(digestDue({ ...base, lastDigestAt: at('2024-01-31T20:01:00Z'), now: at('2024-02-20T00:00:00Z') }).due).toBe(false);
    // A missed 1 March is caught up later in March.
    expect(digestDue({ ...base, lastDigestAt: at('2024-01-31T20:01:00Z'), now: at('2024-03-05T00:00:00Z') })).toEqual({
      due: true,
      periodKey: '2024-03',
    });
  });

  it('the window of the figures: a day, 7 days, or a calendar month back (clamped at month ends)', () => {
    expect(digestWindowStart(at('2024-03-10T09:00:00Z'), 'daily').toISOString()).toBe('2024-03-09T09:00:00.000Z');
    expect(digestWindowStart(at('2024-03-10T09:00:00Z'), 'weekly').toISOString()).toBe('2024-03-03T09:00:00.000Z');
    expect(digestWindowStart(at('2024-03-31T09:00:00Z'), 'monthly').toISOString()).toBe('2024-02-29T09:00:00.000Z');
    expect(digestWindowStart(at('2023-03-31T09:00:00Z'), 'monthly').toISOString()).toBe('2023-02-28T09:00:00.000Z');
    expect(digestWindowStart(at('2024-01-15T09:00:00Z'), 'monthly').toISOString()).toBe('2023-12-15T09:00:00.000Z');
  });
});

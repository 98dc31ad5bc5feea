import type { DIGEST_FREQUENCIES, DIGEST_TIMES } from '@app/shared/notifications/settings';
import { localTime } from '../../lib/time-zones';

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export type DigestTime = (typeof DIGEST_TIMES)[number];

export { localTime, type LocalTime } from '../../lib/time-zones';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 week of a calendar date: the week belongs to the year of its Thursday. */
function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return { year: date.getUTCFullYear(), week: Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/**
 * The period that a moment falls in, for the user's zone and frequency: 2024-03-10 (daily),
 * 2024-W10 (weekly, ISO weeks from Monday), 2024-03 (monthly). One digest per period.
 */
export function digestPeriodKey(instant: Date, timeZone: string, frequency: DigestFrequency): string {
  const t = localTime(instant, timeZone);
  if (frequency === 'daily') return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
  if (frequency === 'monthly') return `${t.year}-${pad(t.month)}`;
  const w = isoWeek(t.year, t.month, t.day);
  return `${w.year}-W${pad(w.week)}`;
}

/** A missed anchor day (the server was down on Monday or on the 1st) is caught up once this long after the last digest. */
const CATCH_UP_AFTER_MS: Record<DigestFrequency, number> = {
  daily: 0,
  weekly: 7 * 86_400_000,
  monthly: 28 * 86_400_000,
};

export interface DigestDueInput {
  now: Date;
  timeZone: string;
  frequency: DigestFrequency;
  time: DigestTime;
  lastDigestAt: Date | null;
}

/**
 * Whether a user's digest is due now, and the period it is for. It is due when the chosen time has
 * passed today in the user's zone, today is the period's day (every day for daily, Monday for
 * weekly, the 1st for monthly) — or the last digest is a whole period old, so a missed day is
 * caught up — and no digest was sent in this period yet.
 *
 * @example
 * digestDue({ now: new Date('2024-03-11T09:05:00Z'), timeZone: 'UTC', frequency: 'weekly', time: '09:00', lastDigestAt: null })
 * // → { due: true, periodKey: '2024-W11' }
 */
export function digestDue(input: DigestDueInput): { due: boolean; periodKey: string } {
  const { now, timeZone, frequency, time, lastDigestAt } = input;
  const periodKey = digestPeriodKey(now, timeZone, frequency);
  if (lastDigestAt && digestPeriodKey(lastDigestAt, timeZone, frequency) === periodKey) return { due: false, periodKey };
  const local = localTime(now, timeZone);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const slotPassed = local.hour > hour || (local.hour === hour && local.minute >= minute);
  if (!slotPassed) return { due: false, periodKey };
  const anchorDay = frequency === 'daily' || (frequency === 'weekly' ? local.weekday === 1 : local.day === 1);
  const caughtUp = lastDigestAt !== null && now.getTime() - lastDigestAt.getTime() >= CATCH_UP_AFTER_MS[frequency];
  return { due: anchorDay || caughtUp, periodKey };
}

/** The window whose figures a digest reports: the last day, 7 days or calendar month before `now`. */
export function digestWindowStart(now: Date, frequency: DigestFrequency): Date {
  const start = new Date(now);
  if (frequency === 'daily') start.setUTCDate(start.getUTCDate() - 1);
  else if (frequency === 'weekly') start.setUTCDate(start.getUTCDate() - 7);
  else {
    // A month back from 31 March is 29 February, not 2 March.
    const day = start.getUTCDate();
    start.setUTCDate(1);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    start.setUTCDate(Math.min(day, lastDay));
  }
  return start;
}

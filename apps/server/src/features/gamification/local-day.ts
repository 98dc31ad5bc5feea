import { localTime } from '../../lib/time-zones';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day of `at` in `timeZone`, as YYYY-MM-DD: daily caps and streaks count by it, so a
 * user in Tokyo and one in Lisbon each get a day that starts at their own midnight, DST included
 * (Intl knows the zone's rules; days are never derived by adding 24 hours). An unknown zone counts in UTC.
 */
export function localDay(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich; zones move by whole minutes). */
function offsetMs(at: Date, timeZone: string): number {
  const t = localTime(at, timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * The instant a local day begins in a zone (its midnight; where a DST change skips midnight, the
 * first moment of the day). Two passes: the offset at the guessed instant may differ from the
 * offset at the answer when a change falls between them.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let t = utcMidnight - offsetMs(new Date(utcMidnight), timeZone);
  t = utcMidnight - offsetMs(new Date(t), timeZone);
  return new Date(t);
}

export { addDays } from '@app/shared/gamification/streaks';

/** The Monday (YYYY-MM-DD) of a local day's week: the weekly reward is once per such week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

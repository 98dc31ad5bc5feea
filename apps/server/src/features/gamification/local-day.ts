// The calendar day in a user's time zone (YYYY-MM-DD): daily caps and streaks count by it, so a
// user in Tokyo and one in Lisbon each get a day that starts at their own midnight, DST included
// (Intl knows the zone's rules; days are never derived by adding 24 hours).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // A zone this runtime doesn't know (the setting is the browser's report): count in UTC.
      f = formatterFor('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local calendar day of `at` in `timeZone`, as YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  return formatterFor(timeZone).format(at);
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(at: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(at);
  } catch {
    return 0;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
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

/** A YYYY-MM-DD day plus `days` (calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The Monday (YYYY-MM-DD) of a local day's week: the weekly reward is once per such week. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

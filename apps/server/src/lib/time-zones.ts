/** A moment as a wall clock in some time zone shows it. weekday: 1 Monday … 7 Sunday (ISO). */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

// Built once per zone: resolving a zone's rules is the costly part, and a job or a page of users asks for the same few.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      });
    } catch {
      // A zone this runtime doesn't know (the setting is what a browser reported): its wall clock is UTC's.
      f = formatterFor('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The wall clock of `timeZone` at `instant` (Intl applies the zone's DST rules).
 * @example localTime(new Date('2024-07-01T07:30:00Z'), 'Europe/Berlin') // → {…, day: 1, hour: 9, minute: 30, weekday: 1}
 */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

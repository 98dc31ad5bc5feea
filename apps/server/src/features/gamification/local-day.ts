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

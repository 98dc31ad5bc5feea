/**
 * Streaks (gamification.md §2.8, §4; issue 17): days in a row on which the user signed in
 * (daily_login) or sent a message (daily_chat), counted on calendar days of the user's time zone.
 */

export const STREAK_TYPES = ['daily_login', 'daily_chat'] as const;
export type StreakType = (typeof STREAK_TYPES)[number];

/** The days a streak celebrates. */
export const STREAK_MILESTONES = [3, 7, 14, 30, 60, 100, 365] as const;

/** A YYYY-MM-DD day plus `days`: calendar arithmetic in UTC, where every day has 24 hours. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD day. */
export const previousDay = (day: string): string => addDays(day, -1);

/**
 * The current and the longest run of consecutive days, from the distinct days with activity,
 * newest first. The current run ends today or yesterday: a streak not yet renewed today is still
 * alive until the day is over.
 */
export function streakOf(daysNewestFirst: readonly string[], today: string): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of daysNewestFirst) {
    run = previous !== null && previousDay(previous) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  let current = 0;
  let expected = daysNewestFirst[0] === today ? today : previousDay(today);
  for (const day of daysNewestFirst) {
    if (day !== expected) break;
    current++;
    expected = previousDay(expected);
  }
  return { current, longest };
}

/** The highest milestone a streak has reached, or null below the first. */
export function milestoneOf(streak: number): number | null {
  return [...STREAK_MILESTONES].reverse().find((m) => streak >= m) ?? null;
}

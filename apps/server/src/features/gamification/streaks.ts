import { and, desc, eq } from 'drizzle-orm';
import { milestoneOf, streakOf, type StreakType } from '@app/shared/gamification/streaks';
import type { Executor } from '../../db/client';
import { xpAwards } from '../../db/schema/gamification';
import { userSettings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { localDay } from './local-day';

// A streak's days are the days of its awards: a daily_login award per day signed in or back, and
// message awards (kept even past the daily cap, at 0 XP) for the days with a chat message.
const SOURCE_OF: Record<StreakType, string> = { daily_login: 'daily_login', daily_chat: 'message' };
/** Enough days for any longest run worth showing, without reading a lifetime of rows. */
export const MAX_DAYS = 1000;

/**
 * The distinct local days of a streak's activity, newest first. The login streak also counts the
 * day the account was made: signing up opened its first session, so it is that day's first
 * sign-in (a new account's streak is 1, not 0), whether or not a page load renewed it later.
 */
export async function daysOf(db: Executor, userId: string, type: StreakType): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: xpAwards.localDay })
    .from(xpAwards)
    .where(and(eq(xpAwards.userId, userId), eq(xpAwards.source, SOURCE_OF[type])))
    .orderBy(desc(xpAwards.localDay))
    .limit(MAX_DAYS);
  const days = rows.map((r) => r.day);
  if (type !== 'daily_login') return days;
  return withSignupDay(days, await signupDayOf(db, userId));
}

/** The login days with the day the account was made among them (see daysOf). */
export function withSignupDay(days: string[], signup: string | null): string[] {
  if (!signup || days.includes(signup)) return days;
  return [...days, signup].sort().reverse();
}

/** A streak as the API answers it, from its days (newest first). */
export function summaryOf(type: StreakType, days: readonly string[], today: string) {
  const { current, longest } = streakOf(days, today);
  return { type, currentStreak: current, longestStreak: longest, milestone: milestoneOf(current) };
}

/** The local day, in the user's time zone, on which the account was made. */
async function signupDayOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt, timeZone: userSettings.timeZone })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ? localDay(row.createdAt, row.timeZone ?? 'UTC') : null;
}

/** The current run of a streak on `today` (the user's local day). */
export async function streakDays(db: Executor, userId: string, type: StreakType, today: string): Promise<number> {
  return streakOf(await daysOf(db, userId, type), today).current;
}

/** A streak as POST /api/gamification/streaks answers it. */
export async function streakSummary(db: Executor, userId: string, type: StreakType, today: string) {
  return summaryOf(type, await daysOf(db, userId, type), today);
}

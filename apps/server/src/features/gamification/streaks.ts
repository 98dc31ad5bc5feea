import { and, desc, eq } from 'drizzle-orm';
import { milestoneOf, streakOf, type StreakType } from '@app/shared/gamification/streaks';
import type { Executor } from '../../db/client';
import { xpAwards } from '../../db/schema/gamification';

// A streak's days are the days of its awards: a daily_login award per day signed in or back, and
// message awards (kept even past the daily cap, at 0 XP) for the days with a chat message.
const SOURCE_OF: Record<StreakType, string> = { daily_login: 'daily_login', daily_chat: 'message' };
/** Enough days for any longest run worth showing, without reading a lifetime of rows. */
const MAX_DAYS = 1000;

/** The distinct local days of a streak's activity, newest first. */
export async function daysOf(db: Executor, userId: string, type: StreakType): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: xpAwards.localDay })
    .from(xpAwards)
    .where(and(eq(xpAwards.userId, userId), eq(xpAwards.source, SOURCE_OF[type])))
    .orderBy(desc(xpAwards.localDay))
    .limit(MAX_DAYS);
  return rows.map((r) => r.day);
}

/** The current run of a streak on `today` (the user's local day). */
export async function streakDays(db: Executor, userId: string, type: StreakType, today: string): Promise<number> {
  return streakOf(await daysOf(db, userId, type), today).current;
}

/** A streak as POST /api/gamification/streaks answers it. */
export async function streakSummary(db: Executor, userId: string, type: StreakType, today: string) {
  const { current, longest } = streakOf(await daysOf(db, userId, type), today);
  return { type, currentStreak: current, longestStreak: longest, milestone: milestoneOf(current) };
}

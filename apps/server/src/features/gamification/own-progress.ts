import type { GamificationUser, MissionList, RewardList, UserAchievementList } from '@app/shared/gamification/schemas';
import type { Executor } from '../../db/client';
import { progressFor, tokensSpentOf } from './achievements';
import { timeZoneOf } from './awards';
import { localDay } from './local-day';
import { levelAnswerOf } from './prestige';
import { missionsFor, openQuestsOf } from './quests';
import { listRewards } from './rewards';
import { streakSummary } from './streaks';

/**
 * GET /api/gamification/user/{id}'s answer for the caller themself: the level with rank and next
 * milestone, the open quests, both streaks and the tokens spent (the header's widget).
 */
export async function ownProgressOf(db: Executor, userId: string): Promise<GamificationUser> {
  const [level, timeZone] = await Promise.all([levelAnswerOf(db, userId), timeZoneOf(db, userId)]);
  const today = localDay(new Date(), timeZone);
  const [quests, login, chat, tokensSpent] = await Promise.all([
    openQuestsOf(db, userId),
    streakSummary(db, userId, 'daily_login', today),
    streakSummary(db, userId, 'daily_chat', today),
    tokensSpentOf(db, userId),
  ]);
  return { level, quests, streaks: [login, chat], tokensSpent };
}

/**
 * The header's and the sidebar's gamification for the caller, as their own routes answer it: the
 * level (GET /api/gamification/user/{id}), the quests (/missions), the rewards (/rewards) and the
 * achievements' progress (/user/achievements). The app shell's one call carries it (GET /api/shell).
 */
export async function headerProgressOf(
  db: Executor,
  userId: string,
): Promise<{ user: GamificationUser; missions: MissionList; rewards: RewardList; achievements: UserAchievementList }> {
  const [user, missions, rewards, achievements] = await Promise.all([
    ownProgressOf(db, userId),
    missionsFor(db, userId),
    listRewards(db, userId),
    progressFor(db, userId),
  ]);
  return { user, missions: { items: missions }, rewards, achievements: { items: achievements } };
}

import type { GamificationUser, MissionList, RewardList, UserAchievementList } from '@app/shared/gamification/schemas';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { progressFor } from './achievements';
import { missionsFor } from './quests';
import { listRewards } from './rewards';
import { ownWidgetOf } from './widget';

/**
 * GET /api/gamification/user/{id}'s answer for the caller themself: the level with rank and next
 * milestone, the open quests, both streaks and the tokens spent (the header's widget), read in one
 * statement by ownWidgetOf (decision 042).
 */
export async function ownProgressOf(db: Executor, userId: string): Promise<GamificationUser> {
  const widget = await ownWidgetOf(db, userId);
  if (!widget) throw notFound('User not found');
  return widget;
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

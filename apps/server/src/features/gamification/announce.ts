import { milestoneOf, type StreakType } from '@app/shared/gamification/streaks';
import type { AppContext } from '../../context';
import { syncAchievements } from './achievements';
import { progressOf, type AwardResult, type XpAward } from './awards';
import { runsAtFullProgress } from './quests';
import { dailyRewardPaid } from './rewards';
import { streakDays } from './streaks';

type Ctx = Pick<AppContext, 'db' | 'events'>;

/**
 * Publishes what an award (or a recount) made the user reach: a level, achievements newly
 * unlocked, a quest whose objectives are all done, a streak milestone, the day's reward. The
 * notifications area listens; this area imports none of it. A fact may be published twice (a
 * retried event, a recount beside a live award): readers key by it, so a notice exists once.
 */
export async function announceProgress(
  ctx: Ctx,
  userId: string,
  award?: { award: XpAward; result: AwardResult | null },
): Promise<string[]> {
  const { db, events } = ctx;
  const result = award?.result;
  if (result && result.gained > 0) await events.publish('gamification.xp_gained', { userId, gained: result.gained });
  if (result && result.level > result.previousLevel) {
    await events.publish('gamification.level_up', { userId, level: result.level, prestigeLevel: result.prestigeLevel });
  }
  const unlocked = await syncAchievements(db, userId);
  for (const achievementId of unlocked) await events.publish('gamification.achievement_unlocked', { userId, achievementId });
  if (result && result.gained > 0 && award.award.source === 'daily_login') {
    // The first sign-in of the local day: the login streak grew, and the day's bonus is open.
    await streakMilestone(ctx, userId, 'daily_login', result.day);
    if (!(await dailyRewardPaid(db, userId, result.day))) {
      await events.publish('gamification.reward_available', { userId, rewardId: 'daily', day: result.day });
    }
  }
  if (result?.firstOfDay) {
    await streakMilestone(ctx, userId, 'daily_chat', result.day);
  }
  for (const run of await runsAtFullProgress(db, userId)) {
    await events.publish('gamification.quest_completed', { userId, questId: run.questId, runId: run.runId });
  }
  return unlocked;
}

async function streakMilestone(ctx: Ctx, userId: string, type: StreakType, day: string) {
  const days = await streakDays(ctx.db, userId, type, day);
  // milestoneOf is the highest milestone reached: equal to the streak only on the day it gets there.
  if (milestoneOf(days) === days) await ctx.events.publish('gamification.streak_milestone', { userId, type, days, day });
}

/**
 * For a change made inside another transaction (a claim paying XP): what the level was before it;
 * announces a level reached since, then what else it reached.
 */
export async function announceSince(ctx: Ctx, userId: string, before: { level: number; prestigeLevel: number }): Promise<void> {
  const now = await progressOf(ctx.db, userId);
  if (now.prestigeLevel === before.prestigeLevel && now.level > before.level) {
    await ctx.events.publish('gamification.level_up', { userId, level: now.level, prestigeLevel: now.prestigeLevel });
  }
  await announceProgress(ctx, userId);
}

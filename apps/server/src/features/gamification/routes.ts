import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RANKS, type RewardId } from '@app/shared/gamification/levels';
import { ZActivityAnswer, ZActivityBody, ZPrestigeAnswer } from '@app/shared/gamification/profile';
import {
  GAMIFICATION_CONFIG,
  ZAchievementClaim,
  ZAchievementList,
  ZAchievementParams,
  ZBadge,
  ZBadgeList,
  ZBadgeParams,
  ZGamificationUser,
  ZGamificationUserParams,
  ZMissionList,
  ZQuestClaim,
  ZQuestParams,
  ZUserQuest,
  ZTrackAnswer,
  ZTrackBody,
  ZUserAchievementList,
  ZGamificationConfig,
  ZRankList,
  ZRewardClaim,
  ZRewardList,
  ZRewardParams,
  ZStreak,
  ZStreakBody,
  ZXpGrant,
  ZXpGrantBody,
} from '@app/shared/gamification/schemas';
import { notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { visibleProfile } from '../profiles';
import { catalogueFor, claimAchievement, progressFor } from './achievements';
import { announceProgress, announceSince } from './announce';
import { grantXp, progressOf, timeZoneOf } from './awards';
import { badgesOf, setEquipped } from './badges';
import { listenForProgress } from './listeners';
import { levelAnswerOf, prestige } from './prestige';
import { recountProgress } from './recount';
import { localDay } from './local-day';
import { abandonQuest, claimQuest, completeQuest, missionsFor, startQuest } from './quests';
import { claimReward, listRewards } from './rewards';
import { ownProgressOf } from './own-progress';
import { streakSummary } from './streaks';

const tags = ['gamification'];

/**
 * The gamification layer (issue 17), under /api/gamification. It listens to the events of chats,
 * bots and auth and awards XP for them (listeners.ts); nothing imports it but the app.
 */
export const gamificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, metrics } = app.ctx;
  listenForProgress(app.ctx);

  app.get(
    '/config',
    {
      config: { access: 'public', failureMessage: 'Failed to get gamification config' },
      schema: {
        tags,
        summary: 'The rules the widgets show: XP per level, milestones, the streak bonus, rarities, categories, quest types',
        response: { 200: ZGamificationConfig },
      },
    },
    async () => GAMIFICATION_CONFIG,
  );

  app.get(
    '/ranks',
    {
      config: { access: 'public', failureMessage: 'Failed to get ranks' },
      schema: { tags, summary: 'The five ranks by level, with the perks the server applies', response: { 200: ZRankList } },
    },
    async () => ({ items: RANKS.map((r) => ({ ...r, perks: [...r.perks] })) }),
  );

  app.post(
    '/streaks',
    {
      config: { access: 'user', failureMessage: 'Failed to update streak' },
      schema: {
        tags,
        summary: "The caller's streak of a type, recomputed from what the server saw (the call itself proves nothing)",
        body: ZStreakBody,
        response: { 200: ZStreak },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const today = localDay(new Date(), await timeZoneOf(db, userId));
      return streakSummary(db, userId, request.body.type, today);
    },
  );

  app.get(
    '/rewards',
    {
      config: { access: 'user', failureMessage: 'Failed to get rewards' },
      schema: {
        tags,
        summary: 'The rewards panel: the daily, weekly and achievements bonuses, each claimable, locked or claimed',
        response: { 200: ZRewardList },
      },
    },
    async (request) => listRewards(db, requireAuth(request).user.id),
  );

  app.post(
    '/rewards/:id/claim',
    {
      config: { access: 'user', failureMessage: 'Failed to claim reward' },
      schema: {
        tags,
        summary: 'Claim a reward: its tokens once per period (again, or locked: 409)',
        params: ZRewardParams,
        response: { 200: ZRewardClaim },
      },
    },
    async (request) => claimReward(db, metrics, requireAuth(request).user.id, request.params.id as RewardId),
  );

  app.post(
    '/xp',
    {
      config: { access: 'admin', failureMessage: 'Failed to add XP' },
      schema: {
        tags,
        summary: "An admin's XP grant to a user, kept with who gave it and why",
        body: ZXpGrantBody,
        response: { 200: ZXpGrant },
      },
    },
    async (request) => {
      const { amount, source, userId } = request.body;
      const result = await grantXp(db, { adminId: requireAuth(request).user.id, userId, amount, reason: source });
      if (!result) throw notFound('User not found');
      await announceProgress(app.ctx, userId, { award: { userId, source: 'admin_grant', sourceId: '', base: amount }, result });
      request.log.info({ userId, amount, reason: source }, 'XP granted by an admin');
      return { userId, levelUp: result.level > result.previousLevel, newLevel: result.level, totalXp: result.totalXp };
    },
  );

  app.get(
    '/achievements',
    {
      config: { access: 'user', failureMessage: 'Failed to get achievements' },
      schema: {
        tags,
        summary: "The 50 achievements, each with the share of players who unlocked it (a hidden one the caller hasn't unlocked is masked)",
        response: { 200: ZAchievementList },
      },
    },
    async (request) => ({ items: await catalogueFor(db, requireAuth(request).user.id) }),
  );

  app.get(
    '/user/achievements',
    {
      config: { access: 'user', failureMessage: 'Failed to get achievements' },
      schema: { tags, summary: "The caller's progress on each achievement", response: { 200: ZUserAchievementList } },
    },
    async (request) => ({ items: await progressFor(db, requireAuth(request).user.id) }),
  );

  app.post(
    '/achievements/:id/claim',
    {
      config: { access: 'user', failureMessage: 'Failed to claim achievement' },
      schema: {
        tags,
        summary: "Claim a completed achievement's rewards, once (not completed or claimed already: 409)",
        params: ZAchievementParams,
        response: { 200: ZAchievementClaim },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      // What the counts reached since the last event is unlocked (and announced) first.
      await announceProgress(app.ctx, userId);
      const before = await progressOf(db, userId);
      const claimed = await claimAchievement(db, metrics, userId, request.params.id);
      await announceSince(app.ctx, userId, before);
      return claimed;
    },
  );

  app.post(
    '/track',
    {
      config: { access: 'user', failureMessage: 'Failed to track progress' },
      schema: {
        tags,
        summary: "Recompute the caller's achievements from server data; the body's claim of progress awards nothing",
        body: ZTrackBody,
        response: { 200: ZTrackAnswer },
      },
    },
    async (request) => ({
      items: (await announceProgress(app.ctx, requireAuth(request).user.id)).map((achievementId) => ({
        achievementId,
        unlocked: true as const,
      })),
    }),
  );

  app.get(
    '/user/badges',
    {
      config: { access: 'user', failureMessage: 'Failed to get badges' },
      schema: { tags, summary: 'The badges the caller owns, and which (up to 3) are equipped', response: { 200: ZBadgeList } },
    },
    async (request) => ({ items: await badgesOf(db, requireAuth(request).user.id) }),
  );

  for (const equipped of [true, false]) {
    const route = equipped ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/badges/:id/equip',
      {
        config: { access: 'user', failureMessage: equipped ? 'Failed to equip badge' : 'Failed to take off badge' },
        schema: {
          tags,
          summary: equipped ? 'Equip an owned badge (up to 3; a fourth: 409)' : 'Take off an equipped badge',
          params: ZBadgeParams,
          response: { 200: ZBadge },
        },
      },
      async (request) => setEquipped(db, requireAuth(request).user.id, request.params.id, equipped),
    );
  }

  app.get(
    '/missions',
    {
      config: { access: 'user', failureMessage: 'Failed to get quests' },
      schema: { tags, summary: "Every quest, with the caller's run of it now (null: available)", response: { 200: ZMissionList } },
    },
    async (request) => ({ items: await missionsFor(db, requireAuth(request).user.id) }),
  );

  const moves = [
    ['start', 'Start a quest (available → active)', 'Failed to start quest', startQuest],
    ['complete', 'Complete a quest whose objectives are all done (active → completed)', 'Failed to complete quest', completeQuest],
    [
      'abandon',
      'Abandon a quest under way: its progress is lost, and it can be started again after a cooldown',
      'Failed to abandon quest',
      abandonQuest,
    ],
  ] as const;
  for (const [move, summary, failureMessage, run] of moves) {
    app.post(
      `/quests/:id/${move}`,
      {
        config: { access: 'user', failureMessage },
        schema: { tags, summary: `${summary}; any other move is 409 with a code`, params: ZQuestParams, response: { 200: ZUserQuest } },
      },
      async (request) => run(db, requireAuth(request).user.id, request.params.id),
    );
  }

  app.post(
    '/quests/:id/claim',
    {
      config: { access: 'user', failureMessage: 'Failed to claim quest' },
      schema: {
        tags,
        summary: "Claim a completed quest's rewards, once (completed → claimed; otherwise 409)",
        params: ZQuestParams,
        response: { 200: ZQuestClaim },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const before = await progressOf(db, userId);
      const claimed = await claimQuest(db, metrics, userId, request.params.id);
      await announceSince(app.ctx, userId, before);
      return claimed;
    },
  );

  app.post(
    '/activity',
    {
      config: { access: 'user', failureMessage: 'Failed to track activity' },
      schema: {
        tags,
        summary:
          "Recount the caller's progress from server data: awards the server missed in the last 7 days (xpGained; 0 when none) and each achievement's progress. The body counts for nothing",
        body: ZActivityBody,
        response: { 200: ZActivityAnswer },
      },
    },
    async (request) => recountProgress(app.ctx, requireAuth(request).user.id),
  );

  app.post(
    '/prestige',
    {
      config: { access: 'user', failureMessage: 'Failed to prestige' },
      schema: {
        tags,
        summary: 'At the top level, start again at level 1 with prestige + 1, keeping achievements and badges (below it: 409)',
        response: { 200: ZPrestigeAnswer },
      },
    },
    async (request) => prestige(db, requireAuth(request).user.id),
  );

  app.get(
    '/user/:userId',
    {
      config: { access: 'user', failureMessage: 'Failed to get level' },
      schema: {
        tags,
        summary: "A user's level; for the caller also their open quests and streaks. Another user's only when their profile is public",
        params: ZGamificationUserParams,
        response: { 200: ZGamificationUser },
      },
    },
    async (request) => {
      const caller = requireAuth(request).user;
      const { userId } = request.params;
      if (userId !== caller.id && !(await visibleProfile(db, userId, caller.id))) throw notFound('User not found');
      if (userId !== caller.id) return { level: await levelAnswerOf(db, userId) };
      return ownProgressOf(db, userId);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivityPage, ZActivityQuery, ZProfileAchievements, ZProfileStats } from '@app/shared/gamification/profile';
import { PROFILE_MESSAGES, ZProfileParams } from '@app/shared/profiles/schemas';
import { notFound } from '../../lib/http-errors';
import { visibleProfile } from '../profiles';
import { activityOf } from './profile-activity';
import { profileAchievementsOf, statsOf } from './profile-stats';

const tags = ['gamification'];

/**
 * The profile's gamification blocks (§2.11) under /api/users/{usernameOrId}: the same visibility as
 * the profile itself (a private profile, or one whose owner blocked the caller, is 404), and the
 * activity feed also honours Show Activity (off: empty for everyone but the owner).
 */
export const profileProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const load = async (usernameOrId: string, viewerId: string | null) => {
    const visible = await visibleProfile(db, usernameOrId, viewerId);
    if (!visible) throw notFound(PROFILE_MESSAGES.notAvailable);
    return visible;
  };

  app.get(
    '/:usernameOrId/activity',
    {
      config: { access: 'public', failureMessage: 'Failed to load activity' },
      schema: {
        tags,
        summary:
          'The user’s activity, newest first: levels, achievements, bots published, chats started, bots favorited, users followed (paged with nextCursor)',
        params: ZProfileParams,
        querystring: ZActivityQuery,
        response: { 200: ZActivityPage },
      },
    },
    async (request) => {
      const { user, privacy, isOwner } = await load(request.params.usernameOrId, request.auth?.user.id ?? null);
      // Show Activity off: others see none; the owner still sees theirs.
      if (!isOwner && !privacy.shareActivityStatus) return { items: [], nextCursor: null };
      return activityOf(db, user.id, { viewerIsOwner: isOwner, limit: request.query.limit, cursor: request.query.cursor });
    },
  );

  app.get(
    '/:usernameOrId/stats',
    {
      config: { access: 'public', failureMessage: 'Failed to load stats' },
      schema: {
        tags,
        summary: 'The profile’s stats grid: chats, bots created, achievements, XP with rank, followers, likes, streak, completion',
        params: ZProfileParams,
        response: { 200: ZProfileStats },
      },
    },
    async (request) => statsOf(db, (await load(request.params.usernameOrId, request.auth?.user.id ?? null)).user.id),
  );

  app.get(
    '/:usernameOrId/achievements',
    {
      config: { access: 'public', failureMessage: 'Failed to load achievements' },
      schema: {
        tags,
        summary: 'The achievements the user unlocked (newest first, the three featured marked) and the badges they wear',
        params: ZProfileParams,
        response: { 200: ZProfileAchievements },
      },
    },
    async (request) => profileAchievementsOf(db, (await load(request.params.usernameOrId, request.auth?.user.id ?? null)).user.id),
  );
};

import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPageQuery } from '@app/shared/http/pagination';
import {
  PROFILE_MESSAGES,
  ZFollowParams,
  ZFollowResult,
  ZProfileParams,
  ZProfileUserPage,
  ZPublicProfile,
} from '@app/shared/profiles/schemas';
import { userFollows, users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { followCounts, profileOf } from './repository';
import { visibleProfile } from './visibility';

const tags = ['profiles'];

/** Public profiles (/profile/{usernameOrId}) and follows. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // A user who blocked the viewer, or whose profile is private (settings: privacy), is not there for others.
  const loadWithPrivacy = async (usernameOrId: string, viewerId: string | null = null) => {
    const visible = await visibleProfile(db, usernameOrId, viewerId);
    if (!visible) throw notFound(PROFILE_MESSAGES.notAvailable);
    return visible;
  };
  const load = async (usernameOrId: string, viewerId: string | null = null) => (await loadWithPrivacy(usernameOrId, viewerId)).user;

  app.get(
    '/:usernameOrId/profile',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'A public profile by username or id', params: ZProfileParams, response: { 200: ZPublicProfile } },
    },
    async (request) => {
      const viewerId = request.auth?.user.id ?? null;
      const { user, privacy, isOwner } = await loadWithPrivacy(request.params.usernameOrId, viewerId);
      const profile = await profileOf(db, user, viewerId);
      return isOwner || privacy.showLocation ? profile : { ...profile, location: '' };
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/:usernameOrId/${direction}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: direction === 'followers' ? 'Who follows the user' : 'Whom the user follows',
          params: ZProfileParams,
          querystring: ZPageQuery,
          response: { 200: ZProfileUserPage },
        },
      },
      async (request) => {
        const user = await load(request.params.usernameOrId, request.auth?.user.id ?? null);
        const { page, limit } = request.query;
        const [mine, other] =
          direction === 'followers' ? [userFollows.followeeId, userFollows.followerId] : [userFollows.followerId, userFollows.followeeId];
        const [items, [total]] = await Promise.all([
          db
            .select({ id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl })
            .from(userFollows)
            .innerJoin(users, eq(users.id, other))
            .where(eq(mine, user.id))
            .orderBy(asc(userFollows.createdAt))
            .limit(limit)
            .offset((page - 1) * limit),
          db.select({ n: count() }).from(userFollows).where(eq(mine, user.id)),
        ]);
        return { items, page, limit, total: total?.n ?? 0 };
      },
    );
  }

  for (const follow of [true, false]) {
    const route = follow ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/:userId/follow',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: follow ? 'Follow a user' : 'Stop following a user',
          params: ZFollowParams,
          response: { 200: ZFollowResult },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const me = user.id;
        const target = await load(request.params.userId, me);
        if (target.id === me) throw badRequest(PROFILE_MESSAGES.cannotFollowSelf, 'userId');
        if (follow) {
          const added = await db
            .insert(userFollows)
            .values({ followerId: me, followeeId: target.id })
            .onConflictDoNothing()
            .returning({ followerId: userFollows.followerId });
          // Only a new follow is news; following again tells no one.
          if (added.length > 0) await app.ctx.events.publish('user.followed', { followerId: me, followeeId: target.id });
        } else await db.delete(userFollows).where(and(eq(userFollows.followerId, me), eq(userFollows.followeeId, target.id)));
        return { following: follow, followers: (await followCounts(db, target.id)).followers };
      },
    );
  }
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEADERBOARD_MESSAGES,
  ZLeaderboardEntries,
  ZLeaderboardEntriesQuery,
  ZLeaderboardList,
  ZLeaderboardMembership,
  ZLeaderboardParams,
  ZLeaderboardStats,
  ZLeaderboardUserParams,
} from '@app/shared/leaderboards/schemas';
import { PROFILE_MESSAGES } from '@app/shared/profiles/schemas';
import { AppError, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { visibleProfile } from '../profiles';
import { isPrivate, Leaderboards, rankMirrorOf } from './leaderboards';
import { catchUp, rollPeriods } from './periods';

const tags = ['leaderboards'];

/** How often the boards' periods are opened and closed, and the awards no event announced are counted. */
const ROLL_EVERY_MS = 60_000;
const CATCH_UP_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const MIRROR_REFRESH_EVERY_MS = 24 * 60 * 60_000;

/**
 * The leaderboards (issue 19, decision 026), under /api/gamification/leaderboards. Scores come
 * from the XP award rows of the gamification area: each `gamification.xp_gained` brings its user's
 * boards up to date, and a job counts what no event announced. Nothing imports this area but the app.
 */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config, events, jobs } = app.ctx;
  const mirror = redis ? rankMirrorOf(db, redis, config.redisPrefix, app.log) : null;
  const boards = new Leaderboards({ db, mirror, log: app.log, pageCacheMs: config.leaderboardPageCacheMs });
  app.addHook('onClose', () => boards.settled());

  events.subscribe('gamification.xp_gained', 'leaderboards', ({ payload }) => boards.update(payload.userId));
  jobs.every('leaderboard-periods', ROLL_EVERY_MS, () => rollPeriods(db, boards));
  jobs.every('leaderboard-catch-up', CATCH_UP_EVERY_MS, () => catchUp(db, boards));
  jobs.every('leaderboard-private-sweep', SWEEP_EVERY_MS, () => boards.sweepPrivate());
  if (mirror) jobs.every('leaderboard-mirror-refresh', MIRROR_REFRESH_EVERY_MS, () => boards.refreshMirrors());

  const boardOf = (id: string) => {
    const board = boards.board(id);
    if (!board) throw notFound(LEADERBOARD_MESSAGES.notFound);
    return board;
  };

  app.get(
    '/',
    {
      config: { access: 'user', failureMessage: LEADERBOARD_MESSAGES.listFailed },
      schema: {
        tags,
        summary: 'The leaderboards: what each counts, over which period, and when the current period resets',
        response: { 200: ZLeaderboardList },
      },
    },
    async () => ({ items: boards.list() }),
  );

  app.get(
    '/:id/entries',
    {
      config: { access: 'user', failureMessage: LEADERBOARD_MESSAGES.loadFailed },
      schema: {
        tags,
        summary: "A page of a board's current period (players who joined, best first; ties share a rank) and the caller's place",
        params: ZLeaderboardParams,
        querystring: ZLeaderboardEntriesQuery,
        response: { 200: ZLeaderboardEntries },
      },
    },
    async (request) => boards.entries(boardOf(request.params.id), request.query, requireAuth(request).user.id),
  );

  app.post(
    '/:id/join',
    {
      config: { access: 'user', failureMessage: LEADERBOARD_MESSAGES.joinFailed },
      schema: {
        tags,
        summary: 'Join a board (again: nothing changes); a private profile cannot (403)',
        params: ZLeaderboardParams,
        response: { 200: ZLeaderboardMembership },
      },
    },
    async (request) => {
      const board = boardOf(request.params.id);
      const userId = requireAuth(request).user.id;
      if (await isPrivate(db, userId)) throw new AppError(403, 'PROFILE_PRIVATE', LEADERBOARD_MESSAGES.privateProfile);
      return { leaderboardId: board.id, joined: true, me: await boards.join(board, userId) };
    },
  );

  app.delete(
    '/:id/join',
    {
      config: { access: 'user', failureMessage: LEADERBOARD_MESSAGES.leaveFailed },
      schema: {
        tags,
        summary: 'Leave a board (not a member: nothing changes)',
        params: ZLeaderboardParams,
        response: { 200: ZLeaderboardMembership },
      },
    },
    async (request) => {
      const board = boardOf(request.params.id);
      await boards.leave(board, requireAuth(request).user.id);
      return { leaderboardId: board.id, joined: false, me: null };
    },
  );

  app.get(
    '/user/:id/stats',
    {
      config: { access: 'user', failureMessage: LEADERBOARD_MESSAGES.statsFailed },
      schema: {
        tags,
        summary: "A user's rank, score and percentile on each board they joined (a private profile: 404 to others)",
        params: ZLeaderboardUserParams,
        response: { 200: ZLeaderboardStats },
      },
    },
    async (request) => {
      const visible = await visibleProfile(db, request.params.id, requireAuth(request).user.id);
      if (!visible) throw notFound(PROFILE_MESSAGES.notAvailable);
      return { items: await boards.stats(visible.user.id) };
    },
  );
};

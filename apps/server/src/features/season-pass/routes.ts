import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import { SEASON_MESSAGES as M } from '@app/shared/season-pass/messages';
import {
  ZAdminSeason,
  ZAdminSeasonPage,
  ZAdminSeasonQuery,
  ZClaimBody,
  ZCurrentSeason,
  ZSeasonBody,
  ZSeasonClaim,
  ZSeasonParams,
  ZSeasonPatch,
  ZSeasonPurchase,
  ZSeasonTierParams,
} from '@app/shared/season-pass/schemas';
import { notFound, unauthorized } from '../../lib/http-errors';
import { bearerToken, requireAuth } from '../../plugins/auth';
import { createSeason, deleteSeason, listSeasons, updateSeason } from './admin';
import { claimTier } from './claim';
import { purchasePass } from './purchase';
import { runningSeason, seasonOf, standingOf } from './store';

const tags = ['season-pass'];

/** The season pass for players, under /api/gamification/season-pass (gamification.md §7, issue 19). */
export const seasonPassRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, metrics } = app.ctx;

  app.get(
    '/current',
    {
      config: { access: 'public', failureMessage: M.loadFailed },
      schema: {
        tags,
        summary: "The running season with its tiers and the caller's standing (me: null when not signed in); 404 when no season runs",
        response: { 200: ZCurrentSeason },
      },
    },
    async (request) => {
      // A token that no longer opens a session is a 401 (the client refreshes and asks again), not a visitor's answer.
      if (!request.auth && bearerToken(request)) throw unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.SESSION_EXPIRED);
      const season = await runningSeason(db, new Date());
      if (!season) throw notFound(M.noSeason);
      return { ...seasonOf(season), me: request.auth ? await standingOf(db, season, request.auth.user.id) : null };
    },
  );

  app.post(
    '/:id/purchase',
    {
      config: { access: 'user', failureMessage: M.purchaseFailed },
      schema: {
        tags,
        summary: "Buys the running season's pass for its price in gems, once (too few gems: 402 INSUFFICIENT_GEMS; again: 409)",
        params: ZSeasonParams,
        response: { 200: ZSeasonPurchase },
      },
    },
    async (request) => purchasePass(db, metrics, requireAuth(request).user.id, request.params.id),
  );

  app.post(
    '/:seasonId/tiers/:tier/claim',
    {
      config: { access: 'user', failureMessage: M.claimFailed },
      schema: {
        tags,
        summary: "Claims a reached tier's reward on the free or (with the pass) the premium track, once per tier and track",
        params: ZSeasonTierParams,
        body: ZClaimBody,
        response: { 200: ZSeasonClaim },
      },
    },
    async (request) =>
      claimTier(app.ctx, requireAuth(request).user.id, {
        seasonId: request.params.seasonId,
        tier: request.params.tier,
        track: request.body.track,
      }),
  );
};

/** The admins' seasons, under /api/admin (every change audited). */
export const adminSeasonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const admin = ['admin'];

  app.get(
    '/seasons',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary: 'Every season, the latest start first, with its state and the passes sold',
        querystring: ZAdminSeasonQuery,
        response: { 200: ZAdminSeasonPage },
      },
    },
    async (request) => listSeasons(db, request.query),
  );

  app.post(
    '/seasons',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary: 'Creates a season with its tiers (it may not overlap another: 409 SEASON_OVERLAP)',
        body: ZSeasonBody,
        response: { 201: ZAdminSeason },
      },
    },
    async (request, reply) => reply.code(201).send(await createSeason(db, requireAuth(request).user.id, request.body)),
  );

  app.patch(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary: 'Changes a season; once it has started only its name and end (409 SEASON_STARTED)',
        params: ZSeasonParams,
        body: ZSeasonPatch,
        response: { 200: ZAdminSeason },
      },
    },
    async (request) => updateSeason(db, requireAuth(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: { tags: admin, summary: 'Deletes a season that has not started (409 SEASON_STARTED)', params: ZSeasonParams },
    },
    async (request, reply) => {
      await deleteSeason(db, requireAuth(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};

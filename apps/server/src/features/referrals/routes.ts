import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import {
  ZAdminReferralPage,
  ZAdminReferralParams,
  ZAdminReferralsQuery,
  ZApplyReferralBody,
  ZReferralAdminConfig,
  ZReferralAttachment,
  ZReferralClickBody,
  ZReferralCodeAnswer,
  ZReferralCodeLookup,
  ZReferralCodeParams,
  ZReferralConfig,
  ZReferralDashboard,
  ZReferralDashboardQuery,
  ZRegisterReferralBody,
  ZAdminReferral,
  type AdminReferral,
} from '@app/shared/referrals/schemas';
import { referralClicks, referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { AppError, forbidden, notFound, tooManyRequests } from '../../lib/http-errors';
import { Limiter } from '../../lib/limiter';
import { requireAuth } from '../../plugins/auth';
import { pricingOf } from '../pricing';
import { ensureReferralCode, ownerOfCode } from './codes';
import { referralDashboard } from './dashboard';
import {
  attachReferral,
  confirmVerifiedReferral,
  holdPurchaseBonus,
  refundPurchaseBonus,
  releaseHeldBonuses,
  reviewReferral,
  type ProgramDeps,
  type ReferralRow,
} from './program';
import { referralSettings, saveReferralSettings } from './settings';

const tags = ['referrals'];
const ZNoContent = z.null().describe('No content');
/** How often the job looks for purchase bonuses whose hold has ended. */
const RELEASE_EVERY_MS = 10 * 60_000;

/**
 * The referral program (issue 16), every call under /api: the panel's calls (/api/referral/...),
 * the gamification area's two (/api/gamification/referrals/...) and the admins' review and config.
 * It reacts to auth's and purchases' events; nothing imports it but the app.
 */
/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket reports). */
const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\./i.test(ip);

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, redis, events, jobs, metrics } = app.ctx;
  const deps: ProgramDeps = { db, events, metrics, userTokenCostEur: async () => (await pricingOf(db).get()).user_token_cost_eur };
  // Without a trusted proxy, a loopback address is the machine itself (a laptop, a dev server):
  // every visitor has it, so it can't tell a referrer's own signup from a friend's. Behind a
  // trusted proxy the forwarded address is the client's, and the fraud rules hold for it.
  const addressKnown = (ip: string) => config.trustProxy || !isLoopback(ip);
  const prefix = `${config.redisPrefix}referral:`;
  // Codes can't be enumerated: every click, lookup and apply counts against the caller's address.
  const clicksPerIp = new Limiter({ redis, keyPrefix: `${prefix}click-ip`, points: 60, durationSeconds: 600 });
  const lookupsPerIp = new Limiter({ redis, keyPrefix: `${prefix}lookup-ip`, points: 60, durationSeconds: 600 });
  const appliesPerIp = new Limiter({ redis, keyPrefix: `${prefix}apply-ip`, points: 20, durationSeconds: 3600 });
  const limit = async (limiter: Limiter, request: FastifyRequest) => {
    const wait = await limiter.hit(request.ip);
    if (wait) throw tooManyRequests(REFERRAL_MESSAGES.rateLimited, wait);
  };

  events.subscribe('user.signed_up', 'referrals', async ({ payload }) => {
    if (!payload.ref) return;
    try {
      await attachReferral(deps, {
        referredId: payload.userId,
        code: payload.ref,
        ip: payload.ip,
        addressKnown: addressKnown(payload.ip),
        via: 'signup',
      });
    } catch (err) {
      // An unknown code or a self-referral at signup: the account exists, unattached.
      if (!(err instanceof AppError)) throw err;
      app.log.info({ userId: payload.userId, code: err.code }, 'signup referral not attached');
    }
  });
  events.subscribe('user.email_verified', 'referrals', ({ payload }) => confirmVerifiedReferral(deps, payload.userId));
  events.subscribe('purchase.paid', 'referrals', ({ payload }) => holdPurchaseBonus(deps, payload));
  events.subscribe('purchase.refunded', 'referrals', ({ payload }) => refundPurchaseBonus(deps, payload.purchaseId));
  jobs.every('referral-bonus-release', RELEASE_EVERY_MS, () => releaseHeldBonuses(deps));

  app.get(
    '/referral/config',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The program's settings the panel shows", response: { 200: ZReferralConfig } },
    },
    async () => {
      const s = await referralSettings(db);
      return {
        registrationBonus: s.registrationBonus,
        purchaseBonusPercentage: s.purchaseBonusPercentage,
        maxBonusPerUser: s.maxBonusPerUser,
        minPurchaseForBonus: s.minPurchaseForBonus,
        linkExpireDays: s.linkExpireDays,
      };
    },
  );

  app.post(
    '/referral/generate-code',
    {
      config: { access: 'user', failureMessage: 'Failed to generate referral code' },
      schema: {
        tags,
        summary: "The caller's referral code, made on the first call (the same one after)",
        response: { 200: ZReferralCodeAnswer },
      },
    },
    async (request) => ({ referralCode: await ensureReferralCode(db, requireAuth(request).user.id) }),
  );

  const dashboard = async (request: FastifyRequest<{ Querystring: { userId?: string } }>) => {
    const caller = requireAuth(request).user;
    const userId = request.query.userId ?? caller.id;
    if (userId !== caller.id) {
      if (caller.role !== 'admin') throw forbidden();
      const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!exists) throw notFound();
    }
    return referralDashboard(db, userId, config.publicUrl, await referralSettings(db));
  };
  const dashboardSchema = {
    tags,
    querystring: ZReferralDashboardQuery,
    response: { 200: ZReferralDashboard },
  };
  app.get(
    '/referral/user-dashboard',
    {
      config: { access: 'user', failureMessage: REFERRAL_MESSAGES.loadFailed },
      schema: { ...dashboardSchema, summary: "The caller's referral dashboard (userId: the caller's own; an admin's: anyone's)" },
    },
    dashboard,
  );
  app.get(
    '/gamification/referrals/stats',
    {
      config: { access: 'user', failureMessage: REFERRAL_MESSAGES.loadFailed },
      schema: { ...dashboardSchema, summary: 'The referral dashboard, as GET /api/referral/user-dashboard answers it' },
    },
    dashboard,
  );

  const attach = async (request: FastifyRequest, code: string, via: 'apply' | 'register') => {
    const user = requireAuth(request).user;
    await limit(appliesPerIp, request);
    const { referral, bonus } = await attachReferral(deps, {
      referredId: user.id,
      code,
      ip: request.ip,
      addressKnown: addressKnown(request.ip),
      via,
    });
    return { id: referral.id, status: referral.status, reason: referral.reason, bonus };
  };
  app.post(
    '/gamification/referrals/apply',
    {
      config: { access: 'user', failureMessage: REFERRAL_MESSAGES.applyFailed },
      schema: {
        tags,
        summary: 'Attach the caller to the owner of a code (within 7 days of signing up, once)',
        body: ZApplyReferralBody,
        response: { 200: ZReferralAttachment },
      },
    },
    (request) => attach(request, request.body.code, 'apply'),
  );
  app.post(
    '/referral/register',
    {
      config: { access: 'user', failureMessage: REFERRAL_MESSAGES.applyFailed },
      schema: {
        tags,
        summary: 'Attach the caller to the owner of a code (within 7 days of signing up, once); newUserId and ipAddress are not taken',
        body: ZRegisterReferralBody,
        response: { 200: ZReferralAttachment },
      },
    },
    (request) => attach(request, request.body.referralCode, 'register'),
  );

  app.post(
    '/referral/click',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Count a visit of a referral link (the address is the request's)",
        body: ZReferralClickBody,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await limit(clicksPerIp, request);
      const owner = await ownerOfCode(db, request.body.referralCode);
      if (!owner) throw notFound(REFERRAL_MESSAGES.codeNotFound);
      await db.insert(referralClicks).values({ referrerId: owner, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/referral/codes/:code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Who invites with a code (the signup page's 'Invited by')",
        params: ZReferralCodeParams,
        response: { 200: ZReferralCodeLookup },
      },
    },
    async (request) => {
      await limit(lookupsPerIp, request);
      const owner = await ownerOfCode(db, request.params.code);
      const [user] = owner ? await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, owner)) : [];
      if (!user) throw notFound(REFERRAL_MESSAGES.codeNotFound);
      return { displayName: user.displayName };
    },
  );

  // The admins' side: the settings and the review of flagged referrals.
  app.get(
    '/admin/referral/config',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "The program's settings, with the hold and the USD rate", response: { 200: ZReferralAdminConfig } },
    },
    () => referralSettings(db),
  );
  app.put(
    '/admin/referral/config',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "Save the program's settings", body: ZReferralAdminConfig, response: { 200: ZReferralAdminConfig } },
    },
    (request) => saveReferralSettings(db, request.body, requireAuth(request).user.id),
  );

  const referrer = alias(users, 'referrer');
  const referred = alias(users, 'referred');
  const adminView = async (where: ReturnType<typeof eq> | undefined, page: number, limitCount: number): Promise<AdminReferral[]> => {
    const rows = await db
      .select({
        r: referrals,
        referrer: { id: referrer.id, username: referrer.username, displayName: referrer.displayName },
        referred: { id: referred.id, username: referred.username, displayName: referred.displayName, email: referred.email },
      })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(limitCount)
      .offset((page - 1) * limitCount);
    return rows.map(({ r, ...people }) => ({ ...toAdmin(r), ...people }));
  };
  const toAdmin = (r: ReferralRow) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    reason: r.reason,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  });

  app.get(
    '/admin/referrals',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Referrals, newest first; status=flagged lists those waiting for review',
        querystring: ZAdminReferralsQuery,
        response: { 200: ZAdminReferralPage },
      },
    },
    async (request) => {
      const { status, page, limit: size } = request.query;
      const where = status ? eq(referrals.status, status) : undefined;
      const [items, [total]] = await Promise.all([adminView(where, page, size), db.select({ n: count() }).from(referrals).where(where)]);
      return { items, page, limit: size, total: total?.n ?? 0 };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/referrals/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            action === 'approve'
              ? 'Approve a flagged referral: its rewards are paid as for a clean signup'
              : 'Reject a flagged referral: nothing is paid',
          params: ZAdminReferralParams,
          response: { 200: ZAdminReferral },
        },
      },
      async (request) => {
        const reviewed = await reviewReferral(deps, request.params.id, requireAuth(request).user.id, action === 'approve');
        const [item] = await adminView(and(eq(referrals.id, reviewed.id)), 1, 1);
        return item!;
      },
    );
  }
};

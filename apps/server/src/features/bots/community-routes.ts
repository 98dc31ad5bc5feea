import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@app/shared/admin/messages';
import { BOT_ERROR_CODES, BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import {
  ZAnalytics,
  ZBotIdParams,
  ZDeployBody,
  ZDeployResult,
  ZFavoriteResult,
  ZModerationDecision,
  ZModerationPage,
  ZModerationParams,
  ZModerationQuery,
  ZReportBody,
  ZSubmitReviewBody,
} from '@app/shared/bots/schemas';
import { botFavorites, bots, moderationRequests } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/http-errors';
import { requireBot } from './access';
import { userOf } from './caller';
import { recordVisibilityChange } from './events';
import { recordAdminAction } from '../admin-audit';

/**
 * What a decision means for the bot's creator (bot.moderated): a hidden bot, a dismissed report or
 * a refused review, an approved review (or a report upheld without hiding the bot).
 */
function moderationOutcome(type: string, status: 'approved' | 'rejected', hideBot: boolean): 'hidden' | 'dismissed' | 'approved' {
  if (hideBot) return 'hidden';
  if (status === 'rejected') return 'dismissed';
  return type === 'report' ? 'dismissed' : 'approved';
}

const tags = ['bot community'];
const ZCreated = z.object({ id: z.string() });

/** Favorites, reports and reviews, moderation, analytics and deployment (§7). */
export const botCommunityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  for (const favorite of [true, false]) {
    const route = favorite ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/:id/favorite',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: favorite ? 'Add a bot to the favorites' : 'Remove a bot from the favorites',
          params: ZBotIdParams,
          response: { 200: ZFavoriteResult },
        },
      },
      async (request) => {
        const caller = userOf(request);
        const { bot } = await requireBot(db, request.params.id, caller, 'read');
        if (favorite) {
          const added = await db
            .insert(botFavorites)
            .values({ userId: caller.id, botId: bot.id })
            .onConflictDoNothing()
            .returning({ botId: botFavorites.botId });
          // A new favorite only (a repeat is no event); not awaited, the answer doesn't wait for the reactions.
          if (added.length > 0) void app.ctx.events.publish('bot.favorited', { botId: bot.id, ownerId: bot.createdBy, userId: caller.id });
        } else await db.delete(botFavorites).where(and(eq(botFavorites.userId, caller.id), eq(botFavorites.botId, bot.id)));
        return { favorited: favorite };
      },
    );
  }

  app.post(
    '/:id/report',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.report },
      schema: { tags, summary: 'Report a bot to the moderators', params: ZBotIdParams, body: ZReportBody, response: { 201: ZCreated } },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const { bot } = await requireBot(db, request.params.id, caller, 'read');
      // One open report per user and bot (a partial unique index): reporting again updates it, even at the same instant.
      const [row] = await db
        .insert(moderationRequests)
        .values({
          botId: bot.id,
          requestedBy: caller.id,
          type: 'report',
          reason: request.body.reason,
          description: request.body.description,
        })
        .onConflictDoUpdate({
          target: [moderationRequests.botId, moderationRequests.requestedBy],
          targetWhere: sql`type = 'report' and status = 'pending'`,
          set: { reason: request.body.reason, description: request.body.description },
        })
        .returning({ id: moderationRequests.id });
      return reply.status(201).send(row!);
    },
  );

  app.post(
    '/:id/submit-review',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.submitReview },
      schema: {
        tags,
        summary: 'Ask the moderators to review a bot (owner)',
        params: ZBotIdParams,
        body: z.preprocess((v) => v ?? {}, ZSubmitReviewBody),
        response: { 201: ZCreated },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const { bot } = await requireBot(db, request.params.id, caller, 'owner');
      const [row] = await db
        .insert(moderationRequests)
        .values({ botId: bot.id, requestedBy: caller.id, type: request.body?.type ?? 'publish', description: request.body?.notes ?? '' })
        .returning({ id: moderationRequests.id });
      return reply.status(201).send(row!);
    },
  );

  app.get(
    '/moderation-requests',
    {
      config: { access: 'admin', failureMessage: BOT_FAILURES.moderation },
      schema: {
        tags,
        summary: 'Reports and review requests, newest first (admins)',
        querystring: ZModerationQuery,
        response: { 200: ZModerationPage },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const where = status ? eq(moderationRequests.status, status) : undefined;
      const rows = await db
        .select({
          id: moderationRequests.id,
          type: moderationRequests.type,
          status: moderationRequests.status,
          reason: moderationRequests.reason,
          description: moderationRequests.description,
          createdAt: moderationRequests.createdAt,
          bot: { id: bots.id, name: bots.name, visibility: bots.visibility },
          reporter: { id: users.id, username: users.username, displayName: users.displayName },
        })
        .from(moderationRequests)
        .innerJoin(bots, eq(bots.id, moderationRequests.botId))
        .innerJoin(users, eq(users.id, moderationRequests.requestedBy))
        .where(where)
        .orderBy(desc(moderationRequests.createdAt), desc(moderationRequests.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(moderationRequests).where(where);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), page, limit, total: total?.n ?? 0 };
    },
  );

  app.patch(
    '/moderation-requests/:requestId',
    {
      config: { access: 'admin', failureMessage: BOT_FAILURES.moderation },
      schema: {
        tags,
        summary: 'Decide on a report or review request; hideBot makes the bot private (admins)',
        params: ZModerationParams,
        body: ZModerationDecision,
        response: { 200: z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) }) },
      },
    },
    async (request) => {
      const { status, hideBot } = request.body;
      const reason = request.body.reason || null;
      const adminId = userOf(request).id;
      return app.ctx.events.inTransaction(db, async (tx, record) => {
        // Only a pending request is decided, once: the creator hears one outcome (bot.moderated).
        const [row] = await tx
          .update(moderationRequests)
          .set({ status })
          .where(and(eq(moderationRequests.id, request.params.requestId), eq(moderationRequests.status, 'pending')))
          .returning({ id: moderationRequests.id, botId: moderationRequests.botId, type: moderationRequests.type });
        if (!row) {
          const [exists] = await tx
            .select({ id: moderationRequests.id })
            .from(moderationRequests)
            .where(eq(moderationRequests.id, request.params.requestId));
          if (!exists) throw notFound();
          throw new AppError(409, ADMIN_ERROR_CODES.MODERATION_DECIDED, ADMIN_MESSAGES.moderationDecided);
        }
        const [before] = await tx
          .select({ visibility: bots.visibility, name: bots.name, createdBy: bots.createdBy })
          .from(bots)
          .where(eq(bots.id, row.botId))
          .for('update');
        if (hideBot) {
          const [after] = await tx
            .update(bots)
            .set({ visibility: 'private', updatedAt: new Date() })
            .where(eq(bots.id, row.botId))
            .returning();
          if (before && after) recordVisibilityChange(record, before.visibility, after);
        }
        const action = moderationOutcome(row.type, status, hideBot);
        await recordAdminAction(tx, {
          adminId,
          action: 'moderation.decided',
          targetType: 'moderation_request',
          targetId: row.id,
          details: { botId: row.botId, type: row.type, status, hideBot, outcome: action, reason },
        });
        if (before)
          record('bot.moderated', { botId: row.botId, ownerId: before.createdBy, name: before.name, requestId: row.id, action, reason });
        return { id: row.id, status };
      });
    },
  );

  app.get(
    '/analytics',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.analytics },
      schema: { tags, summary: "Totals across the caller's bots", response: { 200: ZAnalytics } },
    },
    async (request) => {
      const caller = userOf(request);
      const mine = eq(bots.createdBy, caller.id);
      const [totals] = await db
        .select({
          totalBots: count(),
          publicBots: sql<number>`count(*) filter (where ${bots.visibility} = 'public')`.mapWith(Number),
          privateBots: sql<number>`count(*) filter (where ${bots.visibility} = 'private')`.mapWith(Number),
          unlistedBots: sql<number>`count(*) filter (where ${bots.visibility} = 'unlisted')`.mapWith(Number),
          totalChats: sql<number>`coalesce(sum(${bots.totalChats}), 0)`.mapWith(Number),
          totalMessages: sql<number>`coalesce(sum(${bots.totalMessages}), 0)`.mapWith(Number),
          ratingCount: sql<number>`coalesce(sum(${bots.ratingCount}), 0)`.mapWith(Number),
          // The mean of all ratings, not of the bots' means: each rating counts once.
          avgRating: sql<number | null>`sum(${bots.avgRating} * ${bots.ratingCount}) / nullif(sum(${bots.ratingCount}), 0)`.mapWith((v) =>
            v === null ? null : Math.round(Number(v) * 100) / 100,
          ),
        })
        .from(bots)
        .where(mine);
      const [favorites] = await db.select({ n: count() }).from(botFavorites).innerJoin(bots, eq(bots.id, botFavorites.botId)).where(mine);
      const top = await db
        .select({
          id: bots.id,
          name: bots.name,
          totalChats: bots.totalChats,
          totalMessages: bots.totalMessages,
          totalImagesGenerated: bots.totalImagesGenerated,
          totalVideosGenerated: bots.totalVideosGenerated,
          avgRating: bots.avgRating,
          ratingCount: bots.ratingCount,
          popularity: bots.popularity,
        })
        .from(bots)
        .where(mine)
        .orderBy(desc(bots.popularity), desc(bots.totalChats), desc(bots.createdAt))
        .limit(5);
      return {
        ...totals!,
        totalFavorites: favorites?.n ?? 0,
        topBots: top.map(({ id, name, ...stats }) => ({ id, name, stats })),
      };
    },
  );

  app.post(
    '/:id/deploy',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.deploy },
      schema: {
        tags,
        summary: "Deploy a bot: 'web' answers its public chat link (owner)",
        params: ZBotIdParams,
        body: ZDeployBody,
        response: { 200: ZDeployResult },
      },
    },
    async (request) => {
      const { bot } = await requireBot(db, request.params.id, userOf(request), 'owner');
      const { platform } = request.body;
      if (platform !== 'web') {
        throw new AppError(400, BOT_ERROR_CODES.DEPLOY_ERROR, BOT_MESSAGES.deployUnsupported.replace('{platform}', platform), 'platform');
      }
      return { platform, url: `${app.ctx.config.publicUrl}/chat/${bot.id}` };
    },
  );
};

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import { ZBotIdParams } from '@app/shared/bots/schemas';
import { withDefaultSettings } from '@app/shared/bots/validation';
import {
  ZBotStatistics,
  ZRateBody,
  ZRateResult,
  ZStatisticsExportQuery,
  ZStatisticsQuery,
  ZTestBody,
  ZTestReply,
} from '@app/shared/chats/schemas';
import { bots } from '../../db/schema/bots';
import { botRatings, chats } from '../../db/schema/chats';
import { AppError, forbidden } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { requireBot } from '../bots';
import { ModelError } from '../../llm/types';
import { buildPrompt, fillMacros } from './prompt';
import { defaultSpeaker } from '../personas';
import { replyCost, reserveReply } from './reply';
import { botStatistics, statisticsCsv } from './statistics';

const tags = ['chats'];

/** Bot calls that belong to chatting: the creator's test reply and the users' ratings. */
export const botChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/:id/test',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.test },
      schema: {
        tags,
        summary: "One reply to a message, with no history and nothing saved: the creator's preview",
        params: ZBotIdParams,
        body: ZTestBody,
        response: { 200: ZTestReply },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [{ bot }, speaker] = await Promise.all([
        requireBot(db, request.params.id, { id: user.id, role: user.role }, 'write'),
        defaultSpeaker(db, user.id),
      ]);
      // The creator previews the bot as they would chat with it: as their default persona.
      const userName = speaker?.name ?? user.displayName;
      const charge = await reserveReply(db, app.ctx.metrics, { userId: user.id, botId: bot.id }, replyCost(bot), `test:${bot.id}`);
      const settings = withDefaultSettings(bot.settings);
      const controller = new AbortController();
      request.raw.on('close', () => request.raw.destroyed && controller.abort());
      let text = '';
      try {
        const messages = buildPrompt({
          bot: { ...bot, settings },
          userName,
          persona: speaker?.description,
          history: [{ role: 'user', content: request.body.message }],
        });
        const character = {
          name: bot.name,
          personality: fillMacros(bot.personality, bot.name, userName),
          scenario: fillMacros(bot.scenario, bot.name, userName),
          userName,
          lastUserMessage: request.body.message,
        };
        for await (const piece of app.ctx.model.stream({ messages, settings, character }, controller.signal)) text += piece;
        if (!text.trim()) throw new ModelError('The model sent an empty reply');
      } catch (err) {
        await charge.refund();
        request.log.warn({ err }, 'a test reply failed');
        throw new AppError(502, 'MODEL_ERROR', err instanceof ModelError ? err.message : BOT_FAILURES.test);
      }
      return { reply: text };
    },
  );

  app.get(
    '/:id/statistics',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.statistics },
      schema: {
        tags,
        summary: "A bot's statistics over 7, 30 or 90 days including today (its owner and collaborators)",
        params: ZBotIdParams,
        querystring: ZStatisticsQuery,
        response: { 200: ZBotStatistics },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { bot } = await requireBot(db, request.params.id, { id: user.id, role: user.role }, 'member');
      return botStatistics(db, bot.id, request.query.range);
    },
  );

  app.get(
    '/:id/statistics/export',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.exportStatistics },
      schema: { tags, summary: "A bot's daily statistics as a CSV file", params: ZBotIdParams, querystring: ZStatisticsExportQuery },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { bot } = await requireBot(db, request.params.id, { id: user.id, role: user.role }, 'member');
      const stats = await botStatistics(db, bot.id, request.query.range);
      return reply
        .header('content-disposition', `attachment; filename="bot-statistics-${request.query.range}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(statisticsCsv(stats));
    },
  );

  app.post(
    '/:id/rate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rate a bot from 1 to 5 after chatting with it (one rating per user, changeable)',
        params: ZBotIdParams,
        body: ZRateBody,
        response: { 200: ZRateResult },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { bot } = await requireBot(db, request.params.id, { id: user.id, role: user.role }, 'read');
      const [chatted] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userId, user.id), eq(chats.botId, bot.id)))
        .limit(1);
      if (!chatted) throw forbidden('Chat with the bot before rating it');
      const { rating } = request.body;
      return db.transaction(async (tx) => {
        await tx
          .insert(botRatings)
          .values({ botId: bot.id, userId: user.id, rating })
          .onConflictDoUpdate({ target: [botRatings.botId, botRatings.userId], set: { rating } });
        // The bot's average and count always come from the ratings themselves.
        const [agg] = await tx
          .select({
            avg: sql<number | null>`round(avg(${botRatings.rating})::numeric, 2)`.mapWith((v) => (v === null ? null : Number(v))),
            n: sql<number>`count(*)`.mapWith(Number),
          })
          .from(botRatings)
          .where(eq(botRatings.botId, bot.id));
        await tx.update(bots).set({ avgRating: agg!.avg, ratingCount: agg!.n }).where(eq(bots.id, bot.id));
        return { rating, avgRating: agg!.avg, ratingCount: agg!.n };
      });
    },
  );
};

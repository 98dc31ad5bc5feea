import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBotSummaryPage, ZCategoryList, ZPublicBotsQuery } from '@app/shared/bots/schemas';
import { listCategories, listPublicBots } from './repository';

const tags = ['bots'];

export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Public bots, newest first, paged', querystring: ZPublicBotsQuery, response: { 200: ZBotSummaryPage } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listPublicBots(app.ctx.db, page, limit);
      return { items, total, page, limit };
    },
  );

  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { tags, summary: 'Bot categories', response: { 200: ZCategoryList } } },
    async () => ({ items: await listCategories(app.ctx.db) }),
  );
};

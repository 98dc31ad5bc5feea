import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RANKS } from '@app/shared/gamification/levels';
import { GAMIFICATION_CONFIG, ZGamificationConfig, ZRankList } from '@app/shared/gamification/schemas';
import { listenForProgress } from './listeners';

const tags = ['gamification'];

/**
 * The gamification layer (issue 17), under /api/gamification. It listens to the events of chats,
 * bots and auth and awards XP for them (listeners.ts); nothing imports it but the app.
 */
export const gamificationRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

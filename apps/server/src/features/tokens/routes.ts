import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLedgerPage, ZLedgerPageQuery, ZTokenBalance } from '@app/shared/tokens/schemas';
import { requireAuth } from '../../plugins/auth';
import { listTransactions } from './history';
import { getBalance, onPostingCounted } from './wallet';

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every committed movement of a balance (tokens or gems) is announced, for the live badge (issue
  // 18). Not awaited: a reply's charge is on its hot path, and the announcement is best effort.
  onPostingCounted(app.ctx.metrics, ({ userId, currency }) => void app.ctx.events.publish('balance.changed', { userId, currency }));
  app.get(
    '/balance',
    {
      config: { access: 'user' },
      schema: { tags: ['tokens'], summary: "The caller's token balance", response: { 200: ZTokenBalance } },
    },
    async (request) => ({ balance: await getBalance(app.ctx.db, requireAuth(request).user.id, 'tokens') }),
  );
  app.get(
    '/transactions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tokens'],
        summary: "The caller's token movements, the latest first, paged with nextCursor",
        querystring: ZLedgerPageQuery,
        response: { 200: ZLedgerPage },
      },
    },
    async (request) => listTransactions(app.ctx.db, requireAuth(request).user.id, 'tokens', request.query),
  );
};

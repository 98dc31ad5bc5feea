import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GEM_CONFIG, GEM_PACKAGES, GEM_RECENT_TRANSACTIONS, gemsForCost, recommendPackage } from '@app/shared/gems/rules';
import { ZGemBalance, ZGemConfig, type GemBalance, ZGemPackages, ZGemQuote, ZGemQuoteQuery } from '@app/shared/gems/schemas';
import { ZLedgerPage, ZLedgerPageQuery } from '@app/shared/tokens/schemas';
import type { Executor } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { getBalance, ledgerTotals, listTransactions } from '../tokens';

const tags = ['gems'];

/** GET /api/gems's answer: the balance, the sums spent and earned, the latest movements (the app shell carries it too, decision 043). */
export async function gemBalanceOf(db: Executor, userId: string): Promise<GemBalance> {
  const [totalGems, totals, recent] = await Promise.all([
    getBalance(db, userId, 'gems'),
    ledgerTotals(db, userId, 'gems'),
    listTransactions(db, userId, 'gems', { limit: GEM_RECENT_TRANSACTIONS }),
  ]);
  return { totalGems, spentGems: totals.spent, earnedGems: totals.earned, transactions: recent.items };
}

export const gemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's gems: balance, sums spent and earned (purchases count as earned), the latest 100 movements",
        response: { 200: ZGemBalance },
      },
    },
    async (request) => gemBalanceOf(db, requireAuth(request).user.id),
  );

  app.get(
    '/transactions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's gem movements, the latest first, paged with nextCursor",
        querystring: ZLedgerPageQuery,
        response: { 200: ZLedgerPage },
      },
    },
    async (request) => listTransactions(db, requireAuth(request).user.id, 'gems', request.query),
  );

  app.get(
    '/packages',
    { config: { access: 'public' }, schema: { tags, summary: 'The gem packages on sale', response: { 200: ZGemPackages } } },
    async () => ({ items: [...GEM_PACKAGES] }),
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The gem economy: rate, minimum purchase, welcome gems', response: { 200: ZGemConfig } },
    },
    async () => ({ ...GEM_CONFIG }),
  );

  app.get(
    '/quote',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A content cost in gems (ceil(cost / gemToUsdRate)) and the package to suggest',
        querystring: ZGemQuoteQuery,
        response: { 200: ZGemQuote },
      },
    },
    async (request) => {
      const gems = gemsForCost(request.query.costUsd);
      return { gems, recommendedPackage: recommendPackage(gems) };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ECONOMY_MESSAGES } from '@app/shared/admin-economy/messages';
import {
  ZEconomyQuery,
  ZEconomyReport,
  ZPaymentReviewList,
  ZTokenPurchase,
  ZTokenPurchaseInput,
  ZTokenPurchaseList,
  ZTokenPurchaseParams,
  ZTokenPurchasePatch,
} from '@app/shared/admin-economy/schemas';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { paymentReviews } from './payment-reviews';
import { economyReport } from './report';
import { tokenPurchasesOf } from './store';

/** The admins' API token purchases (bots-header-auth.md §3) and the revenue, cost and margin report. */
export const adminEconomyRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = tokenPurchasesOf(app.ctx.db);
  // Every instance drops its cached list when an admin writes (decision 016).
  app.ctx.events.subscribeEverywhere('token-purchases.changed', 'token-purchases-cache', () => store.invalidate());
  const changed = (by: string) => app.ctx.events.publish('token-purchases.changed', { updatedBy: by });

  app.get(
    '/token-purchases',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The API token purchases, newest first, with cost_rub and cost_per_token',
        response: { 200: ZTokenPurchaseList },
      },
    },
    async () => ({ items: await store.list() }),
  );

  app.post(
    '/token-purchases',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Records an API token purchase (cost_rub and cost_per_token are computed)',
        body: ZTokenPurchaseInput,
        response: { 201: ZTokenPurchase },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const created = await store.create(request.body, user.id);
      await changed(user.id);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/token-purchases/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Changes an API token purchase',
        params: ZTokenPurchaseParams,
        body: ZTokenPurchasePatch,
        response: { 200: ZTokenPurchase },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (Object.keys(request.body).length === 0) throw badRequest(ADMIN_ECONOMY_MESSAGES.nothingToChange);
      const updated = await store.update(request.params.id, request.body, user.id);
      if (!updated) throw notFound(ADMIN_ECONOMY_MESSAGES.purchaseNotFound);
      await changed(user.id);
      return updated;
    },
  );

  app.delete(
    '/token-purchases/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Removes an API token purchase', params: ZTokenPurchaseParams },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      if (!(await store.remove(request.params.id, user.id))) throw notFound(ADMIN_ECONOMY_MESSAGES.purchaseNotFound);
      await changed(user.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/economy',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Revenue, provider cost (cash and usage bases) and margin over a range of UTC days, with daily series',
        querystring: ZEconomyQuery,
        response: { 200: ZEconomyReport },
      },
    },
    async (request) => economyReport(app.ctx.db, request.query),
  );

  app.get(
    '/economy/payment-reviews',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Payments held for review: purchases and subscription checkouts Stripe reported paid at another amount or currency',
        response: { 200: ZPaymentReviewList },
      },
    },
    async () => ({ items: await paymentReviews(app.ctx.db) }),
  );
};

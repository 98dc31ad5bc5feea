import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminAnalytics, ZAdminAnalyticsQuery } from '@app/shared/admin/schemas';
import { adminAuditRoutes } from '../admin-audit';
import { platformAnalytics } from './analytics';
import { adminBroadcastRoutes } from './broadcast';
import { adminJobRoutes } from './jobs';
import { adminUserRoutes } from './users';

/** The admin console's calls under /api/admin: users, analytics, broadcasts, jobs and the audit log (decision 023). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminUserRoutes);
  await app.register(adminBroadcastRoutes);
  await app.register(adminJobRoutes);
  await app.register(adminAuditRoutes);

  app.get(
    '/bots/analytics',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Platform-wide bot analytics: totals, top bots and daily series over a range of UTC days (the last 30 by default)',
        querystring: ZAdminAnalyticsQuery,
        response: { 200: ZAdminAnalytics },
      },
    },
    async (request) => platformAnalytics(app.ctx.db, request.query),
  );
};

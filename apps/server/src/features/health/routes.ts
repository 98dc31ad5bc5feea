import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });

/** Liveness (/healthz: the process answers) and readiness (/readyz: it can serve, database and Redis included). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ZHealth } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_request, reply) => {
      const checks: Record<string, string> = {};
      let ok = app.ctx.ready;
      checks.server = app.ctx.ready ? 'ok' : 'shutting down';
      try {
        await app.ctx.database.ping();
        checks.database = 'ok';
      } catch {
        checks.database = 'unreachable';
        ok = false;
      }
      if (app.ctx.redis) {
        try {
          await app.ctx.redis.ping();
          checks.redis = 'ok';
        } catch {
          checks.redis = 'unreachable';
          ok = false;
        }
      }
      reply.status(ok ? 200 : 503);
      return { status: ok ? ('ok' as const) : ('unavailable' as const), checks };
    },
  );
};

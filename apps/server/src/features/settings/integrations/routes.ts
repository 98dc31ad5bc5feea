import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Connected services, API keys (scoped bearer access) and webhooks (signed, delivered by the job queue). */
export const integrationRoutes: FastifyPluginAsyncZod = async () => {};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Notification settings, the in-app bell, test sends (in-app, email, Web Push) and the digest job. */
export const notificationRoutes: FastifyPluginAsyncZod = async () => {};

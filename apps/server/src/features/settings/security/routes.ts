import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Password change, two-factor (TOTP, email, sms), sessions and login alerts. */
export const securityRoutes: FastifyPluginAsyncZod = async () => {};

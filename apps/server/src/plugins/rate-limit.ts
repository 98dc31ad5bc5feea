import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@app/shared/http/errors';
import { tooManyRequests } from '../lib/http-errors';

/**
 * A ceiling on requests per client address for the whole API: counted in this process by
 * default, in Redis when REDIS_URL is set (so that every instance shares the count).
 * Login and signup have their own, stricter limits (features/auth/limits.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { config, redis } = app.ctx;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    nameSpace: `${config.redisPrefix}rl:`,
    ...(redis ? { redis } : {}),
    // A Redis that is unreachable must not fail every request: the ceiling lapses until it is back
    // (login and signup keep theirs, counted in memory meanwhile: lib/limiter.ts).
    skipOnError: true,
    // Health checks come from load balancers many times a second; they must never be refused.
    // The matched route, not the raw URL: '/%61pi/...' reaches the API too and must be counted.
    allowList: (request) => !(request.routeOptions.url ?? request.url).startsWith('/api/'),
    // The count is told only to a client that is refused (429 with Retry-After and the x-ratelimit
    // headers): on every other answer they would be three headers more on each read (decision 024).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => tooManyRequests(GENERIC_MESSAGES.rateLimited, context.ttl / 1000),
  });
});

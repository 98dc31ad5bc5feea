import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Address6 } from 'ip-address';
import { ERROR_CODES, GENERIC_MESSAGES } from '@app/shared/http/errors';
import { AppError } from '../lib/http-errors';
import { LeasedRedisWindows, MemoryWindows, type Counted } from '../lib/request-windows';

/** The bits of an IPv6 address that name its client: a /64 is one home or one server. */
const IPV6_CLIENT_BITS = 64;

/** Whose requests count together: an IPv4 address, or the /64 an IPv6 address belongs to. */
export function clientKey(ip: string): string {
  // Most callers are IPv4: no colon, no parsing.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  // The network's first address, as @fastify/rate-limit named it (the counts of a rolling deploy carry over).
  return new Address6(`${address.correctForm()}/${IPV6_CLIENT_BITS}`).startAddress().correctForm();
}

/**
 * A ceiling on requests per client address for the whole API: counted in this process by
 * default, in Redis when REDIS_URL is set (so that every instance shares the count; in blocks,
 * lib/request-windows.ts). Login and signup have their own, stricter limits (features/auth/limits.ts).
 *
 * Ours rather than @fastify/rate-limit, which it replaced: that plugin spent a fifth of an
 * authenticated read's time (several awaits and a copy of the route's options per request, and a
 * Redis script per request); here a request that its instance can count at once is one map
 * lookup, with no promise (decision 024).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { config, redis } = app.ctx;
  const { max, windowMs } = config.rateLimit;
  const memory = new MemoryWindows(windowMs);
  const windows = redis ? new LeasedRedisWindows(redis, `${config.redisPrefix}rl:`, windowMs, max, memory) : memory;
  app.addHook('onClose', (_app, done) => {
    windows.close();
    memory.close();
    done();
  });

  const decide = (counted: Counted, reply: FastifyReply, done: (err?: Error) => void) => {
    if (counted.count <= max) return done();
    const seconds = String(Math.max(1, Math.ceil((counted.resetAt - Date.now()) / 1000)));
    // The count is told only to a client that is refused: on every answer they would be three
    // headers more on each read (decision 024).
    done(
      new AppError(429, ERROR_CODES.RATE_LIMITED, GENERIC_MESSAGES.rateLimited, undefined, {
        'retry-after': seconds,
        'x-ratelimit-limit': String(max),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': seconds,
      }),
    );
  };
  const limit: onRequestHookHandler = (request, reply, done) => {
    const counted = windows.take(clientKey(request.ip));
    if (counted instanceof Promise) void counted.then((c) => decide(c, reply, done), done);
    else decide(counted, reply, done);
  };

  // Every route of the API, by its path as matched: '/%61pi/...' reaches the same routes and is
  // counted. Health checks come from load balancers many times a second and are never refused.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [limit] : Array.isArray(own) ? [...own, limit] : [own, limit];
  });
});

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIX = '/api/';

/**
 * True when an API answer may hold someone's private data: the request carried credentials (an
 * Authorization header, a session or API key, any cookie: the refresh and live cookies are the
 * only ones), the route needs a session, or the answer sets a cookie (sign-in, signup and refresh
 * answers carry tokens). An anonymous call of a public route is none of these.
 */
function isPrivate(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers.authorization !== undefined || request.headers.cookie !== undefined) return true;
  if (request.auth || request.pendingAuth || reply.hasHeader('set-cookie')) return true;
  const access = request.is404 ? undefined : request.routeOptions.config?.access;
  return access === 'user' || access === 'admin';
}

/**
 * Private answers are kept by no cache (OWASP's REST Security Cheat Sheet): a shared cache or a
 * proxy that kept one would hand a user's data to the next caller, and the browser's own cache
 * would keep it on disk after sign-out. A route that states its own Cache-Control (an export, a
 * stream, a public page's caching) keeps it. Answers that take the response over (SSE) set theirs.
 */
export const privateAnswersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control') && isPrivate(request, reply))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

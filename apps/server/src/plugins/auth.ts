import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import { authenticateAccessToken } from '../features/auth/sessions';
import { forbidden, unauthorized } from '../lib/http-errors';

/** Routes that plugins add for us (the API docs) and that are public by nature. */
const DOCS_PREFIX = '/api/docs';

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  return token && token.length <= 512 ? token : null;
}

/**
 * Authentication and authorization in one place. Each /api route states who may call it
 * (`config.access`: public, user or admin); a route that does not say is refused at start, so
 * no route is ever open by accident. 401 without a valid session, 403 without the role.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} does not state its access`);
    // The OpenAPI document shows public routes without the lock of the bearer scheme.
    if (route.config.access === 'public' && route.schema) route.schema = { ...route.schema, security: [] };
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    const token = bearerToken(request);
    if (token) request.auth = await authenticateAccessToken(app.ctx.db, token, request.ip);
    if (!access || access === 'public') return;
    if (!request.auth) {
      throw token ? unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.SESSION_EXPIRED) : unauthorized();
    }
    if (access === 'admin' && request.auth.user.role !== 'admin') throw forbidden();
  });
});

/** The signed-in user of a route whose access is 'user' or 'admin' (the plugin guarantees it). */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@app/shared/admin/messages';
import { AUTH_MESSAGES } from '@app/shared/auth/messages';
import { ERROR_CODES } from '@app/shared/http/errors';
import { INTEGRATION_ERROR_CODES, INTEGRATION_MESSAGES } from '@app/shared/integrations/schemas';
import type { RequestAuth } from '../context';
import type { Database } from '../db/client';
import { AppError, forbidden, unauthorized } from '../lib/http-errors';

/** Routes that plugins add for us (the API docs) and that are public by nature. */
const DOCS_PREFIX = '/api/docs';

/** A bearer token that names no live session. */
const sessionExpired = () => unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.SESSION_EXPIRED);

/**
 * How callers are recognised. The app hands the plugin the auth area's session lookup and the
 * integrations area's API keys where it builds itself, so that this layer imports no feature.
 */
export interface Authenticators {
  /** The live session of an access token, or null. */
  session(db: Database, accessToken: string, ip: string): Promise<RequestAuth | null>;
  /**
   * Called once a write of a signed-in user (any method but GET, HEAD and OPTIONS) has been handled:
   * the session lookup may hold their row (decision 024), which the write may have changed.
   */
  forgetUser?(userId: string): void;
  apiKeys: {
    /** True for tokens that are API keys by their prefix (only those take the key branch). */
    isKey(token: string): boolean;
    /** The key's user and scopes; null when it is unknown or revoked. */
    authenticate(db: Database, key: string): Promise<RequestAuth | null>;
    /** The scope a route needs (`routeUrl` undefined for an unknown path), or null when no key may call it. */
    requiredScope(method: string, routeUrl: string | undefined, path: string): string | null;
  };
}

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
export const authPlugin = fp(async (app: FastifyInstance, authn: Authenticators) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingAuth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} does not state its access`);
    // The OpenAPI document shows public routes without the lock of the bearer scheme.
    if (route.config.access === 'public' && route.schema) route.schema = { ...route.schema, security: [] };
  });

  app.addHook('onRequest', async (request) => {
    // Fastify builds the route's options afresh on each read of `routeOptions`: read once.
    const route = request.is404 ? undefined : request.routeOptions.config;
    const token = bearerToken(request) ?? cookieToken(request, route?.tokenCookie);
    // API keys (only tokens with their prefix take this branch, so sessions stay one lookup).
    if (token && authn.apiKeys.isKey(token) && request.url.startsWith('/api/')) {
      await authenticateWithApiKey(request, token, authn.apiKeys);
      return;
    }
    if (!route) return;
    const { access, deferAuth } = route;
    if (token && access === 'user' && deferAuth) {
      request.pendingAuth = authn.session(app.ctx.db, token, request.ip);
      // Awaited by the route (authOf) or, if the route fails first, by the error handler.
      request.pendingAuth.catch(() => {});
      return;
    }
    if (token) request.auth = await authn.session(app.ctx.db, token, request.ip);
    if (!access || access === 'public') return;
    if (!request.auth) {
      throw token ? sessionExpired() : unauthorized();
    }
    if (access === 'admin' && request.auth.user.role !== 'admin') throw forbidden();
  });

  const { forgetUser } = authn;
  if (forgetUser) {
    // Before the answer leaves, so that the caller's next request already reads what it wrote.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.auth && !READS.has(request.method)) forgetUser(request.auth.user.id);
      done(null, payload);
    });
  }
});

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access token of the cookie a route names (`config.tokenCookie`), for a caller that sent no
 * Authorization header: the browser's EventSource can't send one (the live stream, decision 021).
 * Only such a route reads it, so the cookie authorizes nothing else.
 */
function cookieToken(request: FastifyRequest, name: string | undefined): string | null {
  const value = name ? request.cookies[name] : undefined;
  return value && value.length <= 512 ? value : null;
}

/**
 * A request signed with an API key: an unknown or revoked key is 401 everywhere; a known one acts
 * as its user only on the routes of its scopes (public ones included) and is 403 on any other
 * (unknown paths included, so that a key cannot even probe which closed routes exist).
 */
async function authenticateWithApiKey(request: FastifyRequest, token: string, apiKeys: Authenticators['apiKeys']): Promise<void> {
  const auth = await apiKeys.authenticate(request.server.ctx.db, token);
  if (!auth) throw unauthorized(INTEGRATION_MESSAGES.apiKeyInvalid, INTEGRATION_ERROR_CODES.API_KEY_INVALID);
  // A ban ends the sessions (decision 023); the keys outlive it, so they are refused here.
  if (auth.user.bannedAt) throw new AppError(403, ADMIN_ERROR_CODES.ACCOUNT_BANNED, ADMIN_MESSAGES.accountBanned);
  const path = request.url.split('?')[0]!;
  const scope = apiKeys.requiredScope(request.method, request.is404 ? undefined : request.routeOptions.url, path);
  if (!scope || !auth.apiKey?.scopes.includes(scope))
    throw new AppError(403, INTEGRATION_ERROR_CODES.API_KEY_SCOPE, INTEGRATION_MESSAGES.apiKeyScope);
  const access = request.routeOptions.config.access;
  if (access === 'admin' && auth.user.role !== 'admin') throw forbidden();
  request.auth = auth;
}

/** The signed-in user of a route that defers its session lookup (config.deferAuth): 401 when there is none. */
export async function authOf(request: FastifyRequest) {
  if (!request.auth && request.pendingAuth) request.auth = await request.pendingAuth;
  if (!request.auth) throw sessionExpired();
  return request.auth;
}

/**
 * The 401 to answer instead of any other error when a deferred session lookup found no session,
 * once it is done; null when there was no deferred lookup, or when the lookup itself failed (that
 * failure is then the error to report).
 */
export async function deferredAuthError(request: FastifyRequest): Promise<AppError | null> {
  if (!request.pendingAuth || request.auth) return null;
  const found = await request.pendingAuth.then(
    (auth) => auth !== null,
    () => true,
  );
  return found ? null : sessionExpired();
}

/** The signed-in user of a route whose access is 'user' or 'admin' (the plugin guarantees it). */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

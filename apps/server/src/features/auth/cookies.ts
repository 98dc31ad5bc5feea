import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE } from '@app/shared/auth/messages';

// The refresh cookie only travels to the auth routes, never with every API call.
const REFRESH_COOKIE_PATH = '/api/auth';

/** Sets the httpOnly refresh cookie: SameSite strict, Secure when the site is served over https. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlMs: number): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(ttlMs / 1000),
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
  });
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}

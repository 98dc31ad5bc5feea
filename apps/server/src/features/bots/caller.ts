import type { FastifyRequest } from 'fastify';
import type { Caller } from './access';

/** The signed-in caller as the bot access rules see them, or null for a visitor. */
export function callerOf(request: FastifyRequest): Caller | null {
  const user = request.auth?.user;
  return user ? { id: user.id, role: user.role } : null;
}

/** The signed-in caller of a route whose access is 'user' (the auth plugin has checked it). */
export function userOf(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  if (!caller) throw new Error('route declared access user but has no caller');
  return caller;
}

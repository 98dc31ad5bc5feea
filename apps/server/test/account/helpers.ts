import type { InjectOptions } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import type { TestApp } from '../helpers/app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call as `session` (or anonymous with null); a string body is sent as raw JSON text. */
export function as(
  t: TestApp,
  session: Session | null,
  method: Method,
  url: string,
  body?: object | string,
  extra: Partial<InjectOptions> = {},
) {
  const headers: Record<string, string> = {
    ...(session ? t.bearer(session) : {}),
    ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...(extra.headers as Record<string, string> | undefined),
  };
  return t.app.inject({ method, url, ...extra, headers, ...(body === undefined ? {} : { payload: body }) });
}

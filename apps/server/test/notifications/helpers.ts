import type { LightMyRequestResponse } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import type { TestApp } from '../helpers/app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as a user (or with no session when `who` is null), with an optional JSON body. */
export function call(
  t: TestApp,
  who: Pick<Session, 'accessToken'> | null,
  method: Method,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: who ? t.bearer(who) : {},
    ...(body === undefined
      ? {}
      : typeof body === 'string'
        ? { payload: body, headers: { ...(who ? t.bearer(who) : {}), 'content-type': 'application/json' } }
        : { payload: body as object }),
  });
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import type { ApiKeyCreated, WebhookCreated } from '@app/shared/integrations/schemas';
import type { TestApp } from '../helpers/app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** Calls the API with a bearer token: a session's access token or an API key. */
export function callAs(
  t: TestApp,
  token: Pick<Session, 'accessToken'> | string | null,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const bearer = token === null ? null : typeof token === 'string' ? token : token.accessToken;
  return t.app.inject({ method, url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, ...(payload ? { payload } : {}) });
}

export async function createKey(t: TestApp, session: Session, permissions: string[], name = 'CI key'): Promise<ApiKeyCreated> {
  const res = await callAs(t, session, 'POST', '/api/user/api-keys', { name, permissions });
  if (res.statusCode !== 201) throw new Error(`api key: ${res.statusCode} ${res.body}`);
  return res.json() as ApiKeyCreated;
}

export async function createHook(t: TestApp, session: Session, url: string, events: string[]): Promise<WebhookCreated> {
  const res = await callAs(t, session, 'POST', '/api/user/webhooks', { url, events });
  if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return res.json() as WebhookCreated;
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback: records every request and answers the statuses queued with
 * `respondWith` (then 200).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    respondWith: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@app/shared/chats/schemas';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

/** The value of one sample of the Prometheus text (`name{labels} value`); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const REMOTE = '203.0.113.7';

// Two apps in one process, as in every test file: each has its own registry.
let t: TestApp;
let withToken: TestApp;
beforeAll(async () => {
  [t, withToken] = await Promise.all([
    createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '40' } }),
    createTestApp({ env: { METRICS_TOKEN: 'scrape-secret-1' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), withToken.close()]));

describe('GET /metrics', () => {
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers the Prometheus text format to a loopback caller without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    // PGlite has no pool (0); a PostgreSQL server's pool has at least the connection of this scrape's count.
    expect(sample(res.body, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'db_pool_waiting')).toBe(0);
    expect(sample(res.body, 'job_queue_depth', { state: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'sse_streams_open')).toBe(0);
    const ipv6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('counts a request under its route pattern, never its URL', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: `/api/users/${id}/profile` });
    await t.app.inject({ method: 'GET', url: '/no/such/path' });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/users/:usernameOrId/profile', method: 'GET', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such/path');
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', method: 'GET', status_code: '404' })).toBe(1);
    const health = () => sample(text, 'http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status_code: '200' });
    expect(health()).toBeUndefined();
    await t.app.inject({ method: 'GET', url: '/healthz?probe=1' });
    expect(sample(await scrape(), 'http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status_code: '200' })).toBe(1);
  });

  it('refuses a remote caller when METRICS_TOKEN is unset, whatever it sends', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts ledger postings by reason once they commit: the signup grant and the charge of a reply', async () => {
    const before = await scrape();
    const count = (text: string, reason: string) => sample(text, 'ledger_postings_total', { reason, currency: 'tokens' }) ?? 0;
    const alice = await t.signup();
    const bob = await t.signup();
    const botId = (await createBot(t, bob, { name: 'Mira', visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
    const chat = (await call(t, alice, 'POST', '/api/chats', { botId })).json() as Chat;
    const sent = await call(t, alice, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello' });
    expect(sent.statusCode).toBe(201);
    const after = await scrape();
    expect(count(after, 'signup_bonus') - count(before, 'signup_bonus')).toBe(2);
    expect(count(after, 'reply') - count(before, 'reply')).toBe(1);
    // A posting that moved nothing (a repeated key) is not counted: a second signup of Alice fails before it.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: alice.user.email, username: 'someone_else', password: 'Str0ng-Passphrase!' },
    });
    expect(again.statusCode).toBe(409);
    expect(count(await scrape(), 'signup_bonus')).toBe(count(after, 'signup_bonus'));
  });

  it('counts the SSE streams open now', async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const botId = (
      await createBot(t, bob, {
        name: 'Mira',
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
        personality: 'Calm under fire. Loyal. Patient.',
      })
    ).id;
    const chat = (await call(t, alice, 'POST', '/api/chats', { botId })).json() as Chat;
    const streaming = t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...t.bearer(alice), accept: 'text/event-stream' },
      payload: { content: 'Tell me a long story about the ship' },
    });
    let open: number | undefined;
    for (let i = 0; i < 100 && open !== 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
      open = sample(await scrape(), 'sse_streams_open');
    }
    expect(open).toBe(1);
    const res = await streaming;
    expect(res.headers['content-type']).toContain('text/event-stream');
    // Written on the raw response: it carries the request id all the same.
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(sample(await scrape(), 'sse_streams_open')).toBe(0);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const get = (headers: Record<string, string> = {}, remoteAddress = REMOTE) =>
    withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('lets a remote caller in with the token', async () => {
    const res = await get({ authorization: 'Bearer scrape-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer scrape-secret-2' }],
    ['a prefix of the token', { authorization: 'Bearer scrape-secret' }],
    ['another scheme', { authorization: 'Basic scrape-secret-1' }],
  ])('refuses a remote caller with %s', async (_name, headers) => {
    const res = await get(headers);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('trusts the socket address, not X-Forwarded-For', async () => {
    expect((await get({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    expect((await get({}, '127.0.0.1')).statusCode).toBe(200);
  });

  it('keeps each app its own registry', async () => {
    await t.app.inject({ method: 'GET', url: '/readyz' });
    const mine = (await get({}, '127.0.0.1')).body;
    expect(sample(mine, 'http_request_duration_seconds_count', { route: '/readyz', method: 'GET', status_code: '200' })).toBeUndefined();
  });
});

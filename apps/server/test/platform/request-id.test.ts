import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharaChat</title><div id="root"></div>');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['a route', 'GET', '/healthz', 200, undefined],
    ['an API 404', 'GET', '/api/nope', 404, undefined],
    ['a file 404', 'GET', '/missing.js', 404, undefined],
    ['a page of the web app', 'GET', '/settings/profile', 200, undefined],
    ['a 401', 'GET', '/api/tokens/balance', 401, undefined],
    ['a body that is not JSON', 'POST', '/api/auth/login', 400, '{not json'],
    ['a refused /metrics', 'GET', '/metrics', 403, undefined],
    ['a malformed URL', 'GET', '/api/%zz', 400, undefined],
  ] as const)('comes back on %s', async (_name, method, url, status, payload) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}),
      ...(url === '/metrics' ? { remoteAddress: '203.0.113.7' } : {}),
    });
    expect(res.statusCode).toBe(status);
    if (status >= 400) expect(Object.keys(res.json() as object)).toEqual(['error']);
    expect(String(res.headers['x-request-id'])).toMatch(UUID);
  });

  it('is a new id for each request', async () => {
    const [a, b] = await Promise.all([t.app.inject('/healthz'), t.app.inject('/healthz')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("answers the caller's own id (a proxy's), which the log lines then carry", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'edge-42' } });
    expect(res.headers['x-request-id']).toBe('edge-42');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['DELETE', '/api/auth/session'],
      ['GET', '/api'],
      ['GET', '/not-a-page.js'],
    ] as const)('%s %s answers a JSON 404', async (method, url) => {
      const res = await t.app.inject({ method, url });
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      expectError(res, 404, 'NOT_FOUND');
    });
  });

  describe('health', () => {
    it('GET /healthz answers ok', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz checks the database (and Redis when configured)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ok',
        checks: { server: 'ok', database: 'ok', ...(t.config.redisUrl ? { redis: 'ok' } : {}) },
      });
    });

    it('GET /readyz answers 503 while the server shuts down, and /healthz stays ok', async () => {
      t.app.ctx.ready = false;
      try {
        const res = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'unavailable', checks: { server: 'shutting down' } });
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        t.app.ctx.ready = true;
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves an OpenAPI 3 document that lists the auth routes', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/auth/login']?.post?.requestBody).toBeDefined();
      for (const path of [
        '/api/auth/signup',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/force-logout',
        '/api/auth/verify-email',
      ]) {
        expect(doc.paths[path]?.post, path).toBeDefined();
      }
      expect(doc.paths['/api/auth/session']?.get).toBeDefined();
    });

    it('serves the docs page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    });
  });

  describe('security headers', () => {
    it.each(['/api/auth/providers', '/api/nope'])("the API's answer %s takes an answer's set: nothing may run or frame it", async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // A document's headers are not sent with JSON (decision 024), nor the rate limit's count
      // while the caller is under it.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      // HSTS only over https (see the last test).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['/healthz', '/api/docs/'])("a page's answer %s takes a document's set", async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('add HSTS (pages and API) and upgrade-insecure-requests (pages) when the site is served over https', async () => {
      const https = await createTestApp({ env: { PUBLIC_URL: 'https://chat.example.com' } });
      try {
        const api = await https.app.inject({ method: 'GET', url: '/api/auth/providers' });
        expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        const page = await https.app.inject({ method: 'GET', url: '/healthz' });
        expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      } finally {
        await https.close();
      }
    });
  });

  describe('failures', () => {
    it("answers a 500 with the spec's failure text of the route, and nothing internal", async () => {
      const broken = await createTestApp();
      try {
        // The categories table goes away under the running app: the query fails inside the route.
        await broken.database.db.execute(sql`drop table categories cascade`);
        const res = await broken.app.inject({ method: 'GET', url: '/api/bots/public' });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Failed to get bots' } });
        expect(res.body).not.toMatch(/categories|relation|select|stack|at /i);
      } finally {
        await broken.close();
      }
    });
  });
});

describe('global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => t.close());

  it('answers 429 JSON with Retry-After past the limit, per address, never for health checks', async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/bots/categories', remoteAddress });
    for (let i = 0; i < 5; i++) expect((await get('192.0.2.1')).statusCode).toBe(200);
    const res = await get('192.0.2.1');
    expectError(res, 429, 'RATE_LIMITED', 'Too many requests, please try again later');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The count is told with the refusal (and only then: see the security headers above).
    expect(res.headers['x-ratelimit-limit']).toBe('5');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');

    expect((await get('192.0.2.2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
    }
  });

  it('counts a percent-encoded API path like the plain one', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/%61pi/bots/categories', remoteAddress: '192.0.2.4' });
    expect((await get()).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await get();
    expectError(await get(), 429, 'RATE_LIMITED');
  });

  it('counts every /api route, including sign-in', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'x' },
        remoteAddress: '192.0.2.3',
      });
    for (let i = 0; i < 5; i++) expect((await login()).statusCode).toBe(401);
    expectError(await login(), 429, 'RATE_LIMITED');
  });
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { privateAnswersPlugin } from '../../src/plugins/private-answers';
import { createTestApp, type TestApp } from '../helpers/app';
import { login, refreshWithBody, refreshWithCookie } from '../helpers/auth';

describe('Cache-Control of private answers', () => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    '/api/auth/session',
    '/api/user/sessions',
    '/api/user/settings/security',
    '/api/tokens/balance',
    '/api/bots/public',
    '/api/bots/my',
  ])('GET %s with a session is no-store', async (url) => {
    const res = await get(url, t.bearer(alice));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the answers that carry tokens (signup, sign-in, refresh by body and by cookie) are no-store', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'cache-control@example.com', username: 'cache_control', password: 'Str0ng-Passphrase!' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');
    const signedIn = await login(t, alice.user.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const byBody = await refreshWithBody(t, (signedIn.json() as Session).refreshToken);
    expect(byBody.headers['cache-control']).toBe('no-store');
    const byCookie = await refreshWithCookie(t, (byBody.json() as Session).refreshToken);
    expect(byCookie.headers['cache-control']).toBe('no-store');
  });

  it('an API key, a refused token and a route that needs a session are no-store', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: t.bearer(alice),
      payload: { name: 'cache', permissions: ['bots:read'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const byKey = await get('/api/bots/my', { authorization: `Bearer ${created.json().key}` });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/auth/session', { authorization: 'Bearer not-a-token' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await get('/api/user/sessions')).headers['cache-control']).toBe('no-store');
  });

  it('an anonymous call of a public route, and what is not the API, are left as they were', async () => {
    const bots = await get('/api/bots/public');
    expect(bots.statusCode).toBe(200);
    expect(bots.headers['cache-control']).toBeUndefined();
    expect((await get('/healthz')).headers['cache-control']).toBeUndefined();
  });
});

describe('the hook itself', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(privateAnswersPlugin);
    app.get('/api/own', { config: { access: 'user' } }, (_req, reply) =>
      reply.header('cache-control', 'private, no-cache').send({ ok: 1 }),
    );
    app.get('/api/public', { config: { access: 'public' } }, (_req, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ ok: 1 }),
    );
    app.get('/api/plain', { config: { access: 'public' } }, () => ({ ok: 1 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("keeps a route's own Cache-Control, with credentials or without", async () => {
    for (const headers of [{}, { authorization: 'Bearer x' }]) {
      expect((await app.inject({ url: '/api/own', headers })).headers['cache-control']).toBe('private, no-cache');
      expect((await app.inject({ url: '/api/public', headers })).headers['cache-control']).toBe('public, max-age=60');
    }
  });

  it('adds no-store to a public route only for a caller with credentials (a cookie counts)', async () => {
    expect((await app.inject({ url: '/api/plain' })).headers['cache-control']).toBeUndefined();
    expect((await app.inject({ url: '/api/plain', headers: { cookie: 'refresh_token=x' } })).headers['cache-control']).toBe('no-store');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Sign-in through a real OpenID Connect provider (panva's oidc-provider) started on loopback:
 * our app redirects to it, its login form is filled in, it redirects back with a code, and our
 * callback turns that into a session.
 */

const CLIENT = { client_id: 'charachat', client_secret: 'test-client-secret-of-enough-length' };
const PUBLIC_URL = 'http://127.0.0.1:5999';
const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;

interface Person {
  email: string;
  email_verified: boolean;
  name: string;
  preferred_username: string;
}
const people: Record<string, Person> = {
  'sub-alice': { email: 'alice@idp.example.com', email_verified: true, name: 'Alice Liddell', preferred_username: 'alice' },
  'sub-mallory': { email: 'taken@example.com', email_verified: true, name: 'Mallory', preferred_username: 'mallory' },
  'sub-banned': { email: 'banned@idp.example.com', email_verified: true, name: 'Bart Banned', preferred_username: 'bart' },
};

async function startProvider(): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-key-for-the-test-provider'] },
    async findAccount(_ctx, sub) {
      const person = people[sub];
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    // Consent is granted up front, so the dev login form is the only interaction.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A minimal cookie jar for the provider's own cookies across redirects. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Follows the provider's redirects, logging in as `sub` on its form, until it sends the browser to our callback. */
async function signInAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const submit = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }),
    });
    jar.take(submit);
    url = new URL(submit.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

describe('OpenID Connect sign-in', () => {
  let idp: Awaited<ReturnType<typeof startProvider>>;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startProvider();
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT.client_id,
        OIDC_CLIENT_SECRET: CLIENT.client_secret,
        OIDC_PROVIDER_NAME: 'TestID',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** Our authorize step: the provider's URL and the signed cookie that carries state, nonce and PKCE verifier. */
  async function begin(redirectTo = '/settings') {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/authorize?redirectTo=${encodeURIComponent(redirectTo)}` });
    expect(res.statusCode).toBe(302);
    const pending = res.cookies.find((c) => c.name === 'oidc_pending');
    expect(pending?.httpOnly).toBe(true);
    return { location: res.headers.location as string, pending: pending!.value };
  }

  function finish(query: string, pending?: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { query },
      ...(pending ? { cookies: { oidc_pending: pending } } : {}),
    });
  }

  it('offers the provider by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ oidc: { name: 'TestID', authorizeUrl: '/api/auth/oidc/authorize' } });
  });

  it('redirects to the provider with PKCE, state, nonce and our callback', async () => {
    const { location } = await begin();
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs in end to end, creating the account, and signs into the same account next time', async () => {
    const first = await begin('/settings/profile');
    const callback = await signInAtProvider(first.location, 'sub-alice');
    const res = await finish(callback.search, first.pending);
    expect(res.statusCode).toBe(200);
    const session = res.json() as Session & { redirectTo: string };
    expect(session.redirectTo).toBe('/settings/profile');
    expect(session.user).toMatchObject({
      email: 'alice@idp.example.com',
      displayName: 'Alice Liddell',
      username: 'alice',
      emailVerified: true,
      role: 'user',
    });
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: t.bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(session.user.id);
    const balance = await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: t.bearer(session) });
    expect(balance.json()).toEqual({ balance: 100 });

    const second = await begin();
    const again = await finish((await signInAtProvider(second.location, 'sub-alice')).search, second.pending);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Session).user.id).toBe(session.user.id);
  });

  it('refuses a code used twice', async () => {
    const { location, pending } = await begin();
    const callback = await signInAtProvider(location, 'sub-alice');
    expect((await finish(callback.search, pending)).statusCode).toBe(200);
    const replay = await finish(callback.search, pending);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('OAUTH_ERROR');
  });

  it('refuses a tampered state', async () => {
    const { location, pending } = await begin();
    const callback = await signInAtProvider(location, 'sub-alice');
    callback.searchParams.set('state', 'not-the-state');
    const res = await finish(callback.search, pending);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'OAUTH_ERROR', message: 'Failed to login with TestID' });
  });

  it('refuses a callback without the pending cookie, or with a forged one', async () => {
    const { location } = await begin();
    const callback = await signInAtProvider(location, 'sub-alice');
    expect((await finish(callback.search)).json().error.code).toBe('OAUTH_ERROR');
    const forged = JSON.stringify({ state: callback.searchParams.get('state'), nonce: 'n', verifier: 'v', redirectTo: '/' });
    const res = await finish(callback.search, `${forged}.not-a-signature`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OAUTH_ERROR');
  });

  it('does not link a provider account to a local account whose email is not verified', async () => {
    await t.signup({ email: 'taken@example.com' });
    const { location, pending } = await begin();
    const res = await finish((await signInAtProvider(location, 'sub-mallory')).search, pending);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OAUTH_ERROR');
  });

  it('refuses a banned account with 403 ACCOUNT_BANNED (decision 023), and signs it in again once the ban is lifted', async () => {
    const first = await begin();
    const session = (await finish((await signInAtProvider(first.location, 'sub-banned')).search, first.pending)).json() as Session;
    const admin = await t.signup();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const ban = (action: 'ban' | 'unban') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${session.user.id}/${action}`,
        headers: t.bearer(admin),
        payload: { reason: 'Test' },
      });
    expect((await ban('ban')).statusCode).toBe(200);
    const second = await begin();
    const refused = await finish((await signInAtProvider(second.location, 'sub-banned')).search, second.pending);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_BANNED');
    expect((await ban('unban')).statusCode).toBe(200);
    const third = await begin();
    expect((await finish((await signInAtProvider(third.location, 'sub-banned')).search, third.pending)).statusCode).toBe(200);
  });

  it('answers an unsafe redirectTo with the home page', async () => {
    const { location, pending } = await begin('//evil.example/steal');
    const res = await finish((await signInAtProvider(location, 'sub-alice')).search, pending);
    expect(res.json().redirectTo).toBe('/');
  });
});

describe('without an OIDC provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers none, and its routes answer 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ oidc: null });
    const authorize = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/authorize' });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json().error.code).toBe('NOT_FOUND');
    const callback = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/callback', payload: { query: '?code=x&state=y' } });
    expect(callback.statusCode).toBe(404);
  });
});

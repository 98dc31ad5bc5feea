import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Integrations } from '@app/shared/integrations/schemas';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { callAs } from './helpers';

/**
 * Connected services: linking the OIDC provider's account to a signed-in user, through a real
 * provider (panva's oidc-provider) on loopback, and unlinking it.
 */

const CLIENT = { client_id: 'charachat', client_secret: 'test-client-secret-of-enough-length' };
const PUBLIC_URL = 'http://127.0.0.1:5998';
const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;

const people: Record<string, { email: string; email_verified: boolean; name: string; preferred_username: string }> = {
  'sub-linker': { email: 'linker@idp.example.com', email_verified: true, name: 'Link Er', preferred_username: 'linker' },
  'sub-only': { email: 'only@idp.example.com', email_verified: true, name: 'Only Sso', preferred_username: 'onlysso' },
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

/** Follows the provider's redirects, logging in as `sub` on its form, until it sends the browser to our callback. */
async function signInAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const take = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: header() } });
    take(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(await res.text())?.[1];
    if (!action) throw new Error(`no form at ${url}`);
    const submit = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }),
    });
    take(submit);
    url = new URL(submit.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

describe('connected services with an OIDC provider', () => {
  let idp: Awaited<ReturnType<typeof startProvider>>;
  let t: TestApp;
  let alice: Session;
  let bob: Session;

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
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** Connect as `session`, sign in at the provider as `sub`, and post the callback with the pending cookie. */
  async function link(session: Session, sub: string): Promise<LightMyRequestResponse> {
    const res = await callAs(t, session, 'POST', '/api/user/integrations/connect', { service: 'oidc' });
    expect(res.statusCode).toBe(200);
    const pending = res.cookies.find((c) => c.name === 'oidc_pending');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/auth/oidc' });
    const callback = await signInAtProvider(res.json().url, sub);
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { query: callback.search },
      cookies: { oidc_pending: pending!.value },
    });
  }

  const servicesOf = async (session: Session) =>
    ((await callAs(t, session, 'GET', '/api/user/integrations')).json() as Integrations).connectedServices;

  it('offers the provider by name', async () => {
    const body = (await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations;
    expect(body.available).toEqual({ oidc: { name: 'TestID' } });
    expect(body.connectedServices).toEqual([]);
  });

  it('links the provider account to the signed-in user without signing in, and signs into that user later', async () => {
    const res = await link(alice, 'sub-linker');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ linked: true, redirectTo: '/settings/integrations' });
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();

    const services = await servicesOf(alice);
    expect(services).toEqual([
      { id: expect.any(String), provider: 'oidc', name: 'TestID', email: 'linker@idp.example.com', connectedAt: expect.any(String) },
    ]);
    expect(await servicesOf(bob)).toEqual([]);

    // Signing in with the provider now opens Alice's account.
    const begin = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/authorize' });
    const pending = begin.cookies.find((c) => c.name === 'oidc_pending')!.value;
    const callback = await signInAtProvider(begin.headers.location as string, 'sub-linker');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { query: callback.search },
      cookies: { oidc_pending: pending },
    });
    expect(signIn.json().user.id).toBe(alice.user.id);

    // Linking it again to Alice changes nothing; linking it to Bob is a conflict.
    expect((await link(alice, 'sub-linker')).statusCode).toBe(200);
    expect(await servicesOf(alice)).toHaveLength(1);
    expectError(await link(bob, 'sub-linker'), 409, 'SERVICE_LINKED_ELSEWHERE', 'This account is already connected to another user');
    expect(await servicesOf(bob)).toEqual([]);
  });

  it("disconnects a service; another user's is 404", async () => {
    const [service] = await servicesOf(alice);
    expectError(await callAs(t, bob, 'DELETE', `/api/user/integrations/${service!.id}`), 404, 'NOT_FOUND');
    expect(await servicesOf(alice)).toHaveLength(1);
    expect((await callAs(t, alice, 'DELETE', `/api/user/integrations/${service!.id}`)).statusCode).toBe(204);
    expect(await servicesOf(alice)).toEqual([]);
    expectError(await callAs(t, alice, 'DELETE', `/api/user/integrations/${service!.id}`), 404, 'NOT_FOUND');
    expectError(await callAs(t, alice, 'DELETE', '/api/user/integrations/nope'), 400, 'VALIDATION_ERROR');
  });

  it('refuses to disconnect the only way to sign in of an account without a password', async () => {
    const begin = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/authorize' });
    const pending = begin.cookies.find((c) => c.name === 'oidc_pending')!.value;
    const callback = await signInAtProvider(begin.headers.location as string, 'sub-only');
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/callback',
        payload: { query: callback.search },
        cookies: { oidc_pending: pending },
      })
    ).json() as Session;
    const [service] = await servicesOf(session);
    expectError(
      await callAs(t, session, 'DELETE', `/api/user/integrations/${service!.id}`),
      400,
      'LAST_SIGN_IN_METHOD',
      'This is your only way to sign in. Set a password before disconnecting it.',
    );
    expect(await servicesOf(session)).toHaveLength(1);
  });

  it('refuses bad input and anonymous calls', async () => {
    expectError(await callAs(t, alice, 'POST', '/api/user/integrations/connect', { service: 'github' }), 400, 'VALIDATION_ERROR');
    expectError(await callAs(t, alice, 'POST', '/api/user/integrations/connect', {}), 400, 'VALIDATION_ERROR');
    expectError(await callAs(t, null, 'POST', '/api/user/integrations/connect', { service: 'oidc' }), 401, 'UNAUTHORIZED');
    expectError(await callAs(t, null, 'GET', '/api/user/integrations'), 401, 'UNAUTHORIZED');
  });
});

describe('connected services without an OIDC provider', () => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
  });
  afterAll(() => t.close());

  it('shows none available and refuses to connect', async () => {
    expect(((await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations).available).toEqual({ oidc: null });
    expectError(
      await callAs(t, alice, 'POST', '/api/user/integrations/connect', { service: 'oidc' }),
      404,
      'NOT_FOUND',
      'This service is not configured',
    );
    expectError(await callAs(t, alice, 'DELETE', '/api/user/integrations/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, postJson } from '../helpers/auth';

/**
 * Bad input to the auth routes that take a body: always a 4xx in the error shape, never a 500,
 * and nothing created.
 */
describe('bad input to the auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const goodSignup = { email: 'good@example.com', username: 'good_user', password: STRONG_PASSWORD };
  const goodLogin = { email: 'good@example.com', password: STRONG_PASSWORD };
  const BODY_ROUTES = ['/api/auth/signup', '/api/auth/login', '/api/auth/refresh', '/api/auth/verify-email'];

  describe.each(BODY_ROUTES)('%s', (url) => {
    it('answers 400 VALIDATION_ERROR for malformed JSON', async () => {
      for (const raw of ['{"email":', '{email: "a@b.co"}', "{'a':1}", '{"a":1}}', 'nul']) {
        expectError(await postJson(t, url, raw), 400, 'VALIDATION_ERROR', 'The request body is not valid JSON');
      }
    });

    it('treats an empty JSON body as no body', async () => {
      // Refresh takes its token from the cookie when there is no body: none here, so the session is over.
      if (url === '/api/auth/refresh') expectError(await postJson(t, url, ''), 401, 'SESSION_EXPIRED');
      else expectError(await postJson(t, url, ''), 400, 'VALIDATION_ERROR', 'The request body is empty');
    });

    it('answers 4xx, never 500, for a body that is not an object', async () => {
      for (const raw of ['[]', '"text"', '42', 'true']) {
        const res = await postJson(t, url, raw);
        expectError(res, 400, 'VALIDATION_ERROR');
      }
    });

    it('refuses a prototype-polluting body', async () => {
      const res = await postJson(t, url, '{"__proto__": {"role": "admin"}, "email": "x@example.com"}');
      expectError(res, 400, 'VALIDATION_ERROR');
    });

    it('answers 413 for a body over 1 MB', async () => {
      const res = await postJson(t, url, { email: 'a@example.com', padding: 'x'.repeat(1_100_000) });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers 4xx for a content type it does not take', async () => {
      const res = await t.app.inject({ method: 'POST', url, payload: '<xml/>', headers: { 'content-type': 'application/xml' } });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('POST /api/auth/signup', () => {
    it.each([
      ['an empty object', {}, 'email', 'Email is required'],
      ['no email', { ...goodSignup, email: undefined }, 'email', 'Email is required'],
      ['no username', { ...goodSignup, username: undefined }, 'username', 'Username is required'],
      ['no password', { ...goodSignup, password: undefined }, 'password', 'Password is required'],
      ['a numeric email', { ...goodSignup, email: 12345 }, 'email', 'Must be text'],
      ['an object as username', { ...goodSignup, username: { $ne: '' } }, 'username', 'Must be text'],
      ['a boolean password', { ...goodSignup, password: true }, 'password', 'Must be text'],
      ['an array display name', { ...goodSignup, displayName: ['x'] }, 'displayName', 'Must be text'],
      ['a null email', { ...goodSignup, email: null }, 'email', 'Email is required'],
      ['an invalid email', { ...goodSignup, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      ['an overlong email', { ...goodSignup, email: `${'a'.repeat(250)}@example.com` }, 'email', 'Please enter a valid email address'],
      ['an overlong username', { ...goodSignup, username: 'u'.repeat(31) }, 'username', 'Username must be at most 30 characters'],
      ['a short username', { ...goodSignup, username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [
        'a username with spaces',
        { ...goodSignup, username: 'good user' },
        'username',
        'Username can contain only letters, numbers and underscores',
      ],
      [
        'an overlong password',
        { ...goodSignup, password: `Aa1!${'x'.repeat(200)}` },
        'password',
        'Password must be no more than 128 characters long',
      ],
      [
        'an overlong display name',
        { ...goodSignup, displayName: 'd'.repeat(51) },
        'displayName',
        'Display name must be at most 50 characters',
      ],
      [
        'a huge display name',
        { ...goodSignup, displayName: 'd'.repeat(100_000) },
        'displayName',
        'Display name must be at most 50 characters',
      ],
      ['a bad referral code', { ...goodSignup, ref: 'lower' }, 'ref', 'Invalid referral code'],
    ])('answers 400 naming the field for %s', async (_why, body, field, message) => {
      const error = expectError(await postJson(t, '/api/auth/signup', body), 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe(field);
    });

    it('ignores fields it does not know, such as a role', async () => {
      const res = await postJson(t, '/api/auth/signup', {
        ...goodSignup,
        email: 'sneaky@example.com',
        username: 'sneaky',
        role: 'admin',
        tier: 'ultimate',
        emailVerified: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ role: 'user', tier: 'free', emailVerified: false });
    });

    it('created no account for any of the refused bodies', async () => {
      const res = await postJson(t, '/api/auth/login', goodLogin);
      expectError(res, 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('POST /api/auth/login', () => {
    it.each([
      ['an empty object', {}, 'email', 'Email is required'],
      ['no password', { email: 'good@example.com' }, 'password', 'Password is required'],
      ['an empty password', { ...goodLogin, password: '' }, 'password', 'Password is required'],
      ['a numeric password', { ...goodLogin, password: 12345678 }, 'password', 'Must be text'],
      ['an object as email', { ...goodLogin, email: { $gt: '' } }, 'email', 'Must be text'],
      ['an invalid email', { ...goodLogin, email: 'nope' }, 'email', 'Please enter a valid email address'],
      ['an overlong email', { ...goodLogin, email: `${'a'.repeat(300)}@example.com` }, 'email', 'Please enter a valid email address'],
      [
        'an overlong password',
        { ...goodLogin, password: 'p'.repeat(129) },
        'password',
        'Password must be no more than 128 characters long',
      ],
    ])('answers 400 naming the field for %s', async (_why, body, field, message) => {
      const error = expectError(await postJson(t, '/api/auth/login', body), 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe(field);
    });
  });

  it('answers 404 in the error shape for GET on a POST-only auth route', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/auth/login' }), 404, 'NOT_FOUND');
  });
});

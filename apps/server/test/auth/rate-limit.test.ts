import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, login, postJson } from '../helpers/auth';

const LOGIN_LIMITED = 'Too many sign-in attempts. Please try again later.';
const WRONG = 'Wrong-Passw0rd!';

/** Asserts a 429 with the error shape and a Retry-After of 1..max seconds. */
function expectLimited(res: LightMyRequestResponse, message: string, maxSeconds: number) {
  expectError(res, 429, 'RATE_LIMITED', message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('login limit per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_PER_ACCOUNT: '3', LOGIN_WINDOW_SECONDS: '600' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after 3 failures, even for the right password', async () => {
    const user = await t.signup();
    for (let i = 0; i < 3; i++) expectError(await login(t, user.user.email, WRONG), 401, 'INVALID_CREDENTIALS');
    expectLimited(await login(t, user.user.email, WRONG), LOGIN_LIMITED, 600);
    expectLimited(await login(t, user.user.email, STRONG_PASSWORD), LOGIN_LIMITED, 600);
  });

  it('counts the failures per account, whatever the letter case of the email', async () => {
    const user = await t.signup();
    await login(t, user.user.email.toUpperCase(), WRONG);
    await login(t, ` ${user.user.email}`, WRONG);
    await login(t, user.user.email, WRONG);
    expectLimited(await login(t, user.user.email, STRONG_PASSWORD), LOGIN_LIMITED, 600);
  });

  it('leaves other accounts alone', async () => {
    const locked = await t.signup();
    const other = await t.signup();
    for (let i = 0; i < 3; i++) await login(t, locked.user.email, WRONG);
    expect((await login(t, other.user.email)).statusCode).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    const user = await t.signup();
    for (let i = 0; i < 2; i++) await login(t, user.user.email, WRONG);
    expect((await login(t, user.user.email)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expectError(await login(t, user.user.email, WRONG), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, user.user.email)).statusCode).toBe(200);
  });

  it('checks the password at most 3 times for simultaneous guesses from many addresses', async () => {
    const user = await t.signup();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t, user.user.email, `${WRONG}${i}`, { remoteAddress: `10.1.0.${i + 1}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });

  it('limits an unknown email the same way, so that a 429 tells nothing about existence', async () => {
    const unknown = 'no-such-account@example.com';
    for (let i = 0; i < 3; i++) expectError(await login(t, unknown, WRONG), 401, 'INVALID_CREDENTIALS');
    expectLimited(await login(t, unknown, WRONG), LOGIN_LIMITED, 600);
  });
});

describe('login limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_PER_IP: '3', LOGIN_MAX_PER_ACCOUNT: '100' } });
  });
  afterAll(() => t.close());

  it('answers 429 to the 4th attempt from one address, successful or not, and serves other addresses', async () => {
    const user = await t.signup();
    const from = (remoteAddress: string, password = STRONG_PASSWORD) => login(t, user.user.email, password, { remoteAddress });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1', WRONG)).statusCode).toBe(401);
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expectLimited(await from('203.0.113.1'), LOGIN_LIMITED, t.config.login.windowSeconds);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });

  it('answers the limit before looking at the credentials', async () => {
    for (let i = 0; i < 3; i++) await login(t, 'whoever@example.com', WRONG, { remoteAddress: '203.0.113.50' });
    expectLimited(await login(t, 'someone-else@example.com', WRONG, { remoteAddress: '203.0.113.50' }), LOGIN_LIMITED, 900);
  });
});

describe('signup limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNUP_MAX_PER_IP: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After to the 3rd signup from one address and creates nothing', async () => {
    const signup = (n: number, remoteAddress = '198.51.100.1') =>
      postJson(
        t,
        '/api/auth/signup',
        { email: `limited${n}@example.com`, username: `limited_${n}`, password: STRONG_PASSWORD },
        { remoteAddress },
      );
    expect((await signup(1)).statusCode).toBe(201);
    expect((await signup(2)).statusCode).toBe(201);
    expectLimited(await signup(3), 'Too many accounts created from this address. Please try again later.', 3600);
    expectError(await login(t, 'limited3@example.com'), 401, 'INVALID_CREDENTIALS');
    expect((await signup(4, '198.51.100.2')).statusCode).toBe(201);
  });
});

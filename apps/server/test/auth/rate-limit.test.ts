import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../src/db/schema/mail';
import { cookieOf, createTestApp, errorOf, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, login, postJson } from '../helpers/auth';

const WRONG = 'Wrong-Passw0rd!';
/** The message of a sign-in refused for `minutes` more minutes. */
const limitedFor = (minutes: number) => `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** Asserts a 429 with the error shape and a Retry-After of 1..max seconds; answers the Retry-After. */
function expectLimited(res: LightMyRequestResponse, maxSeconds: number, message?: string) {
  expectError(res, 429, 'RATE_LIMITED', message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  // The message says the wait in whole minutes, never "889 s".
  expect(errorOf(res).message).toBe(limitedFor(Math.ceil(retryAfter / 60)));
  return retryAfter;
}

const ATTACKER = '203.0.113.66';

describe('sign-in limits a stranger cannot turn against the owner (decision 037)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_PER_ACCOUNT: '3', LOGIN_WINDOW_SECONDS: '600', LOGIN_MAX_DELAY_MS: '1500' } });
  });
  afterAll(() => t.close());

  it("refuses the attacker's address after 3 wrong passwords, with Retry-After and minutes, and lets the owner in from another", async () => {
    const owner = await t.signup();
    for (let i = 0; i < 3; i++)
      expectError(await login(t, owner.user.email, WRONG, { remoteAddress: ATTACKER }), 401, 'INVALID_CREDENTIALS');
    expectLimited(await login(t, owner.user.email, WRONG, { remoteAddress: ATTACKER }), 600, limitedFor(10));
    expectLimited(await login(t, owner.user.email, STRONG_PASSWORD, { remoteAddress: ATTACKER }), 600);
    // The owner, from an address the account has never used, with the right password.
    expect((await login(t, owner.user.email, STRONG_PASSWORD, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    // And from the address they signed up from.
    expect((await login(t, owner.user.email)).statusCode).toBe(200);
  });

  it('guesses from many addresses slow down sign-ins from new devices (never refused), while a known device or address goes straight in', async () => {
    const owner = await t.signup();
    const first = await login(t, owner.user.email);
    const device = cookieOf(first, 'known_device');
    expect(device?.httpOnly).toBe(true);
    expect(device?.path).toBe('/api/auth');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(t, owner.user.email, WRONG, { remoteAddress: `10.9.0.${i + 1}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(401));

    const timed = async (extra: Parameters<typeof login>[3]) => {
      const started = performance.now();
      const res = await login(t, owner.user.email, STRONG_PASSWORD, extra);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const stranger = await timed({ remoteAddress: '198.51.100.8' });
    expect(stranger.status).toBe(200);
    expect(stranger.ms).toBeGreaterThanOrEqual(1400);
    const knownDevice = await timed({ remoteAddress: '198.51.100.9', cookies: { known_device: device!.value } });
    expect(knownDevice.status).toBe(200);
    expect(knownDevice.ms).toBeLessThan(1400);
    const knownAddress = await timed({});
    expect(knownAddress.status).toBe(200);
    expect(knownAddress.ms).toBeLessThan(1400);
    // A device cookie of another account, or a forged one, is no pass.
    const forged = await timed({ remoteAddress: '198.51.100.10', cookies: { known_device: `${owner.user.id}.x` } });
    expect(forged.status).toBe(200);
    expect(forged.ms).toBeGreaterThanOrEqual(1400);
  });

  it('mails the owner once per window, in their language, when many wrong passwords come from unknown devices', async () => {
    const owner = await t.signup({ displayName: 'Вера' });
    await t.app.inject({ method: 'POST', url: '/api/user/language', headers: t.bearer(owner), payload: { language: 'ru' } });
    const alerts = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email))).filter((m) =>
        m.subject.startsWith('Неудачные попытки входа'),
      );
    // Twice the free failures (3) trigger it; a few more must not send a second one.
    for (let i = 0; i < 9; i++) await login(t, owner.user.email, WRONG, { remoteAddress: `10.8.0.${i + 1}` });
    await vi.waitFor(async () => expect(await alerts()).toHaveLength(1), { timeout: 5000 });
    const [mail] = await alerts();
    expect(mail!.text).toContain('Здравствуйте, Вера!');
    expect(mail!.text).toContain('с неверным паролем 6 раз за последние 10 минут');
    expect(mail!.text).toContain('10.8.0.6');
    expect(mail!.html).toContain('lang="ru"');
    await new Promise((r) => setTimeout(r, 300));
    expect(await alerts()).toHaveLength(1);
  });

  it('checks the password at most 3 times for simultaneous guesses from one address', async () => {
    const user = await t.signup();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t, user.user.email, `${WRONG}${i}`, { remoteAddress: '10.1.0.1' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });

  it('counts the failures per account, whatever the letter case of the email', async () => {
    const user = await t.signup();
    const from = { remoteAddress: ATTACKER };
    await login(t, user.user.email.toUpperCase(), WRONG, from);
    await login(t, ` ${user.user.email}`, WRONG, from);
    await login(t, user.user.email, WRONG, from);
    expectLimited(await login(t, user.user.email, STRONG_PASSWORD, from), 600);
  });

  it('leaves other accounts alone', async () => {
    const locked = await t.signup();
    const other = await t.signup();
    for (let i = 0; i < 3; i++) await login(t, locked.user.email, WRONG, { remoteAddress: ATTACKER });
    expect((await login(t, other.user.email, STRONG_PASSWORD, { remoteAddress: ATTACKER })).statusCode).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    const user = await t.signup();
    for (let i = 0; i < 2; i++) await login(t, user.user.email, WRONG);
    expect((await login(t, user.user.email)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expectError(await login(t, user.user.email, WRONG), 401, 'INVALID_CREDENTIALS');
    expect((await login(t, user.user.email)).statusCode).toBe(200);
  });

  it('limits an unknown email the same way, so that a 429 tells nothing about existence', async () => {
    const unknown = 'no-such-account@example.com';
    for (let i = 0; i < 3; i++) expectError(await login(t, unknown, WRONG), 401, 'INVALID_CREDENTIALS');
    expectLimited(await login(t, unknown, WRONG), 600);
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
    expectLimited(await from('203.0.113.1'), t.config.login.windowSeconds);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });

  it('answers the limit before looking at the credentials', async () => {
    for (let i = 0; i < 3; i++) await login(t, 'whoever@example.com', WRONG, { remoteAddress: '203.0.113.50' });
    expectLimited(await login(t, 'someone-else@example.com', WRONG, { remoteAddress: '203.0.113.50' }), 900, limitedFor(15));
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
    expectError(await signup(3), 429, 'RATE_LIMITED', 'Too many accounts created from this address. Please try again later.');
    expectError(await login(t, 'limited3@example.com'), 401, 'INVALID_CREDENTIALS');
    expect((await signup(4, '198.51.100.2')).statusCode).toBe(201);
  });
});

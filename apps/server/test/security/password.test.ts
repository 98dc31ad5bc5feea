import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { expectError, latestMailTo, login } from '../helpers/auth';
import { request } from './helpers';

const NEW_PASSWORD = 'An0ther-Good-One!';

describe('POST /api/user/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t.close());

  const change = (session: { accessToken: string }, body: object) => request(t, session, 'POST', '/api/user/password', body);

  it('changes the password, records when, mails a notice and counts the other sessions', async () => {
    const session = await t.signup();
    await login(t, session.user.email);
    await login(t, session.user.email);
    const res = await change(session, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, otherSessions: 2 });

    expect((await login(t, session.user.email)).statusCode).toBe(401);
    expect((await login(t, session.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordChangedAt).toBeInstanceOf(Date);
    const mail = await latestMailTo(t, session.user.email);
    expect(mail?.subject).toMatch(/password was changed/);

    const settings = await request(t, session, 'GET', '/api/user/settings/security');
    expect(settings.json().passwordLastChanged).toBe(row!.passwordChangedAt!.toISOString());
  });

  it('refuses a confirmation that differs with PASSWORD_MISMATCH, before anything else', async () => {
    const session = await t.signup();
    const res = await change(session, { currentPassword: 'wrong', newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
    expectError(res, 400, 'PASSWORD_MISMATCH', 'New password and confirmation do not match');
    expect((await login(t, session.user.email)).statusCode).toBe(200);
  });

  it.each([
    ['Short1!', 'Password must be at least 8 characters long'],
    ['alllowercase1!', 'Password must contain at least one uppercase letter'],
    ['NoDigitsHere!', 'Password must contain at least one number'],
    ['NoSpecial123', 'Password must contain at least one special character'],
    ['P@ssw0rd!', 'Password is too common and easily guessable'],
    [`Aa1!${'x'.repeat(125)}`, 'Password must be no more than 128 characters long'],
  ])('refuses the new password %j: %s', async (password, message) => {
    const session = await t.signup();
    const res = await change(session, { currentPassword: STRONG_PASSWORD, newPassword: password, confirmPassword: password });
    const error = expectError(res, 400, 'VALIDATION_ERROR', message);
    expect(error.field).toBe('newPassword');
  });

  it('refuses missing or malformed fields', async () => {
    const session = await t.signup();
    expectError(await change(session, {}), 400, 'VALIDATION_ERROR');
    expectError(
      await change(session, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      400,
      'VALIDATION_ERROR',
      'Current password is required',
    );
    expectError(await change(session, { currentPassword: STRONG_PASSWORD, newPassword: 5, confirmPassword: 5 }), 400, 'VALIDATION_ERROR');
    expectError(
      await change(session, { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }),
      400,
      'VALIDATION_ERROR',
      'New password must be different from the current password',
    );
  });

  it('refuses a wrong current password with a clear message, and stops guessing after the limit', async () => {
    const session = await t.signup();
    const body = { currentPassword: 'Wrong-Passw0rd!', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 0; i < 3; i++) {
      const error = expectError(await change(session, body), 400, 'INVALID_CURRENT_PASSWORD', 'Current password is incorrect');
      expect(error.field).toBe('currentPassword');
    }
    const limited = await change(session, { ...body, currentPassword: STRONG_PASSWORD });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, session.user.email)).statusCode).toBe(200);
  });

  it('lets an account without a password (OIDC only) set one without the current password', async () => {
    const session = await t.signup();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, session.user.id));
    const before = await request(t, session, 'GET', '/api/user/settings/security');
    expect(before.json()).toMatchObject({ hasPassword: false, passwordLastChanged: null });
    const res = await change(session, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(t, session.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe('GET and PATCH /api/user/settings/security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the defaults, then keeps login alerts off', async () => {
    const session = await t.signup();
    const res = await request(t, session, 'GET', '/api/user/settings/security');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      twoFactorEnabled: false,
      twoFactorMethod: null,
      loginAlerts: true,
      passwordLastChanged: session.user.createdAt,
      hasPassword: true,
      backupCodesRemaining: 0,
    });
    const patched = await request(t, session, 'PATCH', '/api/user/settings/security', { loginAlerts: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().loginAlerts).toBe(false);
    expect((await request(t, session, 'GET', '/api/user/settings/security')).json().loginAlerts).toBe(false);
  });

  it('refuses anything but a boolean loginAlerts, and changes nothing', async () => {
    const session = await t.signup();
    for (const body of [{}, { loginAlerts: 'yes' }, { loginAlerts: true, twoFactorEnabled: true }]) {
      expectError(await request(t, session, 'PATCH', '/api/user/settings/security', body), 400, 'VALIDATION_ERROR');
    }
    expect((await request(t, session, 'GET', '/api/user/settings/security')).json()).toMatchObject({
      loginAlerts: true,
      twoFactorEnabled: false,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminUserPage } from '@app/shared/admin/schemas';
import type { Session } from '@app/shared/auth/schemas';
import { prepareDatabase } from '../../src/seed/prepare';
import { DEMO_ACCOUNTS } from '../../src/seed/demo';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, login, postJson, setRole, signupAdmin, verificationTokenFor } from '../helpers/auth';

const adminUsers = (t: TestApp, session?: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: session ? t.bearer(session) : {} });

describe('roles: GET /api/admin/users', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  it('answers 401 without a session and with a forged token', async () => {
    expectError(await adminUsers(t), 401, 'UNAUTHORIZED');
    expectError(await adminUsers(t, { accessToken: 'at_forged' } as Session), 401, 'SESSION_EXPIRED');
  });

  it('answers 403 FORBIDDEN to a user', async () => {
    const user = await t.signup();
    expectError(await adminUsers(t, user), 403, 'FORBIDDEN', 'You are not allowed to do this');
  });

  it('guards the HEAD variant of the route too', async () => {
    const user = await t.signup();
    expect((await t.app.inject({ method: 'HEAD', url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/admin/users', headers: t.bearer(user) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/admin/users', headers: t.bearer(admin) })).statusCode).toBe(200);
  });

  it('answers the users to an admin, without password hashes', async () => {
    const res = await adminUsers(t, admin);
    expect(res.statusCode).toBe(200);
    const page = ZAdminUserPage.parse(res.json());
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items.map((u) => u.id)).toContain(admin.user.id);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('applies a role change to the next request of the same token', async () => {
    const user = await t.signup();
    expect((await adminUsers(t, user)).statusCode).toBe(403);
    await setRole(t, user.user.id, 'admin');
    expect((await adminUsers(t, user)).statusCode).toBe(200);
    await setRole(t, user.user.id, 'user');
    expect((await adminUsers(t, user)).statusCode).toBe(403);
  });

  it('pages and searches, taking % and _ literally', async () => {
    await t.signup({ email: 'percent%sign@example.com', username: 'percent_sign' });
    await t.signup({ email: 'plain@example.com', username: 'plainuser' });
    const percent = ZAdminUserPage.parse((await adminUsers(t, admin, '?q=%25')).json());
    expect(percent.items.map((u) => u.email)).toEqual(['percent%sign@example.com']);
    const underscore = ZAdminUserPage.parse((await adminUsers(t, admin, '?q=t_s')).json());
    expect(underscore.items.map((u) => u.username)).toEqual(['percent_sign']);
    const first = ZAdminUserPage.parse((await adminUsers(t, admin, '?limit=1&page=1')).json());
    const second = ZAdminUserPage.parse((await adminUsers(t, admin, '?limit=1&page=2')).json());
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    expect(first.total).toBe(second.total);
  });

  it.each(['?limit=0', '?limit=101', '?page=0', '?page=abc', `?q=${'x'.repeat(101)}`])('answers 400 for the query %s', async (query) => {
    expectError(await adminUsers(t, admin, query), 400, 'VALIDATION_ERROR');
  });
});

describe('roles: the first admin', () => {
  it('makes the ADMIN_EMAIL account an admin only once its address is verified', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL: ' Boss@Example.com ' } });
    try {
      const boss = await t.signup({ email: 'boss@example.com' });
      expect(boss.user.role).toBe('user');
      expectError(await adminUsers(t, boss), 403, 'FORBIDDEN');

      const res = await postJson(t, '/api/auth/verify-email', { token: await verificationTokenFor(t, 'boss@example.com') });
      expect(res.statusCode).toBe(200);
      expect((await getSession(t, boss.accessToken)).json().user.role).toBe('admin');
      expect((await adminUsers(t, boss)).statusCode).toBe(200);

      // Verifying some other address grants nothing.
      const other = await t.signup();
      await postJson(t, '/api/auth/verify-email', { token: await verificationTokenFor(t, other.user.email) });
      expect((await getSession(t, other.accessToken)).json().user.role).toBe('user');
    } finally {
      await t.close();
    }
  });

  it('grants admin at start to an ADMIN_EMAIL account that is already verified', async () => {
    const t = await createTestApp();
    try {
      const user = await t.signup({ email: 'later-admin@example.com' });
      await postJson(t, '/api/auth/verify-email', { token: await verificationTokenFor(t, 'later-admin@example.com') });
      expect((await getSession(t, user.accessToken)).json().user.role).toBe('user');

      // The next start of the server names that address.
      await prepareDatabase(t.database, { ...t.config, adminEmail: 'later-admin@example.com' });
      // A restarted server begins with an empty session cache (decision 024); the app that stands
      // in for it here still holds the token's row from the request above.
      await t.app.ctx.events.publish('user.changed', { userId: user.user.id });
      expect((await getSession(t, user.accessToken)).json().user.role).toBe('admin');
    } finally {
      await t.close();
    }
  });

  it('does not grant admin at start to an unverified ADMIN_EMAIL account', async () => {
    const t = await createTestApp();
    try {
      const user = await t.signup({ email: 'squatter@example.com' });
      await prepareDatabase(t.database, { ...t.config, adminEmail: 'squatter@example.com' });
      expect((await getSession(t, user.accessToken)).json().user.role).toBe('user');
    } finally {
      await t.close();
    }
  });

  it('seeds a demo admin and a demo user that can sign in', async () => {
    const t = await createTestApp({ seedDemo: true });
    try {
      const adminRes = await login(t, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      expect(adminRes.statusCode).toBe(200);
      const demoAdmin = adminRes.json() as Session;
      expect(demoAdmin.user).toMatchObject({ role: 'admin', isDemo: true, emailVerified: true });
      expect((await adminUsers(t, demoAdmin)).statusCode).toBe(200);

      const userRes = await login(t, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
      const demoUser = userRes.json() as Session;
      expect(demoUser.user).toMatchObject({ role: 'user', isDemo: true });
      expect((await adminUsers(t, demoUser)).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { ZOutboxList } from '@app/shared/mail/schemas';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, signupAdmin } from '../helpers/auth';

const outbox = (t: TestApp, session?: Session) =>
  t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: session ? t.bearer(session) : {} });

describe('GET /api/dev/outbox', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());

  it('shows a user only the mail sent to their own address', async () => {
    const res = await outbox(t, alice);
    expect(res.statusCode).toBe(200);
    const { items } = ZOutboxList.strict().parse(res.json());
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(new Set(items.map((m) => m.to))).toEqual(new Set([alice.user.email]));
    expect(items[0]?.subject).toMatch(/Confirm your email/);
    expect(res.body).not.toContain(bob.user.email);
  });

  it("shows an admin everyone's mail", async () => {
    const admin = await signupAdmin(t);
    const { items } = ZOutboxList.parse((await outbox(t, admin)).json());
    const recipients = items.map((m) => m.to);
    expect(recipients).toEqual(expect.arrayContaining([alice.user.email, bob.user.email, admin.user.email]));
  });

  it('answers 401 without a session', async () => {
    expectError(await outbox(t), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/dev/outbox with SMTP configured', () => {
  it('does not exist, and signing up still works when the mail server is down', async () => {
    // Nothing listens on port 9 of this machine: sending fails.
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const user = await t.signup();
      expect(user.user.emailVerified).toBe(false);
      expectError(await outbox(t, user), 404, 'NOT_FOUND');
      const resend = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: t.bearer(user) });
      // Asking for a link that can't be sent is an error, told without the server's details.
      expect(resend.statusCode).toBeGreaterThanOrEqual(500);
      expect(resend.json().error.code).toMatch(/INTERNAL_ERROR|SERVICE_UNAVAILABLE/);
      expect(resend.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|smtp/i);
    } finally {
      await t.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications } from '../../src/db/schema/auth';
import { mailOutbox } from '../../src/db/schema/mail';
import { users } from '../../src/db/schema/users';
import { hashToken } from '../../src/lib/secure-tokens';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, postJson, verificationTokenFor } from '../helpers/auth';

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const verify = (token: unknown) => postJson(t, '/api/auth/verify-email', { token });
  const resend = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers });
  const mailCount = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
  const INVALID_LINK = 'This verification link is invalid or has expired';

  describe('POST /api/auth/verify-email', () => {
    it('verifies the address with the token of the mailed link', async () => {
      const session = await t.signup();
      const token = await verificationTokenFor(t, session.user.email);
      const res = await verify(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, email: session.user.email });
      expect((await getSession(t, session.accessToken)).json().user.emailVerified).toBe(true);
    });

    it('serves the same link to the user through GET /api/dev/outbox', async () => {
      const session = await t.signup();
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: t.bearer(session) });
      expect(res.statusCode).toBe(200);
      const [mail] = res.json().items as { to: string; text: string }[];
      expect(mail?.to).toBe(session.user.email);
      const token = new URL(/http\S+verify-email\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
      expect((await verify(token)).statusCode).toBe(200);
    });

    it('keeps only a hash of the link token', async () => {
      const session = await t.signup();
      const token = await verificationTokenFor(t, session.user.email);
      const rows = await t.database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, session.user.id));
      expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    });

    it('works once: a second use is refused', async () => {
      const session = await t.signup();
      const token = await verificationTokenFor(t, session.user.email);
      expect((await verify(token)).statusCode).toBe(200);
      const error = expectError(await verify(token), 400, 'INVALID_TOKEN', INVALID_LINK);
      expect(error.field).toBe('token');
    });

    it('refuses an unknown token and an expired link', async () => {
      expectError(await verify('ev_never-issued'), 400, 'INVALID_TOKEN', INVALID_LINK);
      const session = await t.signup();
      const token = await verificationTokenFor(t, session.user.email);
      await t.database.db
        .update(emailVerifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerifications.tokenHash, hashToken(token)));
      expectError(await verify(token), 400, 'INVALID_TOKEN');
      expect((await getSession(t, session.accessToken)).json().user.emailVerified).toBe(false);
    });

    it('refuses a link sent to an address the account no longer has', async () => {
      const session = await t.signup();
      const token = await verificationTokenFor(t, session.user.email);
      await t.database.db
        .update(users)
        .set({ email: `changed-${session.user.email}` })
        .where(eq(users.id, session.user.id));
      expectError(await verify(token), 400, 'INVALID_TOKEN');
      expect((await getSession(t, session.accessToken)).json().user.emailVerified).toBe(false);
    });

    it.each([
      ['no token', {}, 'VALIDATION_ERROR'],
      ['an empty token', { token: '' }, 'VALIDATION_ERROR'],
      ['a number', { token: 12345 }, 'VALIDATION_ERROR'],
      ['an overlong token', { token: 'x'.repeat(257) }, 'VALIDATION_ERROR'],
    ])('answers 400 for %s', async (_why, body, code) => {
      const error = expectError(await postJson(t, '/api/auth/verify-email', body), 400, code);
      expect(error.field).toBe('token');
    });
  });

  describe('POST /api/auth/verify-email/resend', () => {
    it('mails a new working link', async () => {
      const session = await t.signup();
      expect(await mailCount(session.user.email)).toBe(1);
      const res = await resend(t.bearer(session));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await mailCount(session.user.email)).toBe(2);
      expect((await verify(await verificationTokenFor(t, session.user.email))).statusCode).toBe(200);
    });

    it('sends nothing to an address already verified', async () => {
      const session = await t.signup();
      await verify(await verificationTokenFor(t, session.user.email));
      expect((await resend(t.bearer(session))).statusCode).toBe(200);
      expect(await mailCount(session.user.email)).toBe(1);
    });

    it('answers 401 without a session', async () => {
      expectError(await resend(), 401, 'UNAUTHORIZED');
      expectError(await resend({ authorization: 'Bearer at_forged' }), 401, 'SESSION_EXPIRED');
    });

    it('sends at most 3 links per 10 minutes, then answers 429 with Retry-After', async () => {
      const session = await t.signup();
      for (let i = 0; i < 3; i++) expect((await resend(t.bearer(session))).statusCode).toBe(200);
      const res = await resend(t.bearer(session));
      expectError(res, 429, 'RATE_LIMITED', 'A verification email was sent recently. Please check your inbox.');
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await mailCount(session.user.email)).toBe(4);
    });
  });
});

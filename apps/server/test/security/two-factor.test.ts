import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { sessions } from '../../src/db/schema/auth';
import { twoFactor, twoFactorBackupCodes } from '../../src/db/schema/security';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, getSession, latestMailTo, login, refreshWithBody, signupAdmin } from '../helpers/auth';
import { currentTotp, enableAppTwoFactor, mailedCode, nextTotp, request, setup, textedCode, useSteppedClock } from './helpers';

describe('two-factor settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => useSteppedClock());
  afterEach(() => vi.useRealTimers());

  const settingsOf = async (session: { accessToken: string }) => (await request(t, session, 'GET', '/api/user/settings/security')).json();

  it('sets up the app method: QR code, otpauth URL, secret and ten backup codes stored hashed; off until verified', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'app' });
    expect(answer.method).toBe('app');
    expect(answer.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(answer.otpauthUrl).toContain(`secret=${answer.secret}`);
    expect(answer.codeSentTo).toBeNull();
    expect(answer.backupCodes).toHaveLength(10);
    expect(new Set(answer.backupCodes).size).toBe(10);
    for (const code of answer.backupCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    const stored = await t.database.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, session.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of answer.backupCodes) expect(row.codeHash).not.toContain(code.replace('-', ''));
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, session.user.id));
    expect(row!.secretSealed).not.toContain(answer.secret);
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: false, twoFactorMethod: null, backupCodesRemaining: 0 });
  });

  it('turns on only after a first good code', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'app' });
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/verify', { code: '000000' }),
      400,
      'INVALID_2FA_CODE',
      'Invalid verification code',
    );
    expect((await settingsOf(session)).twoFactorEnabled).toBe(false);
    const res = await request(t, session, 'POST', '/api/user/2fa/verify', { code: currentTotp(answer.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, twoFactorEnabled: true });
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'app', backupCodesRemaining: 10 });
    expect((await latestMailTo(t, session.user.email))?.subject).toBe('Two-factor authentication is on');
  });

  it('ends every other session when it turns on, the current one stays (cached tokens included)', async () => {
    const session = await t.signup();
    const laptop = (await login(t, session.user.email)).json() as Session;
    const phone = (await login(t, session.user.email)).json() as Session;
    const bystander = await t.signup();
    // Seen a moment ago, so each instance's session cache holds them (decision 024).
    for (const s of [session, laptop, phone, bystander]) expect((await getSession(t, s.accessToken)).statusCode).toBe(200);

    const answer = await setup(t, session, { method: 'app' });
    // A setup begun is not yet on: the others still work until the first good code.
    expect((await getSession(t, laptop.accessToken)).statusCode).toBe(200);
    const res = await request(t, session, 'POST', '/api/user/2fa/verify', { code: nextTotp(answer.secret) });
    expect(res.statusCode, res.body).toBe(200);

    for (const other of [laptop, phone]) {
      expect((await getSession(t, other.accessToken)).statusCode).toBe(401);
      expectError(await refreshWithBody(t, other.refreshToken), 401, 'SESSION_EXPIRED');
    }
    expect((await getSession(t, session.accessToken)).statusCode).toBe(200);
    expect((await refreshWithBody(t, session.refreshToken)).statusCode).toBe(200);
    expect((await getSession(t, bystander.accessToken)).statusCode).toBe(200);
    const ended = await t.database.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(ended.filter((s) => s.revokedReason === 'two_factor_enabled')).toHaveLength(2);
  });

  it('refuses setup while on (409), verify without a setup, and bad bodies', async () => {
    const session = await t.signup();
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/verify', { code: '123456' }),
      400,
      'VALIDATION_ERROR',
      'Start the two-factor setup first',
    );
    for (const body of [
      {},
      { method: 'pigeon' },
      { method: 'sms' },
      { method: 'sms', phone: '5551234' },
      { method: 'sms', phone: '+0123' },
    ]) {
      expectError(await request(t, session, 'POST', '/api/user/2fa/setup', body), 400, 'VALIDATION_ERROR');
    }
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/setup', { method: 'sms' }),
      400,
      'VALIDATION_ERROR',
      'Phone number is required for SMS',
    );
    await enableAppTwoFactor(t, session);
    expectError(await request(t, session, 'POST', '/api/user/2fa/setup', { method: 'app' }), 409, 'TWO_FACTOR_ENABLED');
    expectError(await request(t, session, 'POST', '/api/user/2fa/verify', { code: '123456' }), 409, 'TWO_FACTOR_ENABLED');
  });

  it.each([
    [{}, 'Verification code is required'],
    [{ code: '' }, 'Verification code is required'],
    [{ code: '1234567' }, 'The code must be at most 6 characters'],
    [{ code: '12a456' }, 'Enter the 6-digit code'],
    [{ code: 123456 }, 'Must be text'],
  ])('refuses the code %j of the disable dialog: %s', async (body, message) => {
    const session = await t.signup();
    await enableAppTwoFactor(t, session);
    expectError(await request(t, session, 'DELETE', '/api/user/2fa', body), 400, 'VALIDATION_ERROR', message);
    expect((await settingsOf(session)).twoFactorEnabled).toBe(true);
  });

  it('never accepts one code twice', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'app' });
    const code = nextTotp(answer.secret);
    expect((await request(t, session, 'POST', '/api/user/2fa/verify', { code })).statusCode).toBe(200);
    // The same code, still inside its time window, for new backup codes.
    expectError(await request(t, session, 'POST', '/api/user/2fa/backup-codes', { code }), 400, 'INVALID_2FA_CODE');
    expect((await request(t, session, 'POST', '/api/user/2fa/backup-codes', { code: nextTotp(answer.secret) })).statusCode).toBe(200);
  });

  it('accepts one code once when two requests bring it at the same time', async () => {
    const session = await t.signup();
    const answer = await enableAppTwoFactor(t, session);
    const code = nextTotp(answer.secret);
    const results = await Promise.all([
      request(t, session, 'POST', '/api/user/2fa/backup-codes', { code }),
      request(t, session, 'POST', '/api/user/2fa/backup-codes', { code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('counts wrong codes sent at the same time: ten are checked, the rest wait (429)', async () => {
    const session = await t.signup();
    await setup(t, session, { method: 'email' });
    expect((await request(t, session, 'POST', '/api/user/2fa/verify', { code: await mailedCode(t, session.user.email) })).statusCode).toBe(
      200,
    );
    expect((await request(t, session, 'POST', '/api/user/2fa/send-code')).statusCode).toBe(200);
    const wrong = (await mailedCode(t, session.user.email)) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(t, session, 'DELETE', '/api/user/2fa', { code: wrong })));
    const checked = answers.filter((a) => a.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(answers.length - checked);
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: true });
  });

  it('renews the backup codes: ten new ones, the old ones void', async () => {
    const session = await t.signup();
    const answer = await enableAppTwoFactor(t, session);
    expectError(await request(t, session, 'POST', '/api/user/2fa/backup-codes', { code: '000000' }), 400, 'INVALID_2FA_CODE');
    const res = await request(t, session, 'POST', '/api/user/2fa/backup-codes', { code: nextTotp(answer.secret) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => answer.backupCodes.includes(c))).toBe(false);
    const rows = await t.database.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, session.user.id));
    expect(rows).toHaveLength(10);
  });

  it('turns off with a good code and deletes the backup codes; refuses when off', async () => {
    const session = await t.signup();
    const answer = await enableAppTwoFactor(t, session);
    expectError(await request(t, session, 'DELETE', '/api/user/2fa', { code: '000000' }), 400, 'INVALID_2FA_CODE');
    const res = await request(t, session, 'DELETE', '/api/user/2fa', { code: nextTotp(answer.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, twoFactorEnabled: false });
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: false, backupCodesRemaining: 0 });
    const rows = await t.database.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, session.user.id));
    expect(rows).toHaveLength(0);
    expectError(await request(t, session, 'DELETE', '/api/user/2fa', { code: nextTotp(answer.secret) }), 400, 'TWO_FACTOR_NOT_ENABLED');
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/backup-codes', { code: nextTotp(answer.secret) }),
      400,
      'TWO_FACTOR_NOT_ENABLED',
    );
  });

  it("can't be changed with another user's codes", async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const aliceAnswer = await enableAppTwoFactor(t, alice);
    await enableAppTwoFactor(t, bob);
    expectError(await request(t, bob, 'DELETE', '/api/user/2fa', { code: nextTotp(aliceAnswer.secret) }), 400, 'INVALID_2FA_CODE');
    expect((await settingsOf(bob)).twoFactorEnabled).toBe(true);
  });

  it('the email method mails a code at setup, which turns it on once; send-code mails a new one', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'email' });
    expect(answer.codeSentTo).toMatch(/^u•••@example\.com$/);
    const code = await mailedCode(t, session.user.email);
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/verify', { code: code === '000000' ? '111111' : '000000' }),
      400,
      'INVALID_2FA_CODE',
    );
    expect((await request(t, session, 'POST', '/api/user/2fa/verify', { code })).statusCode).toBe(200);
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'email' });

    // The sent code is spent; a new one turns two-factor off.
    expectError(await request(t, session, 'DELETE', '/api/user/2fa', { code }), 400, 'INVALID_2FA_CODE');
    vi.setSystemTime(Date.now() + 1000); // the new code's mail is the newer one
    const sent = await request(t, session, 'POST', '/api/user/2fa/send-code');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, method: 'email' });
    expect((await request(t, session, 'DELETE', '/api/user/2fa', { code: await mailedCode(t, session.user.email) })).statusCode).toBe(200);
  });

  it('a sent code expires, and dies after five wrong tries', async () => {
    const session = await t.signup();
    vi.setSystemTime(Date.now() + 1000); // the code's mail is newer than the signup's address check
    await setup(t, session, { method: 'email' });
    const code = await mailedCode(t, session.user.email);
    await t.database.db
      .update(twoFactor)
      .set({ pendingCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactor.userId, session.user.id));
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/verify', { code }),
      400,
      'CODE_EXPIRED',
      'The code has expired. Please request a new one.',
    );

    vi.setSystemTime(Date.now() + 1000); // the new code's mail is the newer one
    await request(t, session, 'POST', '/api/user/2fa/send-code');
    const fresh = await mailedCode(t, session.user.email);
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      expectError(await request(t, session, 'POST', '/api/user/2fa/verify', { code: wrong }), 400, 'INVALID_2FA_CODE');
    expectError(await request(t, session, 'POST', '/api/user/2fa/verify', { code: fresh }), 400, 'INVALID_2FA_CODE');
  });

  it('the sms method texts a code through the outbox, shown to the owner on GET /api/dev/sms', async () => {
    const session = await t.signup();
    const answer = await setup(t, session, { method: 'sms', phone: '+1 (555) 010-4567' });
    expect(answer.codeSentTo).toBe('•••• 4567');
    const code = await textedCode(t, '+15550104567');
    const outbox = await request(t, session, 'GET', '/api/dev/sms');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().items[0]).toMatchObject({ to: '+15550104567' });
    expect(outbox.json().items[0].text).toContain(code);
    const other = await t.signup();
    expect((await request(t, other, 'GET', '/api/dev/sms')).json().items).toEqual([]);
    const admin = await signupAdmin(t);
    expect((await request(t, admin, 'GET', '/api/dev/sms')).json().items.length).toBeGreaterThan(0);

    expect((await request(t, session, 'POST', '/api/user/2fa/verify', { code })).statusCode).toBe(200);
    expect(await settingsOf(session)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'sms' });
  });

  it('send-code is refused for the app method and before a setup', async () => {
    const session = await t.signup();
    expectError(await request(t, session, 'POST', '/api/user/2fa/send-code'), 400, 'VALIDATION_ERROR', 'Start the two-factor setup first');
    await setup(t, session, { method: 'app' });
    expectError(
      await request(t, session, 'POST', '/api/user/2fa/send-code'),
      400,
      'VALIDATION_ERROR',
      'Use the code shown in your authenticator app',
    );
  });

  it('needs a session for every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/user/2fa/setup'],
      ['POST', '/api/user/2fa/verify'],
      ['DELETE', '/api/user/2fa'],
      ['POST', '/api/user/2fa/backup-codes'],
      ['POST', '/api/user/2fa/send-code'],
      ['GET', '/api/user/settings/security'],
      ['GET', '/api/dev/sms'],
    ] as const) {
      expectError(await t.app.inject({ method, url, payload: { code: '123456', method: 'app' } }), 401, 'UNAUTHORIZED');
    }
  });
});

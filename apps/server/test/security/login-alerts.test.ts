import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/mail';
import { createTestApp, type TestApp } from '../helpers/app';
import { login, postJson } from '../helpers/auth';
import { totpCode } from '../../src/features/security/totp';
import { request, setup } from './helpers';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEWER = CHROME_WINDOWS.replace('131.0.0.0', '132.0.0.0');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('login alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const alertsTo = async (email: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt))).filter((m) =>
      m.subject.startsWith('New sign-in'),
    );
  const loginFrom = async (email: string, userAgent: string) => {
    const res = await login(t, email, undefined, { headers: { 'user-agent': userAgent } });
    await t.app.ctx.jobs.runDue();
    return res;
  };

  async function signupWith(userAgent: string) {
    const res = await postJson(
      t,
      '/api/auth/signup',
      {
        email: `alert${Math.random().toString(36).slice(2, 10)}@example.com`,
        username: `alert_${Math.random().toString(36).slice(2, 10)}`,
        password: 'Str0ng-Passphrase!',
      },
      { headers: { 'user-agent': userAgent } },
    );
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it('mails an alert for a sign-in from a new device only, naming device, browser, ip and time', async () => {
    const session = await signupWith(CHROME_WINDOWS);
    await t.app.ctx.jobs.runDue();
    expect(await alertsTo(session.user.email)).toHaveLength(0);

    await loginFrom(session.user.email, CHROME_WINDOWS);
    await loginFrom(session.user.email, CHROME_WINDOWS_NEWER);
    expect(await alertsTo(session.user.email)).toHaveLength(0);

    await loginFrom(session.user.email, FIREFOX_LINUX);
    const alerts = await alertsTo(session.user.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Browser: Firefox 128');
    expect(alerts[0]!.text).toContain('Device: Desktop (Linux)');
    expect(alerts[0]!.text).toContain('IP address: 127.0.0.1');
    expect(alerts[0]!.text).toMatch(/Time: \w{3}, \d{2} \w{3} \d{4}/);

    await loginFrom(session.user.email, FIREFOX_LINUX);
    expect(await alertsTo(session.user.email)).toHaveLength(1);
  });

  it('sends nothing when the user turned login alerts off', async () => {
    const session = await signupWith(CHROME_WINDOWS);
    await request(t, session, 'PATCH', '/api/user/settings/security', { loginAlerts: false });
    await loginFrom(session.user.email, FIREFOX_LINUX);
    expect(await alertsTo(session.user.email)).toHaveLength(0);
  });

  it('alerts when the second step completes from a new device, not at the password step', async () => {
    // Real time here (the queue compares run times with the database's clock): the code of the
    // previous step turns two-factor on, the current step's code signs in.
    const session = await signupWith(CHROME_WINDOWS);
    const { secret } = await setup(t, session, { method: 'app' });
    const verified = await request(t, session, 'POST', '/api/user/2fa/verify', { code: totpCode(secret, Date.now() - 30_000) });
    expect(verified.statusCode).toBe(200);
    const challenge = (await loginFrom(session.user.email, FIREFOX_LINUX)).json();
    expect(challenge.twoFactorRequired).toBe(true);
    expect(await alertsTo(session.user.email)).toHaveLength(0);
    const done = await postJson(
      t,
      '/api/auth/login/2fa',
      { challengeToken: challenge.challengeToken, code: totpCode(secret, Date.now()) },
      { headers: { 'user-agent': FIREFOX_LINUX } },
    );
    expect(done.statusCode).toBe(200);
    await t.app.ctx.jobs.runDue();
    expect(await alertsTo(session.user.email)).toHaveLength(1);
  });
});

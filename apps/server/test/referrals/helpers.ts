import { eq } from 'drizzle-orm';
import type { Session } from '@app/shared/auth/schemas';
import type { ReferralDashboard } from '@app/shared/referrals/schemas';
import { settleRefunded } from '../../src/features/purchases/settle';
import { STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { postJson, verificationTokenFor } from '../helpers/auth';
import { call } from '../bots/helpers';

let counter = 0;
/** A client address of its own for each call site (the app trusts X-Forwarded-For in these tests). */
export const freshIp = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};
export const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** Signs up through the form, from an address, with a referral code when given. */
export async function signupWith(
  t: TestApp,
  opts: { ref?: string; ip?: string; email?: string; displayName?: string } = {},
): Promise<Session> {
  counter += 1;
  const id = `${Math.random().toString(36).slice(2, 8)}${counter}`;
  const res = await postJson(
    t,
    '/api/auth/signup',
    {
      email: opts.email ?? `r${id}@example.com`,
      username: `r_${id}`,
      password: STRONG_PASSWORD,
      ...(opts.displayName ? { displayName: opts.displayName } : {}),
      ...(opts.ref ? { ref: opts.ref } : {}),
    },
    { headers: from(opts.ip ?? freshIp()) },
  );
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return res.json() as Session;
}

export async function verifyEmail(t: TestApp, session: Session) {
  const token = await verificationTokenFor(t, session.user.email);
  const res = await postJson(t, '/api/auth/verify-email', { token });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

export async function codeOf(t: TestApp, s: Session): Promise<string> {
  const res = await call(t, s, 'POST', '/api/referral/generate-code');
  if (res.statusCode !== 200) throw new Error(`generate-code: ${res.statusCode} ${res.body}`);
  return (res.json() as { referralCode: string }).referralCode;
}

export async function dashboardOf(t: TestApp, s: Session): Promise<ReferralDashboard> {
  const res = await call(t, s, 'GET', '/api/referral/user-dashboard');
  if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
  return res.json() as ReferralDashboard;
}

export const tokens = async (t: TestApp, s: Session) =>
  ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

/** Buys a pack or package through the sandbox and pays it; answers the purchase id. */
export async function buyAndPay(t: TestApp, s: Session, body: object): Promise<string> {
  const created = await call(t, s, 'POST', '/api/purchases', body);
  if (created.statusCode !== 201) throw new Error(`purchase: ${created.statusCode} ${created.body}`);
  const id = (created.json() as { id: string }).id;
  const paid = await call(t, s, 'POST', `/api/purchases/${id}/sandbox/complete`);
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  await t.app.ctx.events.settled();
  return id;
}

/** A full refund, as the Stripe webhook settles it (the sandbox has no refund). */
export async function refund(t: TestApp, purchaseId: string) {
  await t.app.ctx.events.inTransaction(t.database.db, (tx, record) => settleRefunded(tx, record, purchaseId));
  await t.app.ctx.events.settled();
}

/** Runs the hold-release job as its timer would. */
export async function runReleaseJob(t: TestApp) {
  const job = t.app.ctx.jobs.periodic.find((j) => j.name === 'referral-bonus-release');
  if (!job) throw new Error('no release job');
  return job.run();
}

export { eq };

import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { TwoFactorSetupAnswer } from '@app/shared/security/schemas';
import { smsOutbox } from '../../src/db/schema/security';
import { totpCode } from '../../src/features/security/totp';
import type { TestApp } from '../helpers/app';
import { latestMailTo } from '../helpers/auth';

/**
 * Only Date is faked, so that Fastify's timers run as usual while TOTP steps can be stepped through:
 * each call of `nextTotp` moves the clock to the next 30-second step and answers its code.
 */
export function useSteppedClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

export function nextTotp(secret: string): string {
  vi.setSystemTime(Date.now() + 30_000);
  return totpCode(secret, Date.now());
}

export function currentTotp(secret: string): string {
  return totpCode(secret, Date.now());
}

export function request(
  t: TestApp,
  session: Pick<Session, 'accessToken'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: t.bearer(session), ...(payload === undefined ? {} : { payload }) });
}

export async function setup(t: TestApp, session: Session, body: object): Promise<TwoFactorSetupAnswer> {
  const res = await request(t, session, 'POST', '/api/user/2fa/setup', body);
  if (res.statusCode !== 200) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  return res.json() as TwoFactorSetupAnswer;
}

/** Turns on app two-factor for a user; answers the secret and the backup codes. */
export async function enableAppTwoFactor(t: TestApp, session: Session): Promise<TwoFactorSetupAnswer> {
  const answer = await setup(t, session, { method: 'app' });
  const res = await request(t, session, 'POST', '/api/user/2fa/verify', { code: nextTotp(answer.secret) });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return answer;
}

/** The six-digit code in the newest mail to an address. */
export async function mailedCode(t: TestApp, to: string): Promise<string> {
  const mail = await latestMailTo(t, to);
  const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** The six-digit code in the newest text message to a phone. */
export async function textedCode(t: TestApp, to: string): Promise<string> {
  const [sms] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.createdAt)).limit(1);
  const code = /code: (\d{6})/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${to}`);
  return code;
}

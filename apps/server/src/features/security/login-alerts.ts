import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema/auth';
import { userSettings } from '../../db/schema/settings';
import { userLanguage } from '../account';
import { findUserById } from '../users';
import { loginAlertMail } from './mails';

export const LOGIN_ALERT_JOB = 'security.login-alert';

/** A device as the alerts compare it: type, browser and OS by name, so that an update is no new device. */
function deviceKey(s: { device: string; browser: string; os: string }): string {
  const withoutVersion = (v: string) => v.replace(/\s+[\d._]+$/, '').toLowerCase();
  return `${s.device.toLowerCase()}|${withoutVersion(s.browser)}|${withoutVersion(s.os)}`;
}

export async function loginAlertsEnabled(db: AppContext['db'], userId: string): Promise<boolean> {
  const [row] = await db.select({ loginAlerts: userSettings.loginAlerts }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.loginAlerts ?? true;
}

/**
 * On every sign-in (`user.signed_in`: password, second step, OIDC), with the session it opened. When the
 * user keeps login alerts on and no earlier session of theirs came from the same kind of device,
 * browser and OS, an alert mail is queued. The account's very first session (signup, or a first
 * OIDC sign-in) has nothing to compare with and alerts nobody.
 */
export async function noteSignIn(ctx: Pick<AppContext, 'db' | 'jobs'>, userId: string, sessionId: string): Promise<boolean> {
  if (!(await loginAlertsEnabled(ctx.db, userId))) return false;
  const [current] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!current) return false;
  const earlier = await ctx.db
    .selectDistinct({ device: sessions.device, browser: sessions.browser, os: sessions.os })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
  if (earlier.length === 0) return false;
  const key = deviceKey(current);
  if (earlier.some((s) => deviceKey(s) === key)) return false;
  await ctx.jobs.enqueue(ctx.db, LOGIN_ALERT_JOB, {
    userId,
    device: current.device,
    browser: current.browser,
    os: current.os,
    ip: current.ip,
    at: current.createdAt.toISOString(),
  });
  return true;
}

/** The job that sends the alert (retried by the queue when the mail server fails). */
export function loginAlertJob(ctx: Pick<AppContext, 'db' | 'mailer'>) {
  return async (payload: Record<string, unknown>): Promise<void> => {
    const user = await findUserById(ctx.db, String(payload.userId));
    if (!user) return;
    await ctx.mailer.send(
      loginAlertMail(
        user.email,
        user.displayName,
        {
          device: String(payload.device),
          browser: String(payload.browser),
          os: String(payload.os),
          ip: String(payload.ip),
          at: new Date(String(payload.at)),
        },
        await userLanguage(ctx.db, user.id),
      ),
    );
  };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '@app/shared/app/constants';
import { evaluatePassword } from '@app/shared/auth/password-policy';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import {
  SECURITY_ERROR_CODES,
  SECURITY_MESSAGES,
  SESSION_ID_PATTERN,
  ZBackupCodesAnswer,
  ZChangePasswordAnswer,
  ZChangePasswordBody,
  ZCodeSentAnswer,
  ZRevokedAnswer,
  ZSecuritySettings,
  ZSecuritySettingsPatch,
  ZSessionIdParams,
  ZTwoFactorCodeBody,
  ZTwoFactorSetupAnswer,
  ZTwoFactorSetupBody,
  ZTwoFactorStatus,
  ZUserSessions,
  type SecuritySettings,
} from '@app/shared/security/schemas';
import { userSettings } from '../../db/schema/settings';
import { twoFactor, twoFactorBackupCodes } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { MailMessage } from '../../mail/mailer';
import { requireAuth } from '../../plugins/auth';
import { userLanguage } from '../account';
import { countOtherActiveSessions, listActiveSessions, revokeOtherSessions, revokeOwnSession, usePasswordResetLinks } from '../auth';
import type { SessionUserRow } from '../users';
import { deleteOldChallenges } from './login-challenge';
import { LOGIN_ALERT_JOB, loginAlertJob, loginAlertsEnabled, noteSignIn } from './login-alerts';
import { securityLimitsOf } from './limits';
import { passwordChangedMail, twoFactorChangedMail } from './mails';
import {
  backupCodesRemaining,
  checkSettingsCode,
  replaceBackupCodes,
  sendSettingsCode,
  setupTwoFactor,
  twoFactorOf,
  type TwoFactorRow,
} from './two-factor';

const tags = ['settings: security'];
/** No geolocation database is configured: the sessions list says so rather than guessing. */
const UNKNOWN_LOCATION = 'Unknown';

/** Password change, two-factor (TOTP, email, sms), sessions and login alerts (settings-and-referrals.md §2–§8). */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const limits = securityLimitsOf(app.ctx);
  app.ctx.jobs.handle(LOGIN_ALERT_JOB, loginAlertJob(app.ctx));
  app.ctx.events.subscribe('user.signed_in', 'login-alerts', ({ payload }) => noteSignIn(app.ctx, payload.userId, payload.sessionId));
  app.ctx.jobs.every('security.delete-old-login-challenges', 60 * 60_000, () => deleteOldChallenges(app));

  /** A mail about the account's security; its failure must not undo what was done. */
  /** Mails a security notice in the user's language; the change it tells of is made whatever the mail does. */
  async function notify(userId: string, write: (language: Language) => MailMessage) {
    await userLanguage(db, userId)
      .then((language) => app.ctx.mailer.send(write(language)))
      .catch((err: unknown) => app.log.error({ err }, 'security mail not sent'));
  }

  async function securitySettingsOf(user: SessionUserRow): Promise<SecuritySettings> {
    const row = await twoFactorOf(db, user.id);
    const enabled = Boolean(row?.enabledAt);
    return {
      twoFactorEnabled: enabled,
      twoFactorMethod: enabled ? row!.method : null,
      loginAlerts: await loginAlertsEnabled(db, user.id),
      passwordLastChanged: user.passwordHash ? (user.passwordChangedAt ?? user.createdAt).toISOString() : null,
      hasPassword: Boolean(user.passwordHash),
      backupCodesRemaining: enabled ? await backupCodesRemaining(db, user.id) : 0,
    };
  }

  async function enabledTwoFactorOf(userId: string): Promise<TwoFactorRow> {
    const row = await twoFactorOf(db, userId);
    if (!row?.enabledAt) throw new AppError(400, SECURITY_ERROR_CODES.TWO_FACTOR_NOT_ENABLED, SECURITY_MESSAGES.notEnabled);
    return row;
  }

  // --- Password -----------------------------------------------------------------------------

  app.post(
    '/password',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.changePassword },
      schema: {
        tags,
        summary:
          'Change the password. Accounts without a password (OIDC sign-in only) set one without currentPassword. Answers how many other sessions are still signed in.',
        body: ZChangePasswordBody,
        response: { 200: ZChangePasswordAnswer },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const { currentPassword, newPassword, confirmPassword } = request.body;
      if (newPassword !== confirmPassword)
        throw new AppError(400, SECURITY_ERROR_CODES.PASSWORD_MISMATCH, 'New password and confirmation do not match', 'confirmPassword');
      const [broken] = evaluatePassword(newPassword).errors;
      if (broken) throw badRequest(broken, 'newPassword');

      // The stored hash, not the request's copy of the user: an instance's session cache may hold a
      // row from before a change made through another instance (decision 024).
      const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
      const passwordHash = stored?.passwordHash ?? null;
      if (passwordHash) {
        if (!currentPassword) throw badRequest(SECURITY_MESSAGES.currentPasswordRequired, 'currentPassword');
        // Counted before the check and forgiven on success, as at sign-in: a stolen session can't guess on.
        const wait = await limits.passwordChangePerUser.hit(user.id);
        if (wait) throw tooManyRequests(SECURITY_MESSAGES.passwordChangeLimited, wait);
        if (!(await verifyPassword(passwordHash, currentPassword)))
          throw new AppError(400, SECURITY_ERROR_CODES.INVALID_CURRENT_PASSWORD, SECURITY_MESSAGES.currentPasswordWrong, 'currentPassword');
        await limits.passwordChangePerUser.reset(user.id);
        if (currentPassword === newPassword) throw badRequest(SECURITY_MESSAGES.samePassword, 'newPassword');
      }

      const now = new Date();
      const newHash = await hashPassword(newPassword, app.ctx.config.passwordHashing);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: newHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
        // A reset link mailed before the change must not undo it.
        await usePasswordResetLinks(tx, user.id);
      });
      await notify(user.id, (language) => passwordChangedMail(user.email, user.displayName, now, language));
      return { success: true as const, otherSessions: await countOtherActiveSessions(db, user.id, sessionId) };
    },
  );

  // --- Security settings --------------------------------------------------------------------

  app.get(
    '/settings/security',
    {
      config: { access: 'user', failureMessage: 'Failed to get security settings' },
      schema: { tags, summary: 'Two-factor state, login alerts and the password date', response: { 200: ZSecuritySettings } },
    },
    async (request) => securitySettingsOf(requireAuth(request).user),
  );

  app.patch(
    '/settings/security',
    {
      config: { access: 'user', failureMessage: 'Failed to update security settings' },
      schema: { tags, summary: 'Turn login alerts on or off', body: ZSecuritySettingsPatch, response: { 200: ZSecuritySettings } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { loginAlerts } = request.body;
      await db
        .insert(userSettings)
        .values({ userId: user.id, loginAlerts })
        .onConflictDoUpdate({ target: userSettings.userId, set: { loginAlerts, updatedAt: new Date() } });
      return securitySettingsOf(user);
    },
  );

  // --- Two-factor ---------------------------------------------------------------------------

  app.post(
    '/2fa/setup',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.setup2fa },
      schema: {
        tags,
        summary:
          'Begin the two-factor setup: a new secret (QR code), ten backup codes shown once; email and sms also get a code now. 409 while two-factor is on.',
        body: ZTwoFactorSetupBody,
        response: { 200: ZTwoFactorSetupAnswer },
      },
    },
    async (request) => setupTwoFactor(app, requireAuth(request).user, request.body),
  );

  app.post(
    '/2fa/verify',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.setup2fa },
      schema: {
        tags,
        summary: 'Turn two-factor on with a first good code (the authenticator code, or the code sent by email or sms)',
        body: ZTwoFactorCodeBody,
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const row = await twoFactorOf(db, user.id);
      if (!row) throw badRequest(SECURITY_MESSAGES.notSetUp);
      if (row.enabledAt) throw new AppError(409, SECURITY_ERROR_CODES.TWO_FACTOR_ENABLED, SECURITY_MESSAGES.alreadyEnabled);
      await checkSettingsCode(app, row, request.body.code);
      const now = new Date();
      // A session opened before two-factor was on (perhaps with a stolen password) must not outlive
      // it: every other session ends with the switch, in one transaction (as GitHub does; the
      // dialog says so before). Only the secret whose code was just checked is turned on: a setup
      // that replaced it meanwhile wins.
      const ended = await db.transaction(async (tx) => {
        const turnedOn = await tx
          .update(twoFactor)
          .set({ enabledAt: now })
          .where(and(eq(twoFactor.userId, user.id), eq(twoFactor.secretSealed, row.secretSealed), isNull(twoFactor.enabledAt)))
          .returning({ userId: twoFactor.userId });
        if (turnedOn.length === 0) throw badRequest(SECURITY_MESSAGES.notSetUp);
        return revokeOtherSessions(tx, user.id, sessionId, 'two_factor_enabled');
      });
      // Every instance drops these sessions from its cache (decision 024).
      for (const id of ended) await app.ctx.events.publish('session.revoked', { userId: user.id, sessionId: id });
      await notify(user.id, (language) => twoFactorChangedMail(user.email, user.displayName, true, now, language));
      return { success: true as const, twoFactorEnabled: true };
    },
  );

  app.post(
    '/2fa/send-code',
    {
      config: { access: 'user', failureMessage: 'Failed to send the code' },
      schema: {
        tags,
        summary: 'Send a new code by email or sms (for the setup, disable and backup-codes dialogs of those methods)',
        response: { 200: ZCodeSentAnswer },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await twoFactorOf(db, user.id);
      if (!row) throw badRequest(SECURITY_MESSAGES.notSetUp);
      const sentTo = await sendSettingsCode(app, user, row);
      return { success: true as const, method: row.method, sentTo };
    },
  );

  app.delete(
    '/2fa',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.disable2fa },
      schema: {
        tags,
        summary: 'Turn two-factor off with a current code (at most 6 characters); the backup codes are deleted',
        body: ZTwoFactorCodeBody,
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await enabledTwoFactorOf(user.id);
      await checkSettingsCode(app, row, request.body.code);
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, user.id));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
      });
      await notify(user.id, (language) => twoFactorChangedMail(user.email, user.displayName, false, new Date(), language));
      return { success: true as const, twoFactorEnabled: false };
    },
  );

  app.post(
    '/2fa/backup-codes',
    {
      config: { access: 'user', failureMessage: 'Failed to create new backup codes' },
      schema: {
        tags,
        summary: 'Ten new backup codes in place of the old ones (shown once), with a current code',
        body: ZTwoFactorCodeBody,
        response: { 200: ZBackupCodesAnswer },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await enabledTwoFactorOf(user.id);
      await checkSettingsCode(app, row, request.body.code);
      const backupCodes = await db.transaction((tx) => replaceBackupCodes(tx, app.ctx.sealKey, user.id));
      return { backupCodes };
    },
  );

  // --- Sessions -----------------------------------------------------------------------------

  app.get(
    '/sessions',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.getSessions },
      schema: { tags, summary: 'The signed-in devices (sessions that can still be used)', response: { 200: ZUserSessions } },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const rows = await listActiveSessions(db, user.id);
      return rows.map((s) => ({
        id: s.id,
        device: s.device,
        browser: s.browser,
        os: s.os,
        ip: s.ip,
        location: UNKNOWN_LOCATION,
        lastActive: s.lastActiveAt.toISOString(),
        current: s.id === sessionId,
      }));
    },
  );

  // Registered before /sessions/:id in meaning: Fastify prefers the static path `all` to the parameter.
  app.delete(
    '/sessions/all',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.terminateAllSessions },
      schema: {
        tags,
        summary: 'Sign out every other session; their access and refresh tokens stop working at once',
        response: { 200: ZRevokedAnswer },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const ended = await revokeOtherSessions(db, user.id, sessionId, 'signed_out_by_user');
      for (const id of ended) await app.ctx.events.publish('session.revoked', { userId: user.id, sessionId: id });
      return { revoked: ended.length };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.terminateSession },
      schema: {
        tags,
        summary: "Sign out one other session. The current one is refused (use logout); another user's is 404.",
        params: ZSessionIdParams,
        response: { 200: ZRevokedAnswer },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const { id } = request.params;
      if (!SESSION_ID_PATTERN.test(id)) throw notFound(SECURITY_MESSAGES.sessionNotFound);
      if (id === sessionId) throw new AppError(400, SECURITY_ERROR_CODES.CURRENT_SESSION, SECURITY_MESSAGES.currentSession);
      if (!(await revokeOwnSession(db, user.id, id, 'signed_out_by_user'))) throw notFound(SECURITY_MESSAGES.sessionNotFound);
      await app.ctx.events.publish('session.revoked', { userId: user.id, sessionId: id });
      return { revoked: 1 };
    },
  );
};

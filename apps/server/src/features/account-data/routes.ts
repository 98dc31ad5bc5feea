import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_ERROR_CODES,
  DATA_EXPORT_INTERVAL_SECONDS,
  DATA_MESSAGES,
  dataExportFileName,
  ZDataExportParams,
  ZDataExportRequest,
  ZDataExportResult,
  ZDeleteAccountRequest,
  ZDeleteAccountResult,
} from '@app/shared/account-data/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { ZDataPatch, ZDataSettingsAnswer, type DataSettingsAnswer } from '@app/shared/account-data/settings';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/http-errors';
import { Limiter } from '../../lib/limiter';
import { verifyPassword } from '../../lib/passwords';
import { requireAuth } from '../../plugins/auth';
import { clearRefreshCookie } from '../auth';
import { readSection, saveSection } from '../account';
import {
  ACCOUNT_DELETION_JOB,
  cancelAccountDeletion,
  deleteAccountNow,
  deleteDueAccount,
  scheduleAccountDeletion,
  sweepDueAccounts,
} from './account-deletion';
import { CONTENT_TYPES, createDataExport, createExportStorage, deleteExpiredExports, findOwnExport } from './export-files';
import { applyMessageRetention } from './retention';

const tags = ['settings'];
const HOUR_MS = 3_600_000;

/** GET /api/user/settings/data: the saved choices and the danger zone's state from the account. */
export async function dataSettingsOf(db: Database, userId: string): Promise<DataSettingsAnswer> {
  const choices = await readSection(db, userId, 'data');
  const [user] = await db
    .select({
      exportRequestedAt: users.exportRequestedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      scheduledDeletionAt: users.scheduledDeletionAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return {
    ...choices,
    exportDataRequested: Boolean(user?.exportRequestedAt),
    deleteAccountRequested: Boolean(user?.deletionRequestedAt),
    scheduledDeletion: user?.scheduledDeletionAt?.toISOString() ?? null,
  };
}

const downloadUrlOf = (id: string) => `/api/user/data/exports/${id}/download`;

/**
 * The Data section (settings-and-referrals.md §2–§4, §7): its saved choices, the data export with
 * its owner-only download, account deletion (scheduled, immediate, cancelled), and the jobs that
 * carry them out: queued deletions on their date with a sweep as a safety net, expired exports
 * removed, and the retention of auto-deleted messages.
 */
export const dataSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, jobs } = app.ctx;
  const exportStorage = createExportStorage(config.dataDir);
  const exportLimiter = new Limiter({
    redis: app.ctx.redis,
    keyPrefix: `${config.redisPrefix}data-export`,
    points: 1,
    durationSeconds: DATA_EXPORT_INTERVAL_SECONDS,
  });

  jobs.handle(ACCOUNT_DELETION_JOB, async (payload) => {
    const userId = z.object({ userId: z.string() }).parse(payload).userId;
    await deleteDueAccount(app, exportStorage, userId);
  });
  jobs.every('account-deletion-sweep', HOUR_MS, () => sweepDueAccounts(app, exportStorage));
  jobs.every('data-export-cleanup', HOUR_MS / 4, () => deleteExpiredExports(db, exportStorage));
  jobs.every('message-retention', HOUR_MS, () => applyMessageRetention(db));

  app.get(
    '/settings/data',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.data },
      schema: { tags, summary: 'Data settings and the danger zone state', response: { 200: ZDataSettingsAnswer } },
    },
    async (request) => dataSettingsOf(db, requireAuth(request).user.id),
  );

  app.patch(
    '/settings/data',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.data },
      schema: { tags, summary: 'Change data settings (a partial update)', body: ZDataPatch, response: { 200: ZDataSettingsAnswer } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await saveSection(db, user.id, 'data', request.body);
      return dataSettingsOf(db, user.id);
    },
  );

  app.post(
    '/data/export',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.exportData },
      schema: {
        tags,
        summary: 'Build an archive of all the user’s data; answers where to download it',
        body: ZDataExportRequest,
        response: { 201: ZDataExportResult },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const wait = await exportLimiter.hit(user.id);
      if (wait > 0) throw tooManyRequests(DATA_MESSAGES.exportTooSoon, wait);
      const row = await createDataExport(db, exportStorage, user.id, request.body.format, config.dataExportTtlHours);
      return reply.status(201).send({
        id: row.id,
        downloadUrl: downloadUrlOf(row.id),
        expiresAt: row.expiresAt.toISOString(),
        format: row.format,
        sizeBytes: row.sizeBytes,
      });
    },
  );

  app.get(
    '/data/exports/:id/download',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.exportData },
      schema: { tags, summary: 'Download one of the user’s data exports', params: ZDataExportParams },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const row = await findOwnExport(db, user.id, request.params.id);
      if (!row) throw notFound(DATA_MESSAGES.exportNotFound);
      const expired = () => new AppError(410, DATA_ERROR_CODES.EXPORT_EXPIRED, DATA_MESSAGES.exportExpired);
      if (row.expiresAt <= new Date()) throw expired();
      const data = await exportStorage.read(row.storageKey);
      if (!data) throw expired();
      return reply
        .header('content-type', CONTENT_TYPES[row.format])
        .header('content-disposition', `attachment; filename="${dataExportFileName(row.format)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.delete(
    '/account',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.deleteAccount },
      schema: {
        tags,
        summary: 'Delete the account now (immediateDelete: true) or in 30 days',
        body: ZDeleteAccountRequest,
        response: { 200: ZDeleteAccountResult },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { immediateDelete, password } = request.body;
      if (password !== undefined) {
        const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
        if (!row?.hash || !(await verifyPassword(row.hash, password))) throw badRequest(DATA_MESSAGES.wrongPassword, 'password');
      }
      if (!immediateDelete) {
        const date = await scheduleAccountDeletion(app, user.id);
        return { deleted: false, scheduledDeletion: date.toISOString() };
      }
      await deleteAccountNow(app, exportStorage, user.id);
      clearRefreshCookie(request, reply);
      return { deleted: true, scheduledDeletion: null };
    },
  );

  app.delete(
    '/account/deletion',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.cancelDeletion },
      schema: { tags, summary: 'Cancel a pending account deletion', response: { 200: ZDataSettingsAnswer } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await cancelAccountDeletion(db, user.id);
      return dataSettingsOf(db, user.id);
    },
  );
};

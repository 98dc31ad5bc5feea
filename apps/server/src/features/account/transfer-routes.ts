import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAllSettings, ZAnySection, ZSectionParams, ZSettingsExport, ZSettingsImportBody } from '@app/shared/account/schemas';
import { SETTINGS_ERROR_CODES, SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { SETTINGS_FILE_VERSION } from '@app/shared/account/sections';
import { AppError } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { readAllSettings, readSection, resetSection } from './store';
import { importSettings, resetAllSettings } from './transfer';

const tags = ['settings'];

/** A file that does not parse or does not fit: the spec's IMPORT_ERROR, whatever part is wrong. */
function isMalformedFile(err: FastifyError): boolean {
  if (hasZodFastifySchemaValidationErrors(err)) return true;
  return err instanceof SyntaxError || (typeof err.code === 'string' && err.code.startsWith('FST_ERR_CTP_'));
}

/** Export, import and reset of the settings as a whole (§4, §7). */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/settings/import',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.importSettings },
      schema: {
        tags,
        summary: 'Merge a settings file (privacy, notifications, appearance, data) into the current settings; all or nothing',
        body: ZSettingsImportBody,
        response: { 200: ZAllSettings },
      },
      // Thrown on to the app's handler, which shapes it; anything else passes through unchanged.
      errorHandler(err) {
        if (isMalformedFile(err)) throw new AppError(400, SETTINGS_ERROR_CODES.IMPORT_ERROR, SETTINGS_MESSAGES.importFailed);
        throw err;
      },
    },
    async (request) => importSettings(db, requireAuth(request).user.id, request.body.settings),
  );

  app.get(
    '/settings/export',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.exportData },
      schema: { tags, summary: 'Download the settings as a file that import reads back', response: { 200: ZSettingsExport } },
    },
    async (request, reply) => {
      const settings = await readAllSettings(db, requireAuth(request).user.id);
      const exportedAt = new Date().toISOString();
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="settings-${exportedAt.slice(0, 10)}.json"`);
      return { version: SETTINGS_FILE_VERSION, exportedAt, settings };
    },
  );

  app.post(
    '/settings/reset-all',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.resetAll },
      schema: { tags, summary: "All four sections back to the spec's defaults (the block list stays)", response: { 200: ZAllSettings } },
    },
    async (request) => resetAllSettings(db, requireAuth(request).user.id),
  );

  app.post(
    '/settings/:section/reset',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.resetSection },
      schema: {
        tags,
        summary: "One section (privacy, notifications, appearance or data) back to the spec's defaults",
        params: ZSectionParams,
        response: { 200: ZAnySection },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await resetSection(db, userId, request.params.section);
      return readSection(db, userId, request.params.section);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUILT_IN_PRESETS,
  ZBackup,
  ZBackupList,
  ZPreset,
  ZPresetList,
  ZSettingsToImport,
  ZSnapshotBody,
  ZSnapshotParams,
} from '@app/shared/account/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { SETTINGS_FILE_VERSION } from '@app/shared/account/sections';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { createSnapshot, deleteSnapshot, findPreset, listSnapshots, ownSnapshot, toBackup, toPreset } from './snapshots';

const tags = ['settings'];
const ZNoContent = z.null().describe('No content');

/**
 * Backups and presets (§4: restoring a backup and applying a preset answer the settings, which
 * the client then imports). Each user sees only their own, plus the built-in presets.
 */
export const snapshotRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/settings/backups',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.backup },
      schema: { tags, summary: 'Save a named backup of settings', body: ZSnapshotBody, response: { 201: ZBackup } },
    },
    async (request, reply) => {
      const row = await createSnapshot(db, requireAuth(request).user.id, 'backup', request.body);
      return reply.status(201).send(toBackup(row));
    },
  );

  app.get(
    '/settings/backups',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.getBackups },
      schema: { tags, summary: "The caller's backups, newest first", response: { 200: ZBackupList } },
    },
    async (request) => ({ items: (await listSnapshots(db, requireAuth(request).user.id, 'backup')).map(toBackup) }),
  );

  app.post(
    '/settings/backups/:id/restore',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.backup },
      schema: {
        tags,
        summary: 'The settings of a backup, to send to import',
        params: ZSnapshotParams,
        response: { 200: ZSettingsToImport },
      },
    },
    async (request) => {
      const row = await ownSnapshot(db, requireAuth(request).user.id, 'backup', request.params.id);
      return { version: SETTINGS_FILE_VERSION, settings: toBackup(row).data };
    },
  );

  app.delete(
    '/settings/backups/:id',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.backup },
      schema: { tags, summary: 'Delete a backup', params: ZSnapshotParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await deleteSnapshot(db, requireAuth(request).user.id, 'backup', request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/settings/presets',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.getPresets },
      schema: { tags, summary: "The built-in presets, then the caller's own, newest first", response: { 200: ZPresetList } },
    },
    async (request) => ({
      items: [...BUILT_IN_PRESETS, ...(await listSnapshots(db, requireAuth(request).user.id, 'preset')).map(toPreset)],
    }),
  );

  app.post(
    '/settings/presets',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.savePreset },
      schema: { tags, summary: 'Save settings as a preset of ones own', body: ZSnapshotBody, response: { 201: ZPreset } },
    },
    async (request, reply) => {
      const row = await createSnapshot(db, requireAuth(request).user.id, 'preset', request.body);
      return reply.status(201).send(toPreset(row));
    },
  );

  app.post(
    '/settings/presets/:id/apply',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.applyPreset },
      schema: {
        tags,
        summary: 'The settings of a preset, to send to import',
        params: ZSnapshotParams,
        response: { 200: ZSettingsToImport },
      },
    },
    async (request) => {
      const preset = await findPreset(db, requireAuth(request).user.id, request.params.id);
      return { version: SETTINGS_FILE_VERSION, settings: preset.data };
    },
  );

  app.delete(
    '/settings/presets/:id',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.deletePreset },
      schema: {
        tags,
        summary: "Delete one of the caller's presets (built-in ones cannot be deleted: 403)",
        params: ZSnapshotParams,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await deleteSnapshot(db, requireAuth(request).user.id, 'preset', request.params.id);
      return reply.status(204).send(null);
    },
  );
};

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_LIMITS, IMPORT_MESSAGES as M } from '@app/shared/imports/rules';
import { ZImport, ZImportList, ZImportParams, ZImportStarted } from '@app/shared/imports/schemas';
import { ERROR_CODES } from '@app/shared/http/errors';
import { AppError, badRequest } from '../../lib/http-errors';
import { LocalDiskStorage } from '../../lib/storage';
import { requireAuth } from '../../plugins/auth';
import { optimizeImportedAvatars } from '../bots';
import { botsOfImport } from './items';
import { Folder } from './folder';
import { planFiles } from './plan';
import { FileParser } from './parse';
import { runSillyTavernImport, unpackedSize } from './run';
import { claimImport, deleteImport, importView, keepReceiving, listImports, queueImport, RECEIVING_BEAT_MS, requireImport } from './store';
import { acceptUploads, partBytes } from '../../plugins/uploads';

const tags = ['imports'];
export const SILLYTAVERN_IMPORT_JOB = 'import.sillytavern';
const IMPORTED_AVATARS_JOB = 'import.avatars';

/** The upload of a folder (for the API document only: the files are streamed and checked in the handler). */
const ZFolderUpload = z.unknown().meta({
  type: 'object',
  properties: {
    file: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description:
        'A .zip of a SillyTavern user data folder (data/<user>), or its files (each named by its path in the folder, such as chats/Seraphina/chat.jsonl)',
    },
  },
});

const tooLarge = () => new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, M.tooLarge, 'file');
const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * The upload as one zip: a zip sent alone is taken as it is; files are zipped by their paths
 * (a browser sends a folder's files with their relative paths as names).
 */
async function readFolderUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(M.fileRequired, 'file');
  const files: { path: string; data: Buffer }[] = [];
  let bytes = 0;
  try {
    for await (const part of request.files({
      // A file's name is its path inside the folder (chats/<character>/...): busboy keeps only the base name otherwise.
      preservePath: true,
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: IMPORT_LIMITS.maxFiles + 1, parts: IMPORT_LIMITS.maxFiles + 10 },
    })) {
      if (files.length >= IMPORT_LIMITS.maxFiles) {
        part.file.resume();
        throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, M.tooManyFiles, 'file');
      }
      const data = await partBytes(part.file, IMPORT_LIMITS.maxBytes - bytes, tooLarge);
      bytes += data.length;
      // A name is a path inside the folder: never absolute, never above it.
      const name = path.posix.normalize(part.filename.replace(/\\/g, '/')).replace(/^(\.\.\/|\/)+/, '');
      files.push({ path: name || `file-${files.length}`, data });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge();
    throw badRequest(M.fileRequired, 'file');
  }
  if (files.length === 0) throw badRequest(M.fileRequired, 'file');
  if (files.length === 1 && isZip(files[0]!.data)) return files[0]!.data;
  return Buffer.from(Folder.zipFiles(files));
}

/**
 * Moving in from SillyTavern (issue 20 §5): POST /api/imports/sillytavern starts a job, GET
 * /api/imports/{id} tells how far it got and what it brought in.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  const { db, config, jobs } = app.ctx;
  // Uploads wait in the private storage (DATA_DIR/private, never served), as data exports do.
  const uploads = new LocalDiskStorage(path.join(config.dataDir, 'private'));
  // Each file of an import is read in a worker thread, off the event loop (decision 036).
  const parser = new FileParser(config.importFileTimeLimitMs);
  app.addHook('onClose', () => parser.close());

  jobs.handle(SILLYTAVERN_IMPORT_JOB, async (payload, job) => {
    const { importId, uploadKey } = z.object({ importId: z.string(), uploadKey: z.string() }).parse(payload);
    const keepAlive = () => jobs.extendLock(job.id);
    await runSillyTavernImport(
      { db, storage: app.storage, uploads, log: app.log, parser, keepAlive },
      importId,
      uploadKey,
      job.attempts >= job.maxAttempts,
    );
    // The portraits were kept as PNG to import fast: made WebP now, in the background.
    await jobs.enqueue(db, IMPORTED_AVATARS_JOB, { importId }, { dedupeKey: importId });
  });
  jobs.handle(IMPORTED_AVATARS_JOB, async (payload) => {
    const { importId } = z.object({ importId: z.string() }).parse(payload);
    await optimizeImportedAvatars(db, app.storage, await botsOfImport(db, importId));
  });

  app.post(
    '/sillytavern',
    {
      config: { access: 'user', uploads: true },
      bodyLimit: IMPORT_LIMITS.maxBytes + 1024 * 1024,
      schema: {
        tags,
        summary:
          'Starts an import of a SillyTavern user data folder (multipart: a .zip of it, or its files): characters, chats, group chats, lorebooks and personas; a file imported before is not imported again',
        consumes: ['multipart/form-data'],
        body: ZFolderUpload,
        response: { 202: ZImportStarted },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      // One import at a time per user, across instances (decision 036): its row is written before the upload is read.
      const claim = await claimImport(db, user.id);
      if ('busy' in claim) throw new AppError(409, ERROR_CODES.CONFLICT, claim.busy === 'receiving' ? M.busy : M.tooManyActive);
      const alive = setInterval(() => void keepReceiving(db, claim.id).catch(() => undefined), RECEIVING_BEAT_MS).unref();
      let uploadKey: string;
      try {
        const zip = await readFolderUpload(request);
        const folder = await Folder.open(zip);
        if (folder === 'tooManyFiles') throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, M.tooManyInZip, 'file');
        if (folder === 'notAZip') throw badRequest(M.notAZip, 'file');
        if (planFiles(folder.files).length === 0) throw badRequest(M.nothingToImport, 'file');
        if (unpackedSize(folder) > IMPORT_LIMITS.maxUnpackedBytes) {
          throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, M.tooLargeUnpacked, 'file');
        }
        const key = await uploads.put(`imports/${user.id}/${randomBytes(16).toString('hex')}.zip`, zip, 'application/zip');
        uploadKey = key;
        // Taken for dead meanwhile (no sign of life for minutes) and maybe replaced by another: this one is refused.
        const queued = await queueImport(db, claim.id, key).catch(async (err: unknown) => {
          await uploads.delete(key).catch(() => undefined);
          throw err;
        });
        if (!queued) {
          await uploads.delete(key).catch(() => undefined);
          throw new AppError(409, ERROR_CODES.CONFLICT, M.tooManyActive);
        }
      } catch (err) {
        await deleteImport(db, claim.id, 'receiving').catch(() => undefined);
        throw err;
      } finally {
        clearInterval(alive);
      }
      // Queued after the row is committed, so that the queue's nudge finds the job at once.
      try {
        await jobs.enqueue(db, SILLYTAVERN_IMPORT_JOB, { importId: claim.id, uploadKey }, { dedupeKey: claim.id, maxAttempts: 3 });
      } catch (err) {
        await deleteImport(db, claim.id);
        await uploads.delete(uploadKey).catch(() => undefined);
        throw err;
      }
      return reply.code(202).send({ id: claim.id });
    },
  );

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's imports, newest first (the last 20)", response: { 200: ZImportList } },
    },
    async (request) => ({ items: await listImports(db, requireAuth(request).user.id) }),
  );

  app.get(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An import: its status, progress ({done, total} files) and report (what it made, and each file skipped with why)',
        params: ZImportParams,
        response: { 200: ZImport },
      },
    },
    async (request) => importView(await requireImport(db, request.params.id, requireAuth(request).user.id)),
  );
};

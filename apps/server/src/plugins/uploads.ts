import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, IMPORT_MAX_BYTES } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { ERROR_CODES, GENERIC_MESSAGES } from '@app/shared/http/errors';
import { AppError } from '../lib/http-errors';
import { processAvatar, tooLarge } from '../lib/images';
import { LocalDiskStorage, UPLOADS_PREFIX } from '../lib/storage';
import { sendNotFound } from './errors';

/**
 * Multipart uploads and the uploaded files. Limits hold while the body streams in, so an
 * oversized upload is cut off instead of buffered; each route checks its own smaller limit.
 * Files are served from DATA_DIR/uploads at /uploads/ with a year of caching: names are random
 * and never rewritten.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const root = path.join(app.ctx.config.dataDir, 'uploads');
  app.decorate('storage', new LocalDiskStorage(root));
  // @fastify/static wants its root to exist, also before the first upload.
  fs.mkdirSync(root, { recursive: true });

  // A scope of its own, so that its not-found handler wins over the web app's, which would answer
  // an extension-less /uploads/... with index.html: here anything missing is a plain JSON 404.
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_request, reply) => sendNotFound(reply));
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        // The web app registers @fastify/static too; only one may decorate the reply.
        decorateReply: false,
        wildcard: true,
        index: false,
        redirect: false,
        dotfiles: 'deny',
        // Only files are served: a folder (or /uploads/ itself) is a 404, not a 403 that tells it exists.
        allowedPath: (pathName) => path.extname(pathName) !== '',
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          res.header('x-content-type-options', 'nosniff');
        },
      });
    },
    { prefix: UPLOADS_PREFIX.replace(/\/$/, '') },
  );
});

/**
 * Multipart bodies, for the routes of the scope that registers it: the plugins of the routes that
 * take uploads do (avatars, cards, lorebooks, SillyTavern folders). Not for the whole app, because
 * @fastify/multipart adds two async hooks and a listener to every request of its scope, about a
 * sixth of a simple read's time (decision 024). Elsewhere a multipart body is a 415.
 */
export const acceptUploads = fp(async (scope: FastifyInstance) => {
  await scope.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024 },
  });
  // The scope's routes that take no upload (config.uploads unset) answer a multipart body as the
  // rest of the app does, instead of reading it as an empty JSON body (a misleading 400).
  scope.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.uploads && request.isMultipart())
      throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, GENERIC_MESSAGES.unsupportedMediaType);
  });
});

/**
 * The one file of a multipart request, from `field`, read whole up to `maxBytes` (+1 to tell
 * "too large" apart). Errors answer 400 (no file, wrong field) or 413.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; missingMessage: string; tooLarge: () => AppError },
): Promise<{ data: Buffer; filename: string; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError(400, 'VALIDATION_ERROR', opts.missingMessage, opts.field);
  let file;
  try {
    file = await request.file({ limits: { fileSize: opts.maxBytes + 1 } });
  } catch (err) {
    throw uploadError(err, opts);
  }
  if (!file || file.fieldname !== opts.field) {
    file?.file.resume();
    throw new AppError(400, 'VALIDATION_ERROR', opts.missingMessage, opts.field);
  }
  let data: Buffer;
  try {
    data = await partBytes(file.file, opts.maxBytes, opts.tooLarge);
  } catch (err) {
    throw uploadError(err, opts);
  }
  return { data, filename: file.filename, mimetype: file.mimetype };
}

/**
 * A part's bytes, refused the moment they pass `maxBytes` (busboy's own limit, and toBuffer(),
 * wait for the part's end, which a client that keeps sending a huge body never reaches: it waited
 * forever for an answer). The rest of the body is never read: the 413 closes the connection (errors.ts).
 */
export async function partBytes(file: AsyncIterable<Buffer> & { truncated?: boolean }, maxBytes: number, tooLarge: () => AppError) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of file) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks, bytes);
}

function uploadError(err: unknown, opts: { field: string; missingMessage: string; tooLarge: () => AppError }) {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || (err as { statusCode?: number }).statusCode === 413)
    return opts.tooLarge();
  return new AppError(400, 'VALIDATION_ERROR', opts.missingMessage, opts.field);
}

/**
 * An avatar upload's multipart form, for the API document only: the file is streamed and checked
 * in the handler (the parsed body of a multipart request is empty), so the schema accepts anything.
 */
export const ZAvatarUpload = z.unknown().meta({
  type: 'object',
  required: ['avatar'],
  properties: { avatar: { type: 'string', format: 'binary', description: 'PNG, JPEG, WebP or GIF, at most 2 MB' } },
});

/**
 * An uploaded avatar (multipart field `avatar`, at most 2 MB), checked by content and made a
 * 512 px WebP (lib/images.ts processAvatar).
 */
export async function readAvatarUpload(
  request: FastifyRequest,
  opts: { missingMessage?: string; tooLarge?: () => AppError } = {},
): Promise<{ data: Buffer; contentType: 'image/webp' }> {
  const upload = await readUpload(request, {
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    missingMessage: opts.missingMessage ?? BOT_MESSAGES.avatarMissing,
    tooLarge: opts.tooLarge ?? (() => tooLarge('avatar')),
  });
  return processAvatar(upload.data, 'avatar', AVATAR_MAX_BYTES);
}

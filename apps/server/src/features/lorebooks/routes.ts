import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LORE_MESSAGES as M } from '@app/shared/lorebooks/rules';
import {
  type LoreEntry,
  ZBotLorebook,
  ZBotLorebookBody,
  ZChatLorebookBody,
  ZChatLorebookParams,
  ZChatLorebooks,
  ZLorebook,
  ZLorebookBody,
  ZLorebookExportQuery,
  ZLorebookImportBody,
  ZLorebookList,
  ZLorebookParams,
  ZLorebookPatch,
} from '@app/shared/lorebooks/schemas';
import { AppError, badRequest } from '../../lib/http-errors';
import { jsonNestedDeeperThan, nestedDeeperThan } from '../../lib/nesting';
import { isPng, readPngTextChunks } from '../../lib/png-text';
import { requireAuth } from '../../plugins/auth';
import { acceptUploads, readUpload } from '../../plugins/uploads';
import { regexKeyProblems } from './activation';
import { toCharacterBook, toWorldFile } from './formats';
import {
  attachToChat,
  chatLorebookList,
  createLorebook,
  deleteLorebook,
  importLorebook,
  listLorebooks,
  lorebookView,
  requireLorebook,
  setBotLorebook,
  updateLorebook,
  detachFromChat,
} from './store';

const tags = ['lorebooks'];
/** A lorebook file: SillyTavern's biggest shared worlds are a few MB. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * A regex key that RE2 can't run (a lookaround, a backreference) is refused when the editor saves
 * (decision 036); one brought by an import is kept, and never matches (activation.ts).
 */
function refuseUnsupportedRegexKeys(entries: Pick<LoreEntry, 'keys' | 'secondaryKeys' | 'extensions'>[]) {
  // Nested deeper than any book needs (an entry's extensions): refused before the database fails on it.
  if (nestedDeeperThan(entries)) throw badRequest(M.tooDeep, 'entries');
  const [problem] = regexKeyProblems(entries);
  if (problem) throw badRequest(M.regexNotSupported, problem.field);
}

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 8 MB', 'file');

/** A file's bytes as the JSON it holds: a world or card JSON file, or a PNG card's chunk. */
function fileJson(bytes: Buffer): unknown {
  let text: string | undefined;
  try {
    if (isPng(bytes)) {
      const chunks = readPngTextChunks(bytes);
      const encoded = chunks.get('ccv3') ?? chunks.get('chara');
      text = encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
    } else text = bytes.toString('utf8');
  } catch {
    return null;
  }
  if (text === undefined) return null;
  // Refused on the text: a million nested arrays would take a parse and a walk first (issue 37 §2).
  if (jsonNestedDeeperThan(text)) throw badRequest(M.tooDeep, 'file');
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The caller's lorebooks (issue 20 §1, decision 030) under /api/lorebooks. */
export const lorebookRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  const { db } = app.ctx;

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's lorebooks, the latest changed first (without their entries)",
        response: { 200: ZLorebookList },
      },
    },
    async (request) => ({ items: await listLorebooks(db, requireAuth(request).user.id) }),
  );

  app.post(
    '/',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Creates a lorebook', body: ZLorebookBody, response: { 201: ZLorebook } },
    },
    async (request, reply) => {
      const ownerId = requireAuth(request).user.id;
      refuseUnsupportedRegexKeys(request.body.entries);
      const row = await createLorebook(db, ownerId, request.body);
      return reply.code(201).send(await lorebookView(db, row));
    },
  );

  app.post(
    '/import',
    {
      config: { access: 'user', uploads: true },
      bodyLimit: IMPORT_MAX_BYTES * 2,
      schema: {
        tags,
        summary:
          "Imports a lorebook: SillyTavern's world file, a card's character_book, or a whole card (JSON {data, name?} or multipart field `file`: .json or .png)",
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: ZLorebook },
      },
    },
    async (request, reply) => {
      const ownerId = requireAuth(request).user.id;
      let json: unknown;
      let fallbackName: string | undefined;
      if (request.isMultipart()) {
        const upload = await readUpload(request, { field: 'file', maxBytes: IMPORT_MAX_BYTES, missingMessage: M.notAFile, tooLarge });
        json = fileJson(upload.data);
        fallbackName = upload.filename.replace(/\.(json|png)$/i, '').trim() || undefined;
      } else {
        const parsed = ZLorebookImportBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.message, issue.path.join('.') || 'data');
        }
        json = parsed.data.data;
        fallbackName = parsed.data.name;
      }
      const row = await importLorebook(db, ownerId, json, fallbackName);
      return reply.code(201).send(await lorebookView(db, row));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One of the caller’s lorebooks with its entries', params: ZLorebookParams, response: { 200: ZLorebook } },
    },
    async (request) => lorebookView(db, await requireLorebook(db, request.params.id, requireAuth(request).user.id)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user' },
      // The editor saves every entry at once: a book imported from a large file must be savable again.
      bodyLimit: IMPORT_MAX_BYTES * 2,
      schema: {
        tags,
        summary: 'Changes a lorebook: its name, description, settings, or all its entries at once',
        params: ZLorebookParams,
        body: ZLorebookPatch,
        response: { 200: ZLorebook },
      },
    },
    async (request) => {
      const row = await requireLorebook(db, request.params.id, requireAuth(request).user.id);
      if (request.body.entries) refuseUnsupportedRegexKeys(request.body.entries);
      return lorebookView(db, await updateLorebook(db, row, request.body));
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Deletes a lorebook (its bots and chats go on without it)', params: ZLorebookParams },
    },
    async (request, reply) => {
      await deleteLorebook(db, await requireLorebook(db, request.params.id, requireAuth(request).user.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Downloads a lorebook as SillyTavern's world file (format=sillytavern) or as a character_book valid for Card V2 and V3 (format=card)",
        params: ZLorebookParams,
        querystring: ZLorebookExportQuery,
      },
    },
    async (request, reply) => {
      const row = await requireLorebook(db, request.params.id, requireAuth(request).user.id);
      const body = request.query.format === 'card' ? toCharacterBook(row) : toWorldFile(row);
      // An ASCII name for every browser, and the name as it is (RFC 6266) for those that read it.
      const base = row.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'lorebook';
      const ascii =
        base
          .normalize('NFKD')
          .replace(/[^\w -]+/g, '')
          .trim() || 'lorebook';
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${ascii}.json"; filename*=UTF-8''${encodeURIComponent(base)}.json`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body, null, 2));
    },
  );
};

/** PUT /api/bots/{id}/lorebook: the bot's owner attaches one of their books (or none). */
export const botLorebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.put(
    '/:id/lorebook',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Attaches one of the caller's lorebooks to a bot they own (null: none); every chat with the bot scans it",
        params: ZLorebookParams,
        body: ZBotLorebookBody,
        response: { 200: ZBotLorebook },
      },
    },
    async (request) => setBotLorebook(db, request.params.id, requireAuth(request).user.id, request.body.lorebookId),
  );
};

/** /api/chats/{id}/lorebooks: books attached to one chat by its owner, scanned before the bot's. */
export const chatLorebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/:id/lorebooks',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The lorebooks attached to this chat', params: ZLorebookParams, response: { 200: ZChatLorebooks } },
    },
    async (request) => chatLorebookList(db, request.params.id, requireAuth(request).user.id),
  );
  app.post(
    '/:id/lorebooks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Attaches one of the caller's lorebooks to this chat (at most 10; again: nothing changes)",
        params: ZLorebookParams,
        body: ZChatLorebookBody,
        response: { 200: ZChatLorebooks },
      },
    },
    async (request) => attachToChat(db, request.params.id, requireAuth(request).user.id, request.body.lorebookId),
  );
  app.delete(
    '/:id/lorebooks/:lorebookId',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Detaches a lorebook from this chat', params: ZChatLorebookParams, response: { 200: ZChatLorebooks } },
    },
    async (request) => detachFromChat(db, request.params.id, requireAuth(request).user.id, request.params.lorebookId),
  );
};

import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import YAML from 'yaml';
import { IMPORT_MAX_BYTES } from '@app/shared/bots/constants';
import { BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import { ZBot, ZBotIdParams, ZExportQuery, ZImportBody } from '@app/shared/bots/schemas';
import { bots } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/http-errors';
import { acceptUploads, readUpload } from '../../plugins/uploads';
import { requireBot, type Caller } from './access';
import { avatarPng } from './avatar-source';
import { userOf } from './caller';
import { botToCard, checkedCardFields, OWN_EXTENSION, toCardV2, type ParsedCard } from './cards/character-card';
import { createBotFromCard, storePortrait } from './cards/create-from-card';
import { importKindFromFileName, importTooLarge, readImport, type ImportKind } from './cards/import-file';
import { writePngTextChunks } from '../../lib/png-text';
import { lorebookForCard } from '../lorebooks';
import { fieldsOf, getBotView, updateBotFields } from './repository';

const tags = ['bot import and export'];

/** 'Captain Mira Voss' → 'captain-mira-voss' for the download's file name. */
const fileBase = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'character';

/** Export and import of bots as Character Cards V2/V3: JSON, YAML, or a PNG with the card inside. */
export const botTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  const { db } = app.ctx;

  app.get(
    '/:id/export',
    {
      config: { access: 'public', failureMessage: BOT_FAILURES.export },
      schema: {
        tags,
        summary: 'Download a bot as a Character Card V3: json, yaml, or png (the avatar with `ccv3` and `chara` chunks)',
        params: ZBotIdParams,
        querystring: ZExportQuery,
      },
    },
    async (request, reply) => {
      const caller = request.auth ? { id: request.auth.user.id, role: request.auth.user.role } : null;
      const { bot } = await requireBot(db, request.params.id, caller, 'read');
      const [creator] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, bot.createdBy));
      const fields = fieldsOf(bot);
      const card = botToCard({
        ...fields,
        // The bot's lorebook as it is now (edited or not), in place of the card's book as it came in.
        characterBook: (await lorebookForCard(db, bot.lorebookId)) ?? fields.characterBook,
        id: bot.id,
        createdAt: bot.createdAt,
        updatedAt: bot.updatedAt,
        cardSource: bot.cardSource ?? null,
        creatorName: creator?.displayName ?? '',
      });
      const base = fileBase(bot.name);
      const { format } = request.query;
      reply.header('cache-control', 'no-store');
      if (format === 'png') {
        const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
        const png = writePngTextChunks(await avatarPng(app, bot), { chara: encode(toCardV2(card)), ccv3: encode(card) });
        return reply.header('content-disposition', `attachment; filename="${base}.png"`).type('image/png').send(png);
      }
      if (format === 'yaml') {
        return reply
          .header('content-disposition', `attachment; filename="${base}.yaml"`)
          .type('application/yaml; charset=utf-8')
          .send(YAML.stringify(card));
      }
      return reply
        .header('content-disposition', `attachment; filename="${base}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(card, null, 2));
    },
  );

  app.post(
    '/import',
    {
      config: { access: 'user', uploads: true, failureMessage: BOT_FAILURES.import },
      // A JSON body carries the file as text; room for an 8 MB file once escaped.
      bodyLimit: IMPORT_MAX_BYTES * 2,
      schema: {
        tags,
        summary:
          'Import a Character Card (V1, V2, V3) or a bot export: JSON {data, format, overwrite} or multipart field `file` (.json, .yaml, .png)',
        // The body is checked in the handler: it is either JSON (ZImportBody) or a multipart upload.
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: ZBot, 201: ZBot },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      let card: ParsedCard;
      let portrait: Buffer | null = null;
      let overwrite = false;
      if (request.isMultipart()) {
        const upload = await readUpload(request, {
          field: 'file',
          maxBytes: IMPORT_MAX_BYTES,
          missingMessage: BOT_MESSAGES.importMissing,
          tooLarge: importTooLarge,
        });
        const kind: ImportKind = importKindFromFileName(upload.filename);
        card = readImport({ kind, bytes: upload.data });
        if (kind === 'png') portrait = upload.data;
        overwrite = false;
      } else {
        if (request.body === undefined || request.body === null) throw badRequest(BOT_MESSAGES.importMissing, 'data');
        const parsed = ZImportBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.message, issue.path.join('.') || 'data');
        }
        const { data, fileName } = parsed.data;
        const format = fileName ? importKindFromFileName(fileName) : parsed.data.format;
        if (format === 'png') throw badRequest('Send PNG cards as a file upload (multipart field "file")', 'format');
        card = readImport({ kind: format, bytes: Buffer.from(data, 'utf8') });
        overwrite = parsed.data.overwrite;
      }
      const target = overwrite ? await overwritableBot(card, caller) : null;
      if (!target) {
        const row = await createBotFromCard(db, app.storage, caller.id, card, portrait);
        return reply.status(201).send(await getBotView(db, row, 'owner', caller.id));
      }
      const { fields: checked, cardSource } = checkedCardFields(card);
      const avatarUrl = portrait ? await storePortrait(app.storage, portrait) : undefined;
      const { visibility: _keep, ...rest } = checked;
      const row = await db.transaction(async (tx) => {
        const { bot } = await requireBot(tx, target, caller, 'write', { forUpdate: true });
        const updated = await updateBotFields(tx, bot, { ...rest, ...(avatarUrl ? { avatarUrl } : { avatarUrl: bot.avatarUrl }) });
        await tx.update(bots).set({ cardSource }).where(eq(bots.id, bot.id));
        return { ...updated, cardSource };
      });
      const { role } = await requireBot(db, row.id, caller, 'write');
      return reply.status(200).send(await getBotView(db, row, role, caller.id));
    },
  );

  /** With overwrite, the bot that this file was exported from, when the caller may still edit it. */
  async function overwritableBot(card: ParsedCard, caller: Caller): Promise<string | null> {
    const own = (card.data.extensions as Record<string, unknown> | undefined)?.[OWN_EXTENSION] as { id?: unknown } | undefined;
    const id = typeof own?.id === 'string' && /^[0-9a-f-]{36}$/i.test(own.id) ? own.id : null;
    if (!id) return null;
    try {
      await requireBot(db, id, caller, 'write');
      return id;
    } catch {
      return null;
    }
  }
};

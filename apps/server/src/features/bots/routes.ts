import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import {
  ZBot,
  ZBotCreateBody,
  ZBotIdParams,
  ZBotSummaryPage,
  ZBulkBody,
  ZBulkResult,
  ZCategoryList,
  ZCloneBody,
  ZMyBotsQuery,
  ZPublicBotsQuery,
  ZTemplateList,
} from '@app/shared/bots/schemas';
import { ZBotPatch } from '@app/shared/bots/validation';
import { ZPageQuery } from '@app/shared/http/pagination';
import { bots } from '../../db/schema/bots';
import { forbidden } from '../../lib/http-errors';
import { requireBot } from './access';
import { botAvatarRoutes } from './avatar-routes';
import { registerRemoteAvatars } from './remote-avatars';
import { callerOf, userOf } from './caller';
import { botCollaborationRoutes } from './collaboration-routes';
import { botCommunityRoutes } from './community-routes';
import { botTransferRoutes } from './transfer-routes';
import { assertPublishable, cloneBot, lockOwnedBots, setVisibility } from './lifecycle';
import { getBotView, insertBot, listFavoriteBots, listMyBots, listPublicBots, updateBotFields } from './repository';
import { listCategories, listTemplates } from './catalog';
import { copyAvatarFor, deleteAvatarFile } from './avatar-files';
import { recordBotDeleted, recordVisibilityChange } from './events';

const tags = ['bots'];
const ZNoContent = z.null().describe('No content');

/** Bot management (bots-header-auth.md §7): lists, the bot itself, publishing, cloning, bulk actions. */
export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // Avatars on other hosts, saved before avatars were uploads only, are brought here once (decision 038).
  registerRemoteAvatars(app);

  app.get(
    '/public',
    {
      config: { access: 'public', failureMessage: BOT_FAILURES.list },
      schema: {
        tags,
        summary: 'Public bots: search, category, tags, sort',
        querystring: ZPublicBotsQuery,
        response: { 200: ZBotSummaryPage },
      },
    },
    async (request) => listPublicBots(db, request.query),
  );

  app.get(
    '/my',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.list },
      schema: {
        tags,
        summary: "The caller's bots: search, filters and sorts",
        querystring: ZMyBotsQuery,
        response: { 200: ZBotSummaryPage },
      },
    },
    async (request) => listMyBots(db, userOf(request).id, request.query),
  );

  app.get(
    '/favorites',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.list },
      schema: { tags, summary: "The caller's favorite bots", querystring: ZPageQuery, response: { 200: ZBotSummaryPage } },
    },
    async (request) => listFavoriteBots(db, userOf(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/categories',
    {
      config: { access: 'public', failureMessage: BOT_FAILURES.categories },
      schema: { tags, summary: 'Bot categories with their public bot counts', response: { 200: ZCategoryList } },
    },
    async () => ({ items: await listCategories(db) }),
  );

  app.get(
    '/templates',
    {
      config: { access: 'public', failureMessage: BOT_FAILURES.templates },
      schema: { tags, summary: 'Templates to start a bot from', response: { 200: ZTemplateList } },
    },
    async () => ({ items: await listTemplates(db) }),
  );

  app.post(
    '/',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.create },
      schema: { tags, summary: 'Create a bot', body: ZBotCreateBody, response: { 201: ZBot } },
    },
    async (request, reply) => {
      const caller = userOf(request);
      // A bot created public follows the publish rules, like one published later.
      if (request.body.visibility === 'public') assertPublishable(request.body);
      const row = await insertBot(db, caller.id, request.body);
      await app.ctx.events.publishRecorded((record) => recordVisibilityChange(record, null, row));
      return reply.status(201).send(await getBotView(db, row, 'owner', caller.id));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'public', failureMessage: BOT_FAILURES.get },
      schema: {
        tags,
        summary: 'A bot (public and unlisted ones for anyone; private ones for their collaborators)',
        params: ZBotIdParams,
        response: { 200: ZBot },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { bot, role } = await requireBot(db, request.params.id, caller, 'read');
      return getBotView(db, bot, role, caller?.id ?? null);
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.update },
      schema: {
        tags,
        summary: 'Edit a bot (owner or editor; visibility only by the owner)',
        params: ZBotIdParams,
        body: ZBotPatch,
        response: { 200: ZBot },
      },
    },
    async (request) => {
      const caller = userOf(request);
      const updated = await app.ctx.events.inTransaction(db, async (tx, record) => {
        const { bot, role } = await requireBot(tx, request.params.id, caller, 'write', { forUpdate: true });
        if (request.body.visibility !== undefined && request.body.visibility !== bot.visibility && role !== 'owner') throw forbidden();
        if (request.body.visibility === 'public' && bot.visibility !== 'public') {
          // Making a bot public through an edit follows the publish rules.
          assertPublishable({
            avatarUrl: request.body.avatarUrl !== undefined ? request.body.avatarUrl : bot.avatarUrl,
            tags: request.body.tags ?? bot.tags,
          });
        }
        const row = await updateBotFields(tx, bot, request.body);
        recordVisibilityChange(record, bot.visibility, row);
        return { row, role, previousAvatar: bot.avatarUrl };
      });
      if (request.body.avatarUrl !== undefined && updated.previousAvatar !== updated.row.avatarUrl)
        await deleteAvatarFile(app, updated.previousAvatar);
      return getBotView(db, updated.row, updated.role, caller.id);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.delete },
      schema: { tags, summary: 'Delete a bot with its chats and statistics (owner)', params: ZBotIdParams, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      const { bot } = await requireBot(db, request.params.id, userOf(request), 'owner');
      await db.delete(bots).where(eq(bots.id, bot.id));
      await app.ctx.events.publishRecorded((record) => recordBotDeleted(record, bot));
      await deleteAvatarFile(app, bot.avatarUrl);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/publish',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.publish },
      schema: { tags, summary: 'Make a bot public (needs an avatar and a tag)', params: ZBotIdParams, response: { 200: ZBot } },
    },
    async (request) => {
      const caller = userOf(request);
      const { bot, role } = await requireBot(db, request.params.id, caller, 'owner');
      assertPublishable(bot);
      const row = await setVisibility(db, bot.id, 'public');
      await app.ctx.events.publishRecorded((record) => recordVisibilityChange(record, bot.visibility, row));
      return getBotView(db, row, role, caller.id);
    },
  );

  app.post(
    '/:id/unpublish',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.unpublish },
      schema: { tags, summary: 'Make a bot private', params: ZBotIdParams, response: { 200: ZBot } },
    },
    async (request) => {
      const caller = userOf(request);
      const { bot, role } = await requireBot(db, request.params.id, caller, 'owner');
      const row = await setVisibility(db, bot.id, 'private');
      await app.ctx.events.publishRecorded((record) => recordVisibilityChange(record, bot.visibility, row));
      return getBotView(db, row, role, caller.id);
    },
  );

  app.post(
    '/:id/clone',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.clone },
      schema: {
        tags,
        summary: "Copy a bot the caller can see: '{name} (Copy)', private, no statistics",
        params: ZBotIdParams,
        body: z.preprocess((v) => v ?? {}, ZCloneBody),
        response: { 201: ZBot },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const { bot } = await requireBot(db, request.params.id, caller, 'read');
      const avatarUrl = await copyAvatarFor(app, bot.avatarUrl);
      const row = await cloneBot(db, bot, caller.id, { ...request.body, avatarUrl });
      return reply.status(201).send(await getBotView(db, row, 'owner', caller.id));
    },
  );

  const bulk = (action: 'delete' | 'publish' | 'unpublish', failureMessage: string) =>
    app.post(
      `/bulk-${action}`,
      {
        config: { access: 'user', failureMessage },
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} several of the caller's bots at once (all or nothing)`,
          body: ZBulkBody,
          response: { 200: ZBulkResult },
        },
      },
      async (request) => {
        const caller = userOf(request);
        const rows = await app.ctx.events.inTransaction(db, async (tx, record) => {
          const owned = await lockOwnedBots(tx, request.body.botIds, caller.id);
          const ids = owned.map((b) => b.id);
          if (action === 'delete') await tx.delete(bots).where(inArray(bots.id, ids));
          else
            await tx
              .update(bots)
              .set({ visibility: action === 'publish' ? 'public' : 'private', updatedAt: new Date() })
              .where(inArray(bots.id, ids));
          for (const bot of owned) {
            if (action === 'delete') recordBotDeleted(record, bot);
            else recordVisibilityChange(record, bot.visibility, { ...bot, visibility: action === 'publish' ? 'public' : 'private' });
          }
          return owned;
        });
        if (action === 'delete') for (const row of rows) await deleteAvatarFile(app, row.avatarUrl);
        return { updated: rows.map((r) => r.id), count: rows.length };
      },
    );
  bulk('delete', BOT_FAILURES.bulkDelete);
  bulk('publish', BOT_FAILURES.bulkPublish);
  bulk('unpublish', BOT_FAILURES.bulkUnpublish);

  await app.register(botAvatarRoutes);
  await app.register(botCollaborationRoutes);
  await app.register(botCommunityRoutes);
  await app.register(botTransferRoutes);
};

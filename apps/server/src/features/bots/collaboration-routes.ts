import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOT_FAILURES, BOT_MESSAGES } from '@app/shared/bots/messages';
import {
  ZBot,
  ZBotIdParams,
  ZBotVersion,
  ZCollaborator,
  ZCollaboratorList,
  ZCollaboratorParams,
  ZInviteBody,
  ZRoleBody,
  ZVersionBody,
  ZVersionList,
  ZVersionParams,
} from '@app/shared/bots/schemas';
import { botCollaborators, botVersions } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { requireBot } from './access';
import { recordVersionCreated } from './events';
import { userOf } from './caller';
import { findCollaborator, listCollaborators } from './collaborators';
import { getBotView, updateBotFields } from './repository';
import { createVersion, listVersions, restorableFields, toVersion } from './versions';

const tags = ['bot collaboration'];
const ZNoContent = z.null().describe('No content');

/** Version history and collaborators (§2 panels, §3 Collaboration, §7), real and enforced. */
export const botCollaborationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/:id/versions',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.createVersion },
      schema: {
        tags,
        summary: 'Save the bot as a new version with a changelog (owner or editor)',
        params: ZBotIdParams,
        body: ZVersionBody,
        response: { 201: ZBotVersion },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const version = await app.ctx.events.inTransaction(db, async (tx, record) => {
        const { bot } = await requireBot(tx, request.params.id, caller, 'write', { forUpdate: true });
        const created = await createVersion(tx, bot, caller.id, request.body.changelog);
        recordVersionCreated(record, bot, created);
        return created;
      });
      const [author] = await db
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, caller.id));
      return reply.status(201).send(toVersion({ ...version, author: author! }, true));
    },
  );

  app.get(
    '/:id/versions',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.versions },
      schema: {
        tags,
        summary: 'Version history, newest (current) first (collaborators)',
        params: ZBotIdParams,
        response: { 200: ZVersionList },
      },
    },
    async (request) => {
      const { bot } = await requireBot(db, request.params.id, userOf(request), 'member');
      return { items: await listVersions(db, bot.id) };
    },
  );

  app.post(
    '/:id/versions/:versionId/restore',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.restoreVersion },
      schema: {
        tags,
        summary: 'Restore a version: its fields become the bot, recorded as a new version (owner or editor)',
        params: ZVersionParams,
        response: { 200: ZBot },
      },
    },
    async (request) => {
      const caller = userOf(request);
      const { row, role } = await app.ctx.events.inTransaction(db, async (tx, record) => {
        const { bot, role } = await requireBot(tx, request.params.id, caller, 'write', { forUpdate: true });
        const [version] = await tx
          .select()
          .from(botVersions)
          .where(and(eq(botVersions.id, request.params.versionId), eq(botVersions.botId, bot.id)))
          .limit(1);
        if (!version) throw notFound(BOT_MESSAGES.versionNotFound);
        const restored = await updateBotFields(tx, bot, restorableFields(version.snapshot));
        recordVersionCreated(record, restored, await createVersion(tx, restored, caller.id, `Restored version ${version.version}`));
        return { row: restored, role };
      });
      return getBotView(db, row, role, caller.id);
    },
  );

  app.get(
    '/:id/collaborators',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.collaborators },
      schema: {
        tags,
        summary: 'The owner, editors and viewers of a bot (collaborators)',
        params: ZBotIdParams,
        response: { 200: ZCollaboratorList },
      },
    },
    async (request) => {
      const { bot, role } = await requireBot(db, request.params.id, userOf(request), 'member');
      return { items: await listCollaborators(db, bot, role === 'owner') };
    },
  );

  app.post(
    '/:id/collaborators',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.invite },
      schema: {
        tags,
        summary: 'Invite an existing user by email as editor or viewer (default) (owner)',
        params: ZBotIdParams,
        body: ZInviteBody,
        response: { 201: ZCollaborator },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const { bot } = await requireBot(db, request.params.id, caller, 'owner');
      const [invitee] = await db.select({ id: users.id }).from(users).where(eq(users.email, request.body.email)).limit(1);
      if (!invitee) throw notFound(BOT_MESSAGES.collaboratorNotFound);
      if (invitee.id === bot.createdBy) throw badRequest(BOT_MESSAGES.cannotInviteSelf, 'email');
      const inserted = await db
        .insert(botCollaborators)
        .values({ botId: bot.id, userId: invitee.id, role: request.body.role, invitedBy: caller.id })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict('CONFLICT', BOT_MESSAGES.collaboratorExists, 'email');
      return reply.status(201).send((await findCollaborator(db, bot.id, invitee.id))!);
    },
  );

  app.patch(
    '/:id/collaborators/:userId',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.updateCollaborator },
      schema: {
        tags,
        summary: "Change a collaborator's role (owner; the owner's own role is fixed)",
        params: ZCollaboratorParams,
        body: ZRoleBody,
        response: { 200: ZCollaborator },
      },
    },
    async (request) => {
      const { bot } = await requireBot(db, request.params.id, userOf(request), 'owner');
      if (request.params.userId === bot.createdBy) throw badRequest(BOT_MESSAGES.ownerIsFixed, 'userId');
      const updated = await db
        .update(botCollaborators)
        .set({ role: request.body.role })
        .where(and(eq(botCollaborators.botId, bot.id), eq(botCollaborators.userId, request.params.userId)))
        .returning();
      if (updated.length === 0) throw notFound('Collaborator not found');
      return (await findCollaborator(db, bot.id, request.params.userId))!;
    },
  );

  app.delete(
    '/:id/collaborators/:userId',
    {
      config: { access: 'user', failureMessage: BOT_FAILURES.removeCollaborator },
      schema: {
        tags,
        summary: 'Remove a collaborator (owner), or leave a bot (the collaborator)',
        params: ZCollaboratorParams,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      const leaving = request.params.userId === caller.id;
      const { bot } = await requireBot(db, request.params.id, caller, leaving ? 'member' : 'owner');
      if (request.params.userId === bot.createdBy) throw badRequest(BOT_MESSAGES.ownerIsFixed, 'userId');
      if (!leaving && bot.createdBy !== caller.id) throw forbidden();
      const removed = await db
        .delete(botCollaborators)
        .where(and(eq(botCollaborators.botId, bot.id), eq(botCollaborators.userId, request.params.userId)))
        .returning();
      if (removed.length === 0) throw notFound('Collaborator not found');
      return reply.status(204).send(null);
    },
  );
};

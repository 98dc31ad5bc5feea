import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAvatarResult } from '@app/shared/bots/schemas';
import { ZPersona, ZPersonaBody, ZPersonaList, ZPersonaParams, ZPersonaPatch } from '@app/shared/personas/schemas';
import { requireAuth } from '../../plugins/auth';
import { acceptUploads, readAvatarUpload, ZAvatarUpload } from '../../plugins/uploads';
import { createPersona, deletePersona, listPersonas, personaView, requirePersona, setPersonaAvatar, updatePersona } from './store';

const tags = ['personas'];
const ZNoContent = z.null().describe('No content');

/** A persona's avatar is only ever its own upload (no URL is taken from a client): no one else shows the file. */
async function dropFile(app: FastifyInstance, url: string | null) {
  if (!url) return;
  await app.storage.delete(url).catch((err: unknown) => app.log.warn({ err, url }, 'could not delete a persona avatar'));
}

/** The caller's personas (issue 20 §2) under /api/personas. */
export const personaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  const { db } = app.ctx;

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The caller's personas, the default first", response: { 200: ZPersonaList } },
    },
    async (request) => ({ items: await listPersonas(db, requireAuth(request).user.id) }),
  );

  app.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Creates a persona (the first one is the default; isDefault makes a later one the default)',
        body: ZPersonaBody,
        response: { 201: ZPersona },
      },
    },
    async (request, reply) => {
      const row = await createPersona(db, requireAuth(request).user.id, request.body);
      return reply.code(201).send(personaView(row));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One of the caller’s personas', params: ZPersonaParams, response: { 200: ZPersona } },
    },
    async (request) => personaView(await requirePersona(db, request.params.id, requireAuth(request).user.id)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Changes a persona: its name, description, whether it is the default, or removes its avatar (avatarUrl: null)',
        params: ZPersonaParams,
        body: ZPersonaPatch,
        response: { 200: ZPersona },
      },
    },
    async (request) => {
      const { row, droppedAvatar } = await updatePersona(db, request.params.id, requireAuth(request).user.id, request.body);
      await dropFile(app, droppedAvatar);
      return personaView(row);
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Deletes a persona; its chats speak as the default one, and the oldest one left becomes the default if it was',
        params: ZPersonaParams,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await dropFile(app, await deletePersona(db, request.params.id, requireAuth(request).user.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/avatar',
    {
      config: { access: 'user', uploads: true },
      schema: {
        tags,
        summary: "Uploads the persona's avatar (multipart field `avatar`: PNG, JPEG, WebP or GIF, at most 2 MB; stored as a 512 px WebP)",
        consumes: ['multipart/form-data'],
        params: ZPersonaParams,
        body: ZAvatarUpload,
        response: { 200: ZAvatarResult },
      },
    },
    async (request) => {
      const ownerId = requireAuth(request).user.id;
      // Rights first: a stranger's upload is refused before it is read or decoded.
      await requirePersona(db, request.params.id, ownerId);
      const image = await readAvatarUpload(request);
      const url = await app.storage.put(`personas/${request.params.id}/${randomUUID()}.webp`, image.data, image.contentType);
      let previous: string | null;
      try {
        previous = await setPersonaAvatar(db, request.params.id, ownerId, url);
      } catch (err) {
        // The persona went while the file was processed: nothing points at the new file.
        await dropFile(app, url);
        throw err;
      }
      await dropFile(app, previous);
      return { url };
    },
  );
};

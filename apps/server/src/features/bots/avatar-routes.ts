import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAvatarResult, ZBotIdParams } from '@app/shared/bots/schemas';
import { bots } from '../../db/schema/bots';
import { acceptUploads, readAvatarUpload, ZAvatarUpload } from '../../plugins/uploads';
import { requireBot } from './access';
import { deleteAvatarFile } from './avatar-files';
import { userOf } from './caller';

/** POST /api/bots/{id}/avatar: multipart field `avatar`, an image by content, at most 2 MB → {url}. */
export const botAvatarRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  app.post(
    '/:id/avatar',
    {
      config: { access: 'user', uploads: true, failureMessage: 'Failed to update bot' },
      schema: {
        tags: ['bots'],
        summary: "Upload the bot's avatar (multipart field `avatar`: PNG, JPEG, WebP or GIF, at most 2 MB; stored as a 512 px WebP)",
        consumes: ['multipart/form-data'],
        params: ZBotIdParams,
        body: ZAvatarUpload,
        response: { 200: ZAvatarResult },
      },
    },
    async (request) => {
      const caller = userOf(request);
      // Rights first: a stranger's upload is refused before it is read or decoded.
      await requireBot(app.ctx.db, request.params.id, caller, 'write');
      const image = await readAvatarUpload(request);
      const url = await app.storage.put(`bots/${request.params.id}/${randomUUID()}.webp`, image.data, image.contentType);
      let previous: string | null;
      try {
        previous = await app.ctx.db.transaction(async (tx) => {
          // Again under a lock: the bot or the caller's rights may have gone while the file was processed.
          const { bot } = await requireBot(tx, request.params.id, caller, 'write', { forUpdate: true });
          await tx.update(bots).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(bots.id, bot.id));
          return bot.avatarUrl;
        });
      } catch (err) {
        // No row points at the new file: do not leave it behind.
        await deleteAvatarFile(app, url);
        throw err;
      }
      await deleteAvatarFile(app, previous);
      return { url };
    },
  );
};

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  validateEmailFormat,
  ZAccountProfile,
  ZAvatarUrl,
  ZEmailValidateBody,
  ZEmailValidation,
  ZProfilePatch,
  ZUsernameCheck,
  ZUsernameCheckQuery,
} from '@app/shared/account/schemas';
import { SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { acceptUploads, readAvatarUpload, ZAvatarUpload } from '../../plugins/uploads';
import { deleteAvatarFile } from '../bots';
import { toAccountProfile, updateProfile, userRow, usernameTakenByOther } from './profile';

const tags = ['settings'];

const avatarTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', SETTINGS_MESSAGES.avatarTooLarge, 'avatar');

/** The profile (§2 Settings: Profile), the avatar, and the username and email checks. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(acceptUploads);
  const { db } = app.ctx;

  app.get(
    '/profile',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.getProfile },
      schema: { tags, summary: "The caller's profile", response: { 200: ZAccountProfile } },
    },
    async (request) => toAccountProfile(await userRow(db, requireAuth(request).user.id)),
  );

  app.patch(
    '/profile',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.updateProfile },
      schema: {
        tags,
        summary: 'Change profile fields (display name and username may not be empty; the username must be free)',
        body: ZProfilePatch,
        response: { 200: ZAccountProfile },
      },
    },
    async (request) => updateProfile(db, requireAuth(request).user.id, request.body),
  );

  app.post(
    '/avatar',
    {
      config: { access: 'user', uploads: true, failureMessage: SETTINGS_FAILURES.uploadAvatar },
      schema: {
        tags,
        summary: "Upload the caller's avatar (multipart field `avatar`: an image, at most 2 MB; stored as a 512 px WebP)",
        consumes: ['multipart/form-data'],
        body: ZAvatarUpload,
        response: { 200: ZAvatarUrl },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const image = await readAvatarUpload(request, { missingMessage: SETTINGS_MESSAGES.avatarNotImage, tooLarge: avatarTooLarge });
      const url = await app.storage.put(`users/${userId}/${randomUUID()}.webp`, image.data, image.contentType);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const current = await userRow(tx, userId, { forUpdate: true });
          await tx.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, userId));
          return current.avatarUrl;
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

  app.delete(
    '/avatar',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.removeAvatar },
      schema: { tags, summary: "Remove the caller's avatar", response: { 200: ZAccountProfile } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { previous, row } = await db.transaction(async (tx) => {
        const current = await userRow(tx, userId, { forUpdate: true });
        const [updated] = await tx.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
        return { previous: current.avatarUrl, row: updated ?? current };
      });
      // Only once nothing else (a bot, another user) shows the file.
      await deleteAvatarFile(app, previous);
      return toAccountProfile(row);
    },
  );

  app.get(
    '/username/check',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.checkUsername },
      schema: {
        tags,
        summary: 'Whether a username is free for the caller (their own current name counts as free)',
        querystring: ZUsernameCheckQuery,
        response: { 200: ZUsernameCheck },
      },
    },
    async (request) => ({ available: !(await usernameTakenByOther(db, request.query.username, requireAuth(request).user.id)) }),
  );

  app.post(
    '/email/validate',
    {
      config: { access: 'user', failureMessage: SETTINGS_FAILURES.validateEmail },
      schema: {
        tags,
        summary: "The spec's email format check (text, @, text, dot, text, no spaces); never tells whether an address is in use",
        body: ZEmailValidateBody,
        response: { 200: ZEmailValidation },
      },
    },
    async (request) => validateEmailFormat(request.body.email),
  );
};

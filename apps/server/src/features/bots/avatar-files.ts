import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { isOwnImagePath } from '../../lib/own-images';
import { users } from '../../db/schema/users';

/** Our own uploads live under /uploads/; seeds (/avatars/...) and outside URLs are not ours to touch. */
const isUpload = (url: string | null): url is string => Boolean(url?.startsWith('/uploads/'));

/**
 * Removes an uploaded avatar once no bot or user shows it any more; a failure only leaves a stray
 * file. The check matters because an avatar URL can be typed in (PATCH takes any /uploads/...
 * path), so one file may be shown by several bots: deleting it for one must not break the others.
 */
export async function deleteAvatarFile(app: FastifyInstance, url: string | null): Promise<void> {
  if (!isUpload(url) || (await avatarInUse(app.ctx.db, url))) return;
  await app.storage.delete(url).catch((err: unknown) => app.log.warn({ err, url }, 'could not delete an avatar file'));
}

/**
 * A clone gets its own copy of an uploaded avatar, so that the source changing or deleting its
 * avatar never breaks the copy. A seeded picture is shared as it is; an outside URL (saved before
 * avatars were uploads only) is not copied: the clone starts without an avatar.
 */
export async function copyAvatarFor(app: FastifyInstance, url: string | null): Promise<string | null> {
  if (!isUpload(url)) return url && isOwnImagePath(url) ? url : null;
  const data = await app.storage.read(url);
  if (!data) return null;
  const ext = url.slice(url.lastIndexOf('.') + 1) || 'webp';
  return app.storage.put(`bots/copies/${randomUUID()}.${ext}`, data, ext === 'webp' ? 'image/webp' : `image/${ext}`);
}

/** Whether any bot or user still shows `url`. */
async function avatarInUse(db: Database, url: string): Promise<boolean> {
  const [bot] = await db.select({ id: bots.id }).from(bots).where(eq(bots.avatarUrl, url)).limit(1);
  if (bot) return true;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.avatarUrl, url)).limit(1);
  return Boolean(user);
}

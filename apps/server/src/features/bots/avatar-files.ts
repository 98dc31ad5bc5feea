import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Our own uploads live under /uploads/; seeds (/avatars/...) and outside URLs are not ours to touch. */
const isUpload = (url: string | null): url is string => Boolean(url?.startsWith('/uploads/'));

/** Removes an uploaded avatar that no bot uses any more; a failure only leaves a stray file. */
export async function deleteAvatarFile(app: FastifyInstance, url: string | null): Promise<void> {
  if (!isUpload(url)) return;
  await app.storage.delete(url).catch((err: unknown) => app.log.warn({ err, url }, 'could not delete an avatar file'));
}

/**
 * A clone gets its own copy of an uploaded avatar, so that the source changing or deleting its
 * avatar never breaks the copy. Other URLs are shared as they are.
 */
export async function copyAvatarFor(app: FastifyInstance, url: string | null): Promise<string | null> {
  if (!isUpload(url)) return url;
  const data = await app.storage.read(url);
  if (!data) return null;
  const ext = url.slice(url.lastIndexOf('.') + 1) || 'webp';
  return app.storage.put(`bots/copies/${randomUUID()}.${ext}`, data, ext === 'webp' ? 'image/webp' : `image/${ext}`);
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Small on purpose: an S3-compatible implementation (the design's
 * choice at scale) only needs these three calls.
 */
export interface FileStorage {
  /** Stores `data` under `key` (such as `bots/<id>/<random>.webp`) and answers its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** The bytes behind one of our URLs, or null. */
  read(url: string): Promise<Buffer | null>;
  /** Deletes the file behind one of our URLs; URLs that are not ours are left alone. */
  delete(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Files on the local disk under `<root>`, served by the uploads plugin at /uploads/. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  /** The file of a key, or null for anything that would land outside the root (`..`, absolute paths, odd characters). */
  private fileOf(key: string): string | null {
    if (!/^[A-Za-z0-9][\w\-./]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
    const file = path.resolve(this.root, key);
    return file.startsWith(path.resolve(this.root) + path.sep) ? file : null;
  }

  /**
   * The file behind one of our URLs, or null: seeds (/avatars/...), outside URLs and hostile
   * /uploads/../ paths are not ours. URLs reach us from the database, and an avatar URL is
   * partly the user's input, so a bad one is ignored rather than trusted or thrown on.
   */
  private fileOfUrl(url: string): string | null {
    return url.startsWith(UPLOADS_PREFIX) ? this.fileOf(url.slice(UPLOADS_PREFIX.length)) : null;
  }

  /** The content type is not kept: the file's extension says it when it is served (an S3 store would keep it). */
  async put(key: string, data: Buffer, _contentType?: string): Promise<string> {
    const file = this.fileOf(key);
    // Keys come from our code, never from a client: a bad one is a bug, so it throws.
    if (!file) throw new Error(`invalid storage key: ${key}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    return `${UPLOADS_PREFIX}${key}`;
  }

  async read(url: string): Promise<Buffer | null> {
    const file = this.fileOfUrl(url);
    if (!file) return null;
    try {
      return await fs.readFile(file);
    } catch {
      return null;
    }
  }

  async delete(url: string): Promise<void> {
    const file = this.fileOfUrl(url);
    if (!file) return;
    await fs.rm(file, { force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

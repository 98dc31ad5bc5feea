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

  /** The file of a key, refusing anything that would land outside the root (`..`, absolute paths). */
  private fileOf(key: string): string {
    if (!/^[A-Za-z0-9][\w\-./]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
      throw new Error(`invalid storage key: ${key}`);
    }
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return file;
  }

  private keyOf(url: string): string | null {
    return url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null;
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<string> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
    return `${UPLOADS_PREFIX}${key}`;
  }

  async read(url: string): Promise<Buffer | null> {
    const key = this.keyOf(url);
    if (!key) return null;
    try {
      return await fs.readFile(this.fileOf(key));
    } catch {
      return null;
    }
  }

  async delete(url: string): Promise<void> {
    const key = this.keyOf(url);
    if (!key) return;
    await fs.rm(this.fileOf(key), { force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

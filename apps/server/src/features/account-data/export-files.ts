import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DataExportFormat } from '@app/shared/account-data/schemas';
import type { Database } from '../../db/client';
import { dataExports } from '../../db/schema/jobs';
import { users } from '../../db/schema/users';
import { LocalDiskStorage, type FileStorage } from '../../lib/storage';
import { buildArchive } from './export-archive';

/**
 * Data exports live in a storage of their own under DATA_DIR/private, which no route serves as
 * static files (unlike DATA_DIR/uploads): the only way to an archive is the owner-only download
 * route. The handle that `put` answers is kept in data_exports.storage_key; it is not a public URL.
 * At scale this is a private bucket of the S3-compatible store.
 */
export function createExportStorage(dataDir: string): FileStorage {
  return new LocalDiskStorage(path.join(dataDir, 'private'));
}

export const CONTENT_TYPES: Record<DataExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
};

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * Builds the user's archive, stores it under an unguessable key, records it with its expiry and
 * marks the user's export as requested. A failure to record removes the stored file again.
 */
export async function createDataExport(
  db: Database,
  storage: FileStorage,
  userId: string,
  format: DataExportFormat,
  ttlHours: number,
): Promise<DataExportRow> {
  const now = new Date();
  const archive = await buildArchive(db, userId, format, now);
  // 128 random bits: the key is never shown, but it must not be guessable even by someone who reads the folder names.
  const handle = await storage.put(`exports/${userId}/${randomBytes(16).toString('hex')}.${format}`, archive, CONTENT_TYPES[format]);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dataExports)
        .values({
          userId,
          format,
          storageKey: handle,
          sizeBytes: archive.length,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
        })
        .returning();
      await tx.update(users).set({ exportRequestedAt: now }).where(eq(users.id, userId));
      return row!;
    });
  } catch (err) {
    await storage.delete(handle).catch(() => undefined);
    throw err;
  }
}

/** The user's export by id, or null when it is someone else's or unknown. */
export async function findOwnExport(db: Database, userId: string, id: string): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The storage handles of every export of a user (the account deletion removes the files). */
export async function exportHandlesOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ key: dataExports.storageKey }).from(dataExports).where(eq(dataExports.userId, userId));
  return rows.map((r) => r.key);
}

/**
 * Deletes expired exports, files first, a batch at a time. Safe in every instance at once: a
 * file already gone is no error, and a row deleted twice is deleted once. Answers how many went.
 */
export async function deleteExpiredExports(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db
      .select({ id: dataExports.id, key: dataExports.storageKey })
      .from(dataExports)
      .where(lte(dataExports.expiresAt, now))
      .limit(100);
    if (batch.length === 0) return removed;
    for (const row of batch) await storage.delete(row.key);
    await db.delete(dataExports).where(
      inArray(
        dataExports.id,
        batch.map((r) => r.id),
      ),
    );
    removed += batch.length;
  }
}

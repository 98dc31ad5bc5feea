import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES as M } from '@app/shared/imports/rules';
import { emptyReport, type Import, type ImportReport } from '@app/shared/imports/schemas';
import type { Executor } from '../../db/client';
import { imports } from '../../db/schema/imports';
import { notFound } from '../../lib/http-errors';

export type ImportRow = typeof imports.$inferSelect;

export const importView = (row: ImportRow): Import => ({
  id: row.id,
  source: row.source,
  status: row.status,
  progress: { done: row.done, total: row.total },
  // A report saved before skippedCount existed lists every file it skipped.
  report: { ...row.report, skippedCount: (row.report as Partial<ImportReport>).skippedCount ?? row.report.skipped.length },
  error: row.status === 'failed' ? (row.error ?? M.failed) : null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function createImport(db: Executor, userId: string, storageKey: string): Promise<ImportRow> {
  const [row] = await db.insert(imports).values({ userId, source: 'sillytavern', storageKey, report: emptyReport() }).returning();
  return row!;
}

export async function deleteImport(db: Executor, id: string) {
  await db.delete(imports).where(eq(imports.id, id));
}

/** The caller's import, or 404 (another user's is never told apart from none). */
export async function requireImport(db: Executor, id: string, userId: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listImports(db: Executor, userId: string, limit = 20): Promise<Import[]> {
  const rows = await db.select().from(imports).where(eq(imports.userId, userId)).orderBy(desc(imports.createdAt)).limit(limit);
  return rows.map(importView);
}

/** Imports of the user that are queued or running. */
export async function activeImports(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(imports)
    .where(and(eq(imports.userId, userId), inArray(imports.status, ['queued', 'running'])));
  return row?.n ?? 0;
}

export async function saveProgress(db: Executor, id: string, state: { done: number; total: number; report: ImportReport }) {
  await db
    .update(imports)
    .set({ status: 'running', ...state })
    .where(eq(imports.id, id));
}

/** The job is over: its state, and the upload is no longer kept. */
export async function finishImport(
  db: Executor,
  id: string,
  state: { status: 'done' | 'failed'; done?: number; total?: number; report?: ImportReport; error?: string },
) {
  await db
    .update(imports)
    .set({ ...state, storageKey: null, finishedAt: new Date() })
    .where(eq(imports.id, id));
}

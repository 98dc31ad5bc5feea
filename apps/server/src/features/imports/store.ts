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
  // A receiving row is never shown (listImports, requireImport).
  status: row.status as Import['status'],
  progress: { done: row.done, total: row.total },
  // A report saved before skippedCount existed lists every file it skipped.
  report: { ...row.report, skippedCount: (row.report as Partial<ImportReport>).skippedCount ?? row.report.skipped.length },
  error: row.status === 'failed' ? (row.error ?? M.failed) : null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** An import the API shows: not one whose upload is still being received. */
const shown = sql`${imports.status} <> 'receiving'`;

/** A receiving row whose upload gave no sign of life for this long was left by a process that died (decision 036). */
export const RECEIVING_STALE_MS = 3 * 60_000;
/** How often an upload being received says it is alive. */
export const RECEIVING_BEAT_MS = 30_000;

/**
 * Takes the user's one place for an import before the upload is read (decision 036): a new row
 * 'receiving', or, when the user has an active import already (received, queued or running, on
 * any instance: the partial unique index decides), that import's status. A receiving row silent
 * for RECEIVING_STALE_MS is taken for dead and replaced.
 */
export async function claimImport(db: Executor, userId: string): Promise<{ id: string } | { busy: ImportRow['status'] }> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(imports)
      .values({ userId, source: 'sillytavern', status: 'receiving', aliveAt: sql`now()`, report: emptyReport() })
      .onConflictDoNothing()
      .returning({ id: imports.id });
    if (row) return row;
    // Taken: by a live import, or by the row of an upload whose process died.
    const dead = await db
      .delete(imports)
      .where(
        and(
          eq(imports.userId, userId),
          eq(imports.status, 'receiving'),
          sql`${imports.aliveAt} < now() - make_interval(secs => ${RECEIVING_STALE_MS / 1000})`,
        ),
      )
      .returning({ id: imports.id });
    if (dead.length > 0 && attempt === 0) continue;
    const [active] = await db
      .select({ status: imports.status })
      .from(imports)
      .where(and(eq(imports.userId, userId), inArray(imports.status, ['receiving', 'queued', 'running'])));
    // Finished between the insert and this look: the place is free again.
    if (!active && attempt === 0) continue;
    return { busy: active?.status ?? 'receiving' };
  }
}

/** The upload is still coming: its receiving row is alive. */
export async function keepReceiving(db: Executor, id: string) {
  await db
    .update(imports)
    .set({ aliveAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.status, 'receiving')));
}

/** The upload is in: the receiving row becomes the queued import. False when the row is gone (taken for dead meanwhile). */
export async function queueImport(db: Executor, id: string, storageKey: string): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ status: 'queued', storageKey, aliveAt: null, createdAt: new Date() })
    .where(and(eq(imports.id, id), eq(imports.status, 'receiving')))
    .returning({ id: imports.id });
  return rows.length > 0;
}

/** Deletes an import's row (only while it has `status`, when given: a receiving upload that failed). */
export async function deleteImport(db: Executor, id: string, status?: ImportRow['status']) {
  await db.delete(imports).where(and(eq(imports.id, id), status ? eq(imports.status, status) : undefined));
}

/** The caller's import, or 404 (another user's is never told apart from none). */
export async function requireImport(db: Executor, id: string, userId: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId), shown));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listImports(db: Executor, userId: string, limit = 20): Promise<Import[]> {
  const rows = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, userId), shown))
    .orderBy(desc(imports.createdAt))
    .limit(limit);
  return rows.map(importView);
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

import { z } from 'zod';
import { IMPORT_MESSAGES as M, IMPORT_SKIP_REASONS } from './rules';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const skipCodes = Object.keys(IMPORT_SKIP_REASONS) as [keyof typeof IMPORT_SKIP_REASONS, ...(keyof typeof IMPORT_SKIP_REASONS)[]];

/** What an import brought in: counts of the things it made, and each file it skipped with why. */
export const ZImportReport = z.object({
  characters: z.number().int(),
  chats: z.number().int(),
  messages: z.number().int(),
  groups: z.number().int(),
  lorebooks: z.number().int(),
  personas: z.number().int(),
  /** Files that an earlier import already brought in: made nothing again. */
  alreadyImported: z.number().int(),
  /** The files skipped, each with why: the first 1,000 (a folder of broken files can't bloat the report). */
  skipped: z.array(z.object({ file: z.string(), code: z.enum(skipCodes), reason: z.string() })),
  /** How many files were skipped in all (the list stops at 1,000). */
  skippedCount: z.number().int(),
});
export type ImportReport = z.infer<typeof ZImportReport>;

export const emptyReport = (): ImportReport => ({
  characters: 0,
  chats: 0,
  messages: 0,
  groups: 0,
  lorebooks: 0,
  personas: 0,
  alreadyImported: 0,
  skipped: [],
  skippedCount: 0,
});

/** GET /api/imports/{id}: a job and how far it got. */
export const ZImport = z.object({
  id: z.uuid(),
  source: z.literal('sillytavern'),
  status: z.enum(IMPORT_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  report: ZImportReport,
  /** Set when the status is failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof ZImport>;

/** GET /api/imports: the caller's imports, newest first. */
export const ZImportList = z.object({ items: z.array(ZImport) });

/** POST /api/imports/sillytavern answers the job's id (202: it runs in the background). */
export const ZImportStarted = z.object({ id: z.uuid() });

export const ZImportParams = z.object({ id: z.uuid(M.notFound) });

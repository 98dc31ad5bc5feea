import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { openTestDatabase } from '../apps/server/test/helpers/database';

/** A database of the benchmark's own: PGlite in a temporary folder, or a new database on DATABASE_URL, dropped after. */
export async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; kind: string; cleanup(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-bench-'));
    const handle = await openDatabase(process.env.BENCH_MEMORY ? { memory: true } : { pgliteDir: path.join(dir, 'pgdata') });
    return { handle, kind: 'PGlite (embedded)', cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  // The test suite's helper: a database of its own on that server, dropped on close.
  const handle = await openTestDatabase({ poolMax: 10 });
  return { handle, kind: 'PostgreSQL server (pool of 10)', cleanup: async () => undefined };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { createScratchDatabase, openTestDatabase } from '../apps/server/test/helpers/database';

export interface BenchDatabase {
  handle: DatabaseHandle;
  kind: string;
  /** True when BENCH_REUSE_URL named a database an earlier run seeded: the bench times it again without seeding. */
  seeded: boolean;
  cleanup(): Promise<void>;
}

/**
 * A database of the benchmark's own: PGlite in a temporary folder, or a new database on
 * DATABASE_URL, dropped after. Seeding a large one takes minutes, so `BENCH_KEEP=1` keeps the new
 * database (its URL is printed) and `BENCH_REUSE_URL=<that URL>` times it again.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const reuse = process.env.BENCH_REUSE_URL;
  if (reuse) {
    const handle = await openDatabase({ url: reuse, poolMax: 10 });
    return { handle, kind: 'PostgreSQL server (pool of 10), seeded before', seeded: true, cleanup: async () => undefined };
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-bench-'));
    const handle = await openDatabase(process.env.BENCH_MEMORY ? { memory: true } : { pgliteDir: path.join(dir, 'pgdata') });
    return { handle, kind: 'PGlite (embedded)', seeded: false, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (process.env.BENCH_KEEP) {
    const scratch = (await createScratchDatabase())!;
    console.log(`kept for BENCH_REUSE_URL: ${scratch.url}`);
    return {
      handle: await openDatabase({ url: scratch.url, poolMax: 10 }),
      kind: 'PostgreSQL server (pool of 10)',
      seeded: false,
      cleanup: async () => undefined,
    };
  }
  // The test suite's helper: a database of its own on that server, dropped on close.
  const handle = await openTestDatabase({ poolMax: 10 });
  return { handle, kind: 'PostgreSQL server (pool of 10)', seeded: false, cleanup: async () => undefined };
}

/** The whole app on `handle`, as production runs it, with no web app, no demo data and no rate limit in the way. */
export async function openBenchApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
  });
  await prepareDatabase(handle, config);
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  return app;
}

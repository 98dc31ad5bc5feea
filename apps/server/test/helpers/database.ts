import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

/**
 * What the suite's global setup (test/global-setup.ts) made once for the whole run: a file with a
 * dump of a migrated PGlite database, and the name of a migrated database on DATABASE_URL's server.
 * Without them (a bench, a script), every database is migrated on its own.
 */
export const SNAPSHOT_ENV = 'TEST_PGLITE_SNAPSHOT';
export const TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

let snapshot: Promise<Blob> | undefined;

/**
 * A migrated database of its own for one test file: PGlite in memory by default, or, when
 * DATABASE_URL is set (CI), a new database on that server, dropped when the test closes it. It
 * starts as a copy of one migrated once per run (PGlite: loaded from a dump; PostgreSQL: created
 * from a template), which is what running the migrations on an empty one gives, in a tenth of the time.
 */
export async function openTestDatabase(opts: { poolMax?: number } = {}): Promise<DatabaseHandle> {
  const template = process.env[TEMPLATE_ENV];
  const scratch = await createScratchDatabase(template ? { template } : {});
  if (!scratch) {
    const file = process.env[SNAPSHOT_ENV];
    if (file) {
      snapshot ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
      return openDatabase({ memory: true, from: await snapshot });
    }
    const handle = await openDatabase({ memory: true });
    await runMigrations(handle);
    return handle;
  }
  const handle = await openDatabase({ url: scratch.url, poolMax: opts.poolMax ?? 5 });
  if (!template) await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * When DATABASE_URL is set (CI): a new database on that server, empty or a copy of `template`, its
 * URL, and a way to drop it (a server started as a child process gets one of its own). Null without
 * DATABASE_URL.
 */
export async function createScratchDatabase(
  opts: { template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `${opts.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

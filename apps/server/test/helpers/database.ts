import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';

/**
 * A database of its own for one test file: PGlite in memory by default, or, when DATABASE_URL
 * is set (CI), a new database on that server, dropped when the test closes it.
 */
export async function openTestDatabase(opts: { poolMax?: number } = {}): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase();
  if (!scratch) return openDatabase({ memory: true });
  const handle = await openDatabase({ url: scratch.url, poolMax: opts.poolMax ?? 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * When DATABASE_URL is set (CI): a new, empty database on that server, its URL, and a way to drop
 * it (a server started as a child process gets one of its own). Null without DATABASE_URL.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

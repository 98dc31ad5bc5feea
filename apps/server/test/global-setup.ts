import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createScratchDatabase, SNAPSHOT_ENV, TEMPLATE_ENV } from './helpers/database';

/**
 * Once per run, before any test file: the real migrations on an empty database, kept for every
 * file's openTestDatabase() to copy (decision 041). On PGlite, a dump of it in a file (loading one
 * takes under a second; a new database and its 31 migrations took about four); on PostgreSQL
 * (DATABASE_URL), a database to create the others from (`create database … template`). The workers
 * are started after this and inherit the environment that names it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    const template = (await createScratchDatabase({ prefix: 'test_template' }))!;
    // Two connections: the migration lock holds one while the migrations run on the other.
    const handle = await openDatabase({ url: template.url, poolMax: 2 });
    try {
      await runMigrations(handle);
    } catch (err) {
      await handle.close();
      await template.drop();
      throw err;
    }
    // A template takes no connection of its own while it is copied.
    await handle.close();
    process.env[TEMPLATE_ENV] = template.name;
    return () => template.drop();
  }
  const handle = await openDatabase({ memory: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-test-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    await runMigrations(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[SNAPSHOT_ENV] = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireFolderLock, type LockHolder } from './folder-lock';

/** The one database type the code uses; both drivers provide it. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction, or the database itself: repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers when the database takes a query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs `fn` while holding a lock shared by every instance (migrations, seeding). */
  withExclusiveLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The connections of the pool now (for /metrics); null for PGlite, which has one in-process connection and no pool. */
  poolStats(): PoolStats | null;
  /** Embedded database in a folder: the holder of a lock left by a process gone, taken over at open. */
  lockTakenOverFrom?: LockHolder | null;
}

export interface PoolStats {
  /** Connections open (in use or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/**
 * A statement of a hot path, built once per database and prepared under its name: drizzle skips
 * building the query, and a PostgreSQL server parses and plans it once per connection.
 */
export function preparedPerDatabase<T, D extends Executor = Database>(build: (db: D) => T): (db: D) => T {
  const statements = new WeakMap<D, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** The rows of a raw query's result: the two drivers shape it differently. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? []));

/** The rows of a raw query. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const dialect = new PgDialect();

/**
 * A raw statement of a hot path that drizzle's builders can't express (an insert from a select
 * of some columns), prepared under its name like preparedPerDatabase's: its parameters are
 * `sql.placeholder`s, given to `execute`. Answers the rows as the driver gives them.
 */
export function preparedSql<T>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedPerDatabase((db: Executor) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return { execute: async (params: Record<string, unknown>) => rowsOf<T>(await prepared.execute(params)) };
  });
}

/** A raw query's row of `table` (snake_case names, the driver's values) as drizzle's own queries answer it. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * Makes a pool live through its server going away and coming back. An idle client that loses
 * its connection is dropped by the pool ('error' on the pool, ignored here: the next query opens
 * a new one). A client checked out (a transaction, the migration lock) has no listener of the
 * pool's: its 'error' event would be an uncaught exception, and the process would die. Here it is
 * released, broken, the moment its connection is lost, so that the pool drops it: a transaction
 * whose BEGIN fails is never released by drizzle, and each would otherwise keep a slot of the pool
 * for good (with all of them lost, every request waits for a connection, and `pool.end()` never
 * ends). The holder's own release later does nothing, and its queries fail (`isDatabaseUnavailable`).
 */
function survivesConnectionLoss(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // The callback form is pool.query's, which listens for its client's errors itself.
  (pool as { connect: unknown }).connect = (callback?: unknown) =>
    callback
      ? connect(callback)
      : connect()!.then((client) => {
          const release = client.release;
          let released = false;
          const lost = (err: Error) => {
            if (released) return;
            released = true;
            release(err);
          };
          client.on('error', lost);
          client.release = (err?: Error | boolean) => {
            if (released) return;
            released = true;
            client.removeListener('error', lost);
            release(err);
          };
          return client;
        });
}

/** `port`: the port this process will listen on, named to a second start that finds the folder locked. */
/** `from`: for an in-memory database, a dump of another (PGlite's `dumpDataDir`) to start from instead of an empty one. */
export type DatabaseTarget =
  { url: string; poolMax?: number } | { pgliteDir: string; port?: number } | { memory: true; from?: Blob | File };

/** An embedded database folder that PGlite could not open (damaged files, e.g. after a kill mid-write). */
export class DataFolderUnreadableError extends Error {
  constructor(
    readonly folder: string,
    readonly reason: string,
  ) {
    super(`the embedded database in ${folder} could not be opened: ${reason}`);
    this.name = 'DataFolderUnreadableError';
  }
}

// Any fixed number works; it only has to be the same in every instance of the app.
const MIGRATION_LOCK_ID = 7_202_611;

/**
 * Opens PostgreSQL: a server through a pool when a URL is given, otherwise PGlite, embedded in
 * this process, persisted under a folder (or in memory for tests).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    // A server that can't be reached fails a request after 5 s rather than holding it.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax ?? 10, connectionTimeoutMillis: 5_000 });
    survivesConnectionLoss(pool);
    const db = drizzlePg(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async ping() {
        await pool.query('select 1');
      },
      // Bounded: a client still checked out (a request the shutdown cut short) would hold it forever.
      close: async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([pool.end(), new Promise((resolve) => (timer = setTimeout(resolve, 3_000)))]);
        clearTimeout(timer);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async withExclusiveLock(fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
    };
  }

  // pg_trgm backs the bot search and its typo lexicon (the migrations create it). Only what is
  // used: with btree_gin's bundle loaded next to it, pg_trgm's `%` answered no rows and the next
  // query never returned, which froze the whole process (decision 025, "PGlite and btree_gin").
  const extensions = { pg_trgm };
  let client: PGlite;
  let lock: ReturnType<typeof acquireFolderLock> | null = null;
  if ('pgliteDir' in target) {
    fs.mkdirSync(path.dirname(target.pgliteDir), { recursive: true });
    // Before PGlite reads a byte: a second process must change nothing (decision 035).
    lock = acquireFolderLock(`${target.pgliteDir}.lock`, target.port);
    try {
      client = await PGlite.create(target.pgliteDir, { extensions });
    } catch (err) {
      lock.release();
      // PGlite aborts its WebAssembly (`RuntimeError: Aborted()`) or fails its start on files it can't read.
      const reason = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      throw new DataFolderUnreadableError(target.pgliteDir, reason);
    }
  } else {
    client = await PGlite.create({ extensions, ...(target.from ? { loadDataDir: target.from } : {}) });
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    lockTakenOverFrom: lock?.tookOverFrom ?? null,
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    poolStats: () => null,
    // PGlite lives in this one process: nothing else can run migrations at the same time.
    withExclusiveLock: (fn) => fn(),
  };
}

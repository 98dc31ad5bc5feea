import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LIVE_RETENTION_MS } from '@app/shared/live/schemas';
import type { Database } from '../../db/client';
import { liveEvents } from '../../db/schema/live';

/** One stored event of a user's stream. */
export interface StoredEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
}

/**
 * Where the events of the users' streams wait, shared by every instance (decision 021), so that a
 * stream that reconnects (to any instance) with `Last-Event-ID` gets what it missed. A user's ids
 * grow in the order their events were stored, and a reader that has seen one id has seen every
 * earlier one: the next read after it loses nothing.
 */
export interface LiveStore {
  readonly kind: 'postgres' | 'redis';
  /** An id below every id the store gives. */
  readonly origin: string;
  /** Stores an event for a user and answers its id. */
  append(userId: string, name: string, data: Record<string, unknown>): Promise<string>;
  /** The user's events after `id` (oldest first, at most `limit`), markers left out. */
  after(userId: string, id: string, limit: number): Promise<StoredEvent[]>;
  /** Whether `id` is still stored for the user: then every later event is too (the store forgets oldest first). */
  has(userId: string, id: string): Promise<boolean>;
  /** The user's newest id, or null. */
  newest(userId: string): Promise<string | null>;
  /** Forgets what is older than the retention; answers how many it removed (the job). */
  forgetOld(): Promise<number>;
}

/**
 * Where a stream starts: stored like an event so that its id can be resumed from, never sent (a
 * stream that opens has nothing to resume, and its `ready` event names this id).
 */
export const MARKER = 'stream.opened';

const isPgId = (id: string) => /^[0-9]{1,18}$/.test(id);

/**
 * A table (`live_events`): on the embedded database (one instance) and on a PostgreSQL server
 * without Redis. Writers of one user queue on an advisory lock held until their commit, so that
 * the user's ids commit in order: a reader never sees id 12 before id 10 is visible. The time is
 * the clock's at the insert (after the lock), so the oldest rows are the lowest ids.
 */
export function postgresStore(db: Database): LiveStore {
  return {
    kind: 'postgres',
    origin: '0',
    append: (userId, name, data) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`live:${userId}`}, 0))`);
        const [row] = await tx
          .insert(liveEvents)
          .values({ userId, name, data, createdAt: sql`clock_timestamp()` })
          .returning({ id: liveEvents.id });
        return String(row!.id);
      }),
    async after(userId, id, limit) {
      if (!isPgId(id)) return [];
      const rows = await db
        .select({ id: liveEvents.id, name: liveEvents.name, data: liveEvents.data })
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, Number(id)), ne(liveEvents.name, MARKER)))
        .orderBy(asc(liveEvents.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
    async has(userId, id) {
      if (!isPgId(id)) return false;
      const [row] = await db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, userId), eq(liveEvents.id, Number(id))))
        .limit(1);
      return Boolean(row);
    },
    async newest(userId) {
      const [row] = await db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(eq(liveEvents.userId, userId))
        .orderBy(sql`${liveEvents.id} desc`)
        .limit(1);
      return row ? String(row.id) : null;
    },
    async forgetOld() {
      const gone = await db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, sql`now() - ${`${LIVE_RETENTION_MS} milliseconds`}::interval`))
        .returning({ id: liveEvents.id });
      return gone.length;
    },
  };
}

const isRedisId = (id: string) => /^[0-9]{1,15}-[0-9]{1,10}$/.test(id);

/**
 * A Redis stream per user (`{prefix}live:{userId}`) when REDIS_URL is set: XADD gives ids in
 * order, trims what is older than the retention (MINID) and the key expires when the user has
 * been quiet that long, so there is nothing to clean.
 */
export function redisStore(redis: Redis, prefix: string): LiveStore {
  const key = (userId: string) => `${prefix}live:${userId}`;
  const entries = (raw: [string, string[]][]): StoredEvent[] =>
    raw.map(([id, fields]) => {
      const field = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
      return { id, name: field('n'), data: JSON.parse(field('d') || '{}') as Record<string, unknown> };
    });
  return {
    kind: 'redis',
    origin: '0-0',
    async append(userId, name, data) {
      const minId = Date.now() - LIVE_RETENTION_MS;
      const result = await redis
        .multi()
        .xadd(key(userId), 'MINID', '~', String(minId), '*', 'n', name, 'd', JSON.stringify(data))
        .pexpire(key(userId), LIVE_RETENTION_MS)
        .exec();
      const [err, id] = result?.[0] ?? [new Error('no answer'), null];
      if (err || typeof id !== 'string') throw err ?? new Error('XADD answered no id');
      return id;
    },
    async after(userId, id, limit) {
      if (!isRedisId(id)) return [];
      const raw = (await redis.xrange(key(userId), `(${id}`, '+', 'COUNT', limit)) as [string, string[]][];
      return entries(raw).filter((e) => e.name !== MARKER);
    },
    async has(userId, id) {
      if (!isRedisId(id)) return false;
      return (await redis.xrange(key(userId), id, id, 'COUNT', 1)).length > 0;
    },
    async newest(userId) {
      const [last] = (await redis.xrevrange(key(userId), '+', '-', 'COUNT', 1)) as [string, string[]][];
      return last?.[0] ?? null;
    },
    forgetOld: async () => 0,
  };
}

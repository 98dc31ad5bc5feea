import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@app/shared/events/domain-events';
import { DomainEvents } from '../../src/events/bus';
import { postgresTransport, redisTransport, type EventTransport } from '../../src/events/transports';
import { createScratchDatabase } from '../helpers/database';
import { redisAvailable, startRedis } from '../helpers/redis';

/**
 * The bus across instances (decision 016): two DomainEvents, as two instances hold them, joined by
 * Redis pub/sub or PostgreSQL LISTEN/NOTIFY. `subscribeEverywhere` listeners hear events of the
 * other instance within a second; `subscribe` listeners only their own instance's.
 */

const log = () => ({ warn: vi.fn(), info: vi.fn(), error: vi.fn() });
const changed = { updatedBy: 'admin-1' };

/** Waits up to `ms` for `check` to hold; answers how long it took. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

/** Two instances' buses on `make()`'s transports, with listeners of both kinds on each. */
async function pair(make: () => EventTransport) {
  const transports = [make(), make()];
  const heard = { a: [] as DomainEvent[], b: [] as DomainEvent[], bHere: [] as DomainEvent[] };
  const a = new DomainEvents(log());
  const b = new DomainEvents(log());
  a.subscribeEverywhere('pricing.changed', 'cache', (e) => void heard.a.push(e));
  b.subscribeEverywhere('pricing.changed', 'cache', (e) => void heard.b.push(e));
  b.subscribe('pricing.changed', 'once', (e) => void heard.bHere.push(e));
  await a.connect(transports[0]!);
  await b.connect(transports[1]!);
  return { a, b, heard, close: () => Promise.all(transports.map((t) => t.close())) };
}

async function crossesOnce(make: () => EventTransport) {
  const { a, heard, close } = await pair(make);
  try {
    await a.publish('pricing.changed', changed);
    const ms = await within(1_000, () => heard.b.length === 1);
    expect(heard.b[0]).toMatchObject({ name: 'pricing.changed', payload: changed });
    await sleep(200);
    // A's own listener ran once (its echo is skipped); B's once-per-event listener never ran.
    expect(heard.a).toHaveLength(1);
    expect(heard.b).toHaveLength(1);
    expect(heard.bHere).toHaveLength(0);
    return ms;
  } finally {
    await close();
  }
}

describe('the bus without a transport (the embedded database: one instance)', () => {
  it('runs everywhere-listeners here, like the others', async () => {
    const bus = new DomainEvents(log());
    const everywhere = vi.fn();
    const here = vi.fn();
    bus.subscribeEverywhere('pricing.changed', 'cache', everywhere);
    bus.subscribe('pricing.changed', 'once', here);
    await bus.publish('pricing.changed', changed);
    expect(everywhere).toHaveBeenCalledOnce();
    expect(here).toHaveBeenCalledOnce();
  });
});

describe.skipIf(!redisAvailable)('the bus across instances through Redis pub/sub', () => {
  // One Redis for the file (test/helpers/redis.ts): REDIS_URL's, or a throwaway redis-server.
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    redis?.close();
  });

  const redisUrl = async (): Promise<string> => redis!.url;

  it('an event published on A reaches B within a second, once, and only the everywhere-listeners', async () => {
    const url = await redisUrl();
    const prefix = `test:${randomUUID()}:`;
    const make = () => {
      const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
      clients.push(publisher);
      return redisTransport(publisher, url, prefix, log());
    };
    const ms = await crossesOnce(make);
    console.info(`Redis transport: an event crossed to the other instance in ${ms} ms`);
  });

  it('two deployments with different prefixes do not hear each other', async () => {
    const url = await redisUrl();
    const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    clients.push(publisher);
    const one = redisTransport(publisher, url, `test:${randomUUID()}:`, log());
    const other = redisTransport(publisher, url, `test:${randomUUID()}:`, log());
    const a = new DomainEvents(log());
    const b = new DomainEvents(log());
    const heard = vi.fn();
    a.subscribeEverywhere('pricing.changed', 'cache', () => undefined);
    b.subscribeEverywhere('pricing.changed', 'cache', heard);
    await a.connect(one);
    await b.connect(other);
    await a.publish('pricing.changed', changed);
    await sleep(300);
    expect(heard).not.toHaveBeenCalled();
    await Promise.all([one.close(), other.close()]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the bus across instances through PostgreSQL LISTEN/NOTIFY', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let pool: pg.Pool | null = null;
  afterAll(async () => {
    await pool?.end();
    await scratch?.drop();
  });

  async function database() {
    scratch ??= await createScratchDatabase();
    pool ??= new pg.Pool({ connectionString: scratch!.url, max: 2 });
    const notify = (channel: string, text: string) => pool!.query('select pg_notify($1, $2)', [channel, text]);
    return { url: scratch!.url, notify };
  }

  it('an event published on A reaches B within a second, once, and only the everywhere-listeners', async () => {
    const { url, notify } = await database();
    const ms = await crossesOnce(() => postgresTransport(url, notify, log()));
    console.info(`PostgreSQL transport: an event crossed to the other instance in ${ms} ms`);
  });

  it('a listener whose connection is killed listens again and hears the next events', async () => {
    const { url, notify } = await database();
    const { a, heard, close } = await pair(() => postgresTransport(url, notify, log()));
    try {
      // Every LISTEN connection of this database is cut, as a PostgreSQL restart would.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      // Published until one gets through (events sent while nobody listens are lost, by design).
      const ms = await within(5_000, () => {
        void a.publish('pricing.changed', changed);
        return heard.b.length > 0;
      });
      console.info(`PostgreSQL transport: listening again ${ms} ms after its connection was killed`);
    } finally {
      await close();
    }
  });
});

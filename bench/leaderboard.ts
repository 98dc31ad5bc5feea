/**
 * The leaderboards at a million players (issue 19, decision 026). Seeds BENCH_PLAYERS (1,000,000)
 * users who joined the all-time XP board, with scores drawn from a long-tailed distribution (many
 * ties, as XP has), then measures, BENCH_ROUNDS times each, one caller at a time:
 *   1. the top 100 plus the caller's rank through the real route (GET /api/gamification/leaderboards/
 *      xp-all-time/entries?limit=100, signed in; the page's players come from memory for
 *      LEADERBOARD_PAGE_CACHE_MS, 1 s, the caller's place is read every time), and through the
 *      service with no page cache, a random caller each time (the Redis script, then the page's
 *      players from PostgreSQL);
 *   2. a score update: a new XP award of a random member counted into their boards (the cursor's
 *      transaction on PostgreSQL, then ZADD on Redis), the award's own insert not timed;
 *   3. the same read without Redis (PostgreSQL alone: a rank counts the scores above it).
 * It also times the Redis set's rebuild from PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> REDIS_URL=redis://127.0.0.1:6379 npm run bench:leaderboard
 *
 * The figures depend on the machine and its load: the bench prints the load average with them.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { leaderboardById } from '@app/shared/leaderboards/boards';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { xpAwards } from '../apps/server/src/db/schema/gamification';
import { Leaderboards, rankMirrorOf } from '../apps/server/src/features/leaderboards/leaderboards';
import { playersOf } from '../apps/server/src/features/leaderboards/ranks';
import { bringUpToDate } from '../apps/server/src/features/leaderboards/scores';
import { openDatabase } from '../apps/server/src/db/client';
import { openBenchDatabase } from './bench-database';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const PG_ROUNDS = Number(process.env.BENCH_PG_ROUNDS ?? 100);
const BOARD = leaderboardById('xp-all-time')!;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const line = (label: string, t: number[]) =>
  console.log(`   ${label.padEnd(44)} p50 ${ms(pct(t, 50))}  p95 ${ms(pct(t, 95))}  p99 ${ms(pct(t, 99))}  (n=${t.length})`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

if (!process.env.DATABASE_URL) {
  console.error('The leaderboard bench runs on a PostgreSQL server: set DATABASE_URL (and REDIS_URL for the Redis mirror).');
  process.exit(1);
}

// BENCH_REUSE=1 seeds DATABASE_URL's own database once and keeps it (the seed takes minutes); else a scratch database, dropped after.
const reuse = process.env.BENCH_REUSE === '1';
const db = reuse
  ? {
      handle: await openDatabase({ url: process.env.DATABASE_URL, poolMax: 10 }),
      kind: 'PostgreSQL server (pool of 10, the database kept)',
      cleanup: async () => undefined,
    }
  : await openBenchDatabase();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_MAX: '100000000',
  SIGNUP_MAX_PER_IP: '1000000',
  DB_POOL_MAX: '10',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
config.passwordHashing = { memoryCost: 1024, timeCost: 1 };
config.redisPrefix = `bench:${randomUUID()}:`;
await prepareDatabase(db.handle, config);
const app = await buildApp({ config, database: db.handle, logger: false });
const quiet = { error: (o: object, m: string) => console.error(m, o), warn: (o: object, m: string) => console.error(m, o) };

try {
  console.log(`${db.kind}, ${app.ctx.redis ? 'with Redis' : 'no Redis'}; ${os.cpus().length} CPUs, load ${load()}`);
  const pg = db.handle.db;

  let started = performance.now();
  const [{ seeded }] = (
    (await pg.execute(sql`select count(*)::int as seeded from users where email like '%@bench.example'`)) as unknown as {
      rows: { seeded: number }[];
    }
  ).rows as [{ seeded: number }];
  if (seeded < PLAYERS) await seed();
  else console.log(`reusing ${seeded.toLocaleString('en')} seeded players`);

  const ids = ((await pg.execute(sql`select user_id from bench_scores`)) as unknown as { rows: { user_id: string }[] }).rows.map(
    (r) => r.user_id,
  );
  const anyone = () => ids[Math.floor(Math.random() * ids.length)]!;

  async function seed() {
    // A million players in a few statements: users, their XP, the board's members, scores and cursors.
    await pg.execute(sql`delete from users where email like '%@bench.example'`);
    await pg.execute(sql`drop table if exists bench_scores`);
    await pg.execute(sql`insert into users (id, email, username, display_name)
    select gen_random_uuid(), 'lb' || g || '@bench.example', 'lb_' || g, 'Player ' || g from generate_series(1, ${PLAYERS}) g`);
    // Long-tailed scores: most players have little XP, a few a lot; many tie.
    await pg.execute(sql`create unlogged table bench_scores as
    select id as user_id, floor(exp(random() * 12))::bigint as score from users where email like '%@bench.example'`);
    await pg.execute(sql`insert into user_progress (user_id, total_xp) select user_id, score from bench_scores`);
    await pg.execute(sql`insert into leaderboard_members (board_id, user_id) select ${BOARD.id}, user_id from bench_scores`);
    await pg.execute(
      sql`insert into leaderboard_scores (user_id, board_id, period, score) select user_id, ${BOARD.id}, 'all', score from bench_scores`,
    );
    await pg.execute(sql`insert into leaderboard_cursors (user_id, last_award_id) select user_id, 0 from bench_scores`);
    await pg.execute(sql`vacuum analyze`);
    console.log(`seeded ${PLAYERS.toLocaleString('en')} players on ${BOARD.id} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const mirror = app.ctx.redis ? rankMirrorOf(pg, app.ctx.redis, config.redisPrefix, quiet) : null;
  const withRedis = new Leaderboards({ db: pg, mirror, log: quiet });
  const withoutRedis = new Leaderboards({ db: pg, mirror: null, log: quiet });
  if (mirror) {
    started = performance.now();
    await withRedis.rebuildMirror(BOARD.id, 'all');
    console.log(`Redis set rebuilt from PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  // A signed-in caller through the real route: a session of one of the players.
  const caller = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `caller-${randomUUID()}@bench.example`, username: `lbc_${randomUUID().slice(0, 8)}`, password: 'Bench-Mark-Pass-1!' },
  });
  const session = caller.json() as { accessToken: string; user: { id: string } };
  await app.inject({
    method: 'POST',
    url: `/api/gamification/leaderboards/${BOARD.id}/join`,
    headers: { authorization: `Bearer ${session.accessToken}` },
  });

  // Warm-up: connections, plans, the script cache.
  for (let i = 0; i < 50; i++) await withRedis.entries(BOARD, { limit: 100, offset: 0 }, anyone());

  // What one round trip costs on this machine now: the floor under every figure below.
  const floor: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    await pg.execute(sql`select 1`);
    floor.push(performance.now() - t0);
    if (app.ctx.redis) {
      t0 = performance.now();
      await app.ctx.redis.ping();
      ping.push(performance.now() - t0);
    }
  }
  console.log(`0. one round trip, for scale (load ${load()})`);
  line('PostgreSQL select 1', floor);
  if (ping.length > 0) line('Redis PING', ping);

  console.log(`1. top 100 + the caller's rank, ${ROUNDS} times (load ${load()})`);
  const route: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/gamification/leaderboards/${BOARD.id}/entries?limit=100&offset=0`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    route.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`entries: ${res.statusCode} ${res.body}`);
  }
  line('the route (pages from memory for 1 s)', route);
  const service: number[] = [];
  let sample: Awaited<ReturnType<Leaderboards['entries']>> | null = null;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    sample = await withRedis.entries(BOARD, { limit: 100, offset: 0 }, anyone());
    service.push(performance.now() - t0);
  }
  line('the service, no page cache (random callers)', service);
  if (mirror) {
    const script: number[] = [];
    const players: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now();
      const page = await mirror.page(BOARD.id, 'all', 0, 100, anyone());
      script.push(performance.now() - t0);
      t0 = performance.now();
      await playersOf(pg, BOARD.id, [...page!.rows.map((r) => r.userId), anyone()]);
      players.push(performance.now() - t0);
    }
    line('  of which Redis (the page and rank script)', script);
    line("  of which PostgreSQL (the page's players)", players);
  }
  console.log(`   total ${sample!.total.toLocaleString('en')}, top score ${sample!.items[0]?.score}, a caller at rank ${sample!.me?.rank}`);

  console.log(`2. a score update (award counted: PostgreSQL cursor + scores, then Redis), ${ROUNDS} times (load ${load()})`);
  const updates: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const userId = anyone();
    await pg.insert(xpAwards).values({ userId, source: 'admin_grant', sourceId: randomUUID(), base: 5, amount: 5, localDay: '2026-11-27' });
    const t0 = performance.now();
    await withRedis.update(userId);
    updates.push(performance.now() - t0);
  }
  line('update (both)', updates);
  const pgPart: number[] = [];
  const redisPart: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const userId = anyone();
    await pg.insert(xpAwards).values({ userId, source: 'admin_grant', sourceId: randomUUID(), base: 5, amount: 5, localDay: '2026-11-27' });
    let t0 = performance.now();
    const changes = await bringUpToDate(pg, userId);
    pgPart.push(performance.now() - t0);
    t0 = performance.now();
    await mirror?.set(changes.filter((c) => c.current));
    redisPart.push(performance.now() - t0);
  }
  line('  of which PostgreSQL (one statement)', pgPart);
  if (mirror) line('  of which Redis (ZADD GT)', redisPart);

  console.log(`3. without Redis (PostgreSQL counts the scores above a rank), ${PG_ROUNDS} times (load ${load()})`);
  const pgOnly: number[] = [];
  for (let i = 0; i < PG_ROUNDS; i++) {
    const t0 = performance.now();
    await withoutRedis.entries(BOARD, { limit: 100, offset: 0 }, anyone());
    pgOnly.push(performance.now() - t0);
  }
  line('top 100 + rank, PostgreSQL alone', pgOnly);
  const pgUpdates: number[] = [];
  for (let i = 0; i < PG_ROUNDS; i++) {
    const userId = anyone();
    await pg.insert(xpAwards).values({ userId, source: 'admin_grant', sourceId: randomUUID(), base: 5, amount: 5, localDay: '2026-11-27' });
    const t0 = performance.now();
    await withoutRedis.update(userId);
    pgUpdates.push(performance.now() - t0);
  }
  line('update, PostgreSQL alone', pgUpdates);
  console.log(`load average at the end: ${load()}`);
} finally {
  if (app.ctx.redis) {
    // The bench's keys only (its own prefix).
    const keys = await app.ctx.redis.keys(`${config.redisPrefix}*`);
    if (keys.length > 0) await app.ctx.redis.unlink(...keys);
  }
  await app.close();
  await db.handle.close();
  await db.cleanup();
}

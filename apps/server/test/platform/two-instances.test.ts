import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { webhookDeliveries } from '../../src/db/schema/integrations';
import { jobs } from '../../src/db/schema/jobs';
import { createScratchDatabase } from '../helpers/database';
import { redisAvailable, startRedis } from '../helpers/redis';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * Two instances of the real server (child processes, as `startServer` runs them) on one
 * PostgreSQL database and one Redis (issue 14, part 3): a rate limit counts the requests of both
 * and trips at the same total as on one instance; every queued job runs once, in one of the two;
 * every periodic job runs once per period, not once per instance; an event that every instance
 * must hear (a pricing save) reaches the other within a second. Needs a PostgreSQL server
 * (DATABASE_URL, as in CI): the embedded database belongs to one process. Redis is REDIS_URL's,
 * or a throwaway redis-server when one is on PATH.
 */

const RATE_LIMIT_MAX = 20;
const LOGIN_MAX_PER_ACCOUNT = 5;
const JOBS = 120;
const DEMO = { email: 'demo@example.com', password: 'User-Demo-2026!' };
// The periodic work the features register (jobs.every), each first run 5 s after start.
const PERIODIC = [
  'delete-expired-tokens',
  'bot-daily-stats',
  'interrupted-replies',
  'notification-digests',
  'account-deletion-sweep',
  'data-export-cleanup',
  'message-retention',
  'security.delete-old-login-challenges',
  'delete-old-password-resets',
];

/** A client address of its own per check (the servers trust X-Forwarded-For), so that no count starts used. */
const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function call(server: ServerProcess, method: string, url: string, opts: { ip?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** The server's JSON log lines with this message. */
function logLines(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Sends `attempt` on the servers in turn until one answers 429: how many were let through before.
 * Stops after `max` + 5 (the limit did not trip).
 */
async function untilLimited(servers: ServerProcess[], max: number, attempt: (server: ServerProcess) => Promise<number>) {
  const statuses: number[] = [];
  for (let i = 0; i < max + 5; i++) {
    const status = await attempt(servers[i % servers.length]!);
    statuses.push(status);
    if (status === 429) break;
  }
  return { allowed: statuses.findIndex((s) => s === 429), statuses };
}

describe.skipIf(!process.env.DATABASE_URL || !redisAvailable)('two instances on one database and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    redis = await startRedis();
    database = await openDatabase({ url: scratch!.url, poolMax: 2 });
    const env = async () => ({
      PORT: String(await freePort()),
      DATABASE_URL: scratch!.url,
      REDIS_URL: redis!.url,
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      LOGIN_MAX_PER_ACCOUNT: String(LOGIN_MAX_PER_ACCOUNT),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOB_POLL_MS: '100',
      // The queue and the scheduler say at debug level which job ran where.
      LOG_LEVEL: 'debug',
    });
    // Started together: both migrate and seed the same empty database at once.
    const [envA, envB] = await Promise.all([env(), env()]);
    [a, b] = await Promise.all([startServer(envA), startServer(envB)]);
    running.push(a, b);
  });

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await database?.close();
    redis?.close();
    await scratch?.drop();
  });

  it('a rate limit counts the requests of both: it trips at the same total as on one instance', async () => {
    // The API's ceiling per address (plugins/rate-limit.ts, counted in Redis; under 100 a place at a time).
    const browse = (ip: string) => async (server: ServerProcess) => (await call(server, 'GET', '/api/bots/public', { ip })).status;
    const both = await untilLimited([a, b], RATE_LIMIT_MAX, browse(address()));
    const one = await untilLimited([a], RATE_LIMIT_MAX, browse(address()));
    expect(both.allowed, JSON.stringify(both.statuses)).toBe(RATE_LIMIT_MAX);
    expect(one.allowed, JSON.stringify(one.statuses)).toBe(RATE_LIMIT_MAX);

    // Failed sign-ins per account and address (lib/limiter.ts, counted in Redis; decision 037).
    const guess = (email: string, ip: string) => async (server: ServerProcess) =>
      (await call(server, 'POST', '/api/auth/login', { ip, body: { email, password: 'Not-The-Password-1!' } })).status;
    const email = `nobody-${Date.now()}@example.com`;
    const guesser = address();
    const loginBoth = await untilLimited([a, b], LOGIN_MAX_PER_ACCOUNT, guess(email, guesser));
    const loginOne = await untilLimited([b], LOGIN_MAX_PER_ACCOUNT, guess(`other-${email}`, address()));
    expect(loginBoth.allowed, JSON.stringify(loginBoth.statuses)).toBe(LOGIN_MAX_PER_ACCOUNT);
    expect(loginOne.allowed, JSON.stringify(loginOne.statuses)).toBe(LOGIN_MAX_PER_ACCOUNT);
    // Tripped on one, the other refuses that address too; another address is not refused.
    expect(await guess(email, guesser)(a)).toBe(429);
    expect(await guess(email, guesser)(b)).toBe(429);
    expect(await guess(email, address())(b)).toBe(401);
    console.info(
      `rate limits across two instances: API ceiling ${both.allowed} allowed (one instance: ${one.allowed}), ` +
        `failed sign-ins ${loginBoth.allowed} (one instance: ${loginOne.allowed})`,
    );
  });

  it('every queued job runs once, in one of the two instances', async () => {
    // The receiver of the webhook deliveries counts what it is sent, by delivery id.
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      received.push(String(req.headers['x-webhook-id']));
      req.resume();
      // A little slow, so that neither instance drains the queue alone between two polls of the other.
      setTimeout(() => res.writeHead(200).end('ok'), 25);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    try {
      const login = await call(a, 'POST', '/api/auth/login', { ip: address(), body: DEMO });
      expect(login.status).toBe(200);
      const hook = await call(a, 'POST', '/api/user/webhooks', {
        ip: address(),
        token: String(login.body.accessToken),
        body: { url: `http://127.0.0.1:${port}/hook`, events: ['chat.started'] },
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);

      // The jobs become due together, a moment from now, while both instances poll.
      const deliveries = await database.db
        .insert(webhookDeliveries)
        .values(Array.from({ length: JOBS }, (_, i) => ({ webhookId: String(hook.body.id), event: 'chat.started', payload: { n: i } })))
        .returning({ id: webhookDeliveries.id });
      const queued = await database.db
        .insert(jobs)
        .values(
          deliveries.map((d) => ({
            kind: 'webhook.deliver',
            payload: { deliveryId: d.id },
            runAt: sql`now() + interval '1 second'`,
            maxAttempts: 6,
          })),
        )
        .returning({ id: jobs.id });
      const ids = queued.map((j) => j.id);

      const until = Date.now() + 40_000;
      let done = 0;
      while (Date.now() < until) {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${inArray(jobs.id, ids)} and ${jobs.status} = 'done'`);
        done = row!.n;
        if (done === JOBS) break;
        await sleep(200);
      }
      expect(done).toBe(JOBS);
      // Each delivery was sent once, and each job ran at its first attempt.
      expect(received).toHaveLength(JOBS);
      expect(new Set(received)).toEqual(new Set(deliveries.map((d) => d.id)));
      const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows.every((r) => r.attempts === 1 && r.status === 'done')).toBe(true);
      const sent = await database.db
        .select()
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.id,
            deliveries.map((d) => d.id),
          ),
        );
      expect(sent.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);

      // Which instance ran which (their logs): each job in one, and both took part.
      const ranIn = (server: ServerProcess) =>
        new Set(
          logLines(server, 'job done')
            .filter((l) => l.kind === 'webhook.deliver')
            .map((l) => String(l.id)),
        );
      const inA = ranIn(a);
      const inB = ranIn(b);
      expect([...inA].filter((id) => inB.has(id))).toEqual([]);
      expect(new Set([...inA, ...inB])).toEqual(new Set(ids));
      expect(inA.size).toBeGreaterThan(0);
      expect(inB.size).toBeGreaterThan(0);
      console.info(`${JOBS} jobs: ${inA.size} ran in A, ${inB.size} in B, ${received.length} deliveries received`);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 60_000);

  it("an admin's pricing save on A reaches B's cached pricing within a second (the bus across instances)", async () => {
    const quote = async (server: ServerProcess) => (await call(server, 'GET', '/api/pricing/quote?type=text', { ip: address() })).body;
    const before = await quote(b); // B reads and caches the pricing (600 s)
    const admin = await call(a, 'POST', '/api/auth/login', {
      ip: address(),
      body: { email: 'admin@example.com', password: 'Admin-Demo-2026!' },
    });
    expect(admin.status).toBe(200);
    const token = String(admin.body.accessToken);
    const current = await call(a, 'GET', '/api/admin/pricing', { ip: address(), token });
    const markup = Number(current.body.markup_percentage) === 150 ? 120 : 150;
    const saved = await call(a, 'PUT', '/api/admin/pricing', {
      ip: address(),
      token,
      body: { ...current.body, markup_percentage: markup },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const savedAt = Date.now();
    let after = before;
    while (JSON.stringify(after) === JSON.stringify(before) && Date.now() - savedAt < 1_000) after = await quote(b);
    expect(after.priceEur).not.toBe(before.priceEur);
    expect(after).toEqual(await quote(a));
    console.info(`pricing saved on A, seen by B after ${Date.now() - savedAt} ms`);
  });

  it('every periodic job runs once per period, in one of the two instances', async () => {
    const lines = (server: ServerProcess, msg: string, name: string) => logLines(server, msg).filter((l) => l.job === name);
    // Both have passed their first tick (5 s after start) once each logged every job as run or skipped.
    const ticked = (server: ServerProcess, name: string) =>
      lines(server, 'periodic job done', name).length + lines(server, 'periodic job skipped', name).length > 0;
    const until = Date.now() + 30_000;
    while (Date.now() < until && !PERIODIC.every((name) => ticked(a, name) && ticked(b, name))) await sleep(200);
    const counts: Record<string, number[]> = {};
    for (const name of PERIODIC) {
      expect(ticked(a, name) && ticked(b, name), name).toBe(true);
      expect([...lines(a, 'periodic job failed', name), ...lines(b, 'periodic job failed', name)]).toEqual([]);
      // The runs of both, in time: never two within a period (the shortest is 30 s; a run may
      // come up to a tenth of a period early).
      const runs = [...lines(a, 'periodic job done', name), ...lines(b, 'periodic job done', name)].map((l) => Number(l.time)).sort();
      expect(runs.length, name).toBeGreaterThan(0);
      for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!, name).toBeGreaterThanOrEqual(27_000);
      counts[name] = [lines(a, 'periodic job done', name).length, lines(b, 'periodic job done', name).length];
    }
    console.info(`periodic jobs, runs in [A, B]: ${JSON.stringify(counts)}`);

    // Both still stop at once.
    for (const server of [a, b]) {
      const stopped = await server.stop('SIGTERM');
      expect(stopped, server.output().slice(-3000)).toMatchObject({ code: 0, signal: null });
      expect(stopped.ms).toBeLessThan(10_000);
    }
  }, 60_000);
});

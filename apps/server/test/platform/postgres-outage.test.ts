import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../helpers/database';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort, startTcpProxy } from '../helpers/tcp-proxy';

/**
 * A PostgreSQL server that goes away and comes back (issue 14, part 3), on the real server
 * started as a child process: a TCP proxy of the test's stands between it and DATABASE_URL's
 * server (which other tests share, so it is never restarted), drops every connection and refuses
 * new ones for a few seconds, then lets them through again. The process neither crashes nor
 * hangs: meanwhile the API answers 503 in the house shape, telling nothing internal, /healthz
 * answers (the process lives) and /readyz says the database is unreachable; afterwards the same
 * calls succeed again, without a restart. Needs a PostgreSQL server: the embedded database lives
 * in the process and can't go away on its own.
 */

const DEMO = { email: 'demo@example.com', password: 'User-Demo-2026!' };
/** How long the calls are made while PostgreSQL is away (once the requests in flight at the cut have answered). */
const OUTAGE_MS = 3_000;

interface Answer {
  status: number;
  body: unknown;
  text: string;
  ms: number;
}

async function call(server: ServerProcess, method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const began = Date.now();
  const res = await fetch(server.url + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    // A call that hangs fails the test rather than waiting for the test's timeout.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text, ms: Date.now() - began };
}

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL server that goes away and comes back', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const real = new URL(scratch!.url);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
    const through = new URL(scratch!.url);
    through.hostname = proxy.host;
    through.port = String(proxy.port);
    server = await startServer({
      PORT: String(await freePort()),
      DATABASE_URL: through.href,
      SEED_DEMO: 'true',
      // Polls the job queue often, so that the outage meets it too.
      JOB_POLL_MS: '200',
      SIGNUP_MAX_PER_IP: '10000',
    });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await proxy?.close();
    await scratch?.drop();
  });

  it('answers 503 in the house shape while it is away, recovers by itself when it is back, and still stops on SIGTERM', async () => {
    const s = server!;
    const login = await call(s, 'POST', '/api/auth/login', undefined, DEMO);
    expect(login.status, login.text).toBe(200);
    const token = (login.body as { accessToken: string }).accessToken;
    // The calls of the outage: a signed-in read, a public read, a sign-in (a transaction).
    const calls = () => [
      call(s, 'GET', '/api/tokens/balance', token),
      call(s, 'GET', '/api/bots/public'),
      call(s, 'POST', '/api/auth/login', undefined, DEMO),
    ];
    for (const answer of await Promise.all(calls())) expect(answer.status, answer.text).toBe(200);
    expect((await call(s, 'GET', '/readyz')).status).toBe(200);

    // Requests in flight when the connections drop, transactions among them (sign-ups, new
    // chats), and the polling job queue, meet the cut.
    const bots = (await call(s, 'GET', '/api/bots/public')).body as { items: { id: string }[] };
    let busy = true;
    let n = 0;
    const inFlight: Answer[] = [];
    const workers = Array.from({ length: 4 }, async () => {
      while (busy) {
        n += 1;
        const id = `${n}_${Math.random().toString(36).slice(2, 10)}`;
        inFlight.push(
          ...(await Promise.all([
            call(s, 'POST', '/api/auth/signup', undefined, {
              email: `u${id}@example.com`,
              username: `u_${id}`,
              password: 'Str0ng-Passphrase!',
            }),
            call(s, 'POST', '/api/chats', token, { botId: bots.items[0]!.id }),
            ...calls(),
          ])),
        );
      }
    });
    await sleep(1_500);
    await proxy.cut();
    const cutAt = Date.now();
    busy = false;
    await Promise.all(workers);
    // Some met it (without a listener on the pool's checked-out clients, the process died here).
    expect(inFlight.some((a) => a.status === 503)).toBe(true);
    for (const answer of inFlight) {
      expect([200, 201, 503], answer.text).toContain(answer.status);
    }

    const settledMs = Date.now() - cutAt;
    const during: Answer[] = [];
    const probing = Date.now();
    while (Date.now() - probing < OUTAGE_MS) {
      during.push(...(await Promise.all(calls())));
      const health = await call(s, 'GET', '/healthz');
      expect(health.status).toBe(200);
      const ready = await call(s, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', checks: { database: 'unreachable' } });
      await sleep(250);
    }
    expect(during.length).toBeGreaterThan(3);
    for (const answer of during) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
      // Nothing of the driver's: no address, no error code, no stack.
      expect(answer.text).not.toMatch(/ECONN|127\.0\.0\.1|postgres|terminated|\bat /i);
      // Refused at once: a request never waits for a database that isn't there.
      expect(answer.ms).toBeLessThan(10_000);
    }

    await proxy.restore();
    const restoredAt = Date.now();
    let answers: Answer[] = [];
    while (Date.now() - restoredAt < 10_000) {
      answers = await Promise.all(calls());
      if (answers.every((a) => a.status === 200)) break;
      await sleep(100);
    }
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const recoveredMs = Date.now() - restoredAt;
    expect((await call(s, 'GET', '/readyz')).status).toBe(200);
    console.info(
      `requests in flight at the cut settled within ${settledMs} ms; PostgreSQL away for ${restoredAt - cutAt} ms; ` +
        `the API answered again ${recoveredMs} ms after it came back`,
    );

    // No connection of the pool was lost with the outage: once quiet, none is in use.
    let inUse = -1;
    const quietFrom = Date.now();
    while (Date.now() - quietFrom < 10_000) {
      const metrics = (await call(s, 'GET', '/metrics')).text;
      inUse = Number(/^db_pool_connections\{state="in_use"\} (\d+)$/m.exec(metrics)?.[1] ?? -1);
      if (inUse === 0) break;
      await sleep(50);
    }
    expect(inUse).toBe(0);

    expect(s.child.exitCode).toBeNull();
    const stopped = await s.stop('SIGTERM');
    expect(stopped, s.output()).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(10_000);
    expect(s.output()).not.toMatch(/uncaught|unhandled/i);
  }, 90_000);
});

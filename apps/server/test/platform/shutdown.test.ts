import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatMessage } from '@app/shared/chats/schemas';
import { openDatabase } from '../../src/db/client';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { createScratchDatabase } from '../helpers/database';
import { openLiveStream } from '../helpers/live-stream';
import { openReplyStream, startServer, type ServerProcess } from '../helpers/server-process';
import { startTcpProxy } from '../helpers/tcp-proxy';

/**
 * Shutdown and crash, on the real server started as a child process (issue 14, part 3): SIGTERM
 * during a streamed reply exits 0 within 10 s and leaves the reply interrupted and refunded;
 * kill -9 leaves it streaming, and the next start settles it, refunded once; a Redis that goes
 * away neither crashes nor hangs the server, which recovers when it is back. The servers run one
 * after the other on the same data (PGlite in a temp dir, or a database of their own on
 * DATABASE_URL's server).
 */

const REPLY_TIMEOUT_MS = 3_000;
// The orphan sweep of a PostgreSQL server takes replies streaming longer than the reply timeout
// plus its margin (features/chats/interrupted.ts); PGlite's takes them all at start.
const ORPHAN_AGE_MS = REPLY_TIMEOUT_MS + 5_000;

/** A free port of the range this machine gives to test servers (3500-3599). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 3500 + Math.floor(Math.random() * 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3500-3599');
}

async function api<T>(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(server.url + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const DEMO = { email: 'demo@example.com', password: 'User-Demo-2026!' };

describe('shutdown and crash of the real server', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-shutdown-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let dataEnv: Record<string, string>;
  const running = new Set<ServerProcess>();
  let userId = '';
  let chatId = '';
  let balanceBefore = 0;

  async function start(extra: Record<string, string> = {}) {
    const server = await startServer({
      PORT: String(await freePort()),
      SEED_DEMO: 'true',
      // Slow enough that a reply is still streaming when the process is stopped.
      OFFLINE_WORD_DELAY_MS: '300',
      LLM_TIMEOUT_MS: String(REPLY_TIMEOUT_MS),
      ...dataEnv,
      ...extra,
    });
    running.add(server);
    void server.exited.then(() => running.delete(server));
    return server;
  }

  async function signIn(server: ServerProcess) {
    const res = await api<{ accessToken: string; user: { id: string } }>(server, 'POST', '/api/auth/login', undefined, DEMO);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  const balanceOf = async (server: ServerProcess, token: string) =>
    (await api<{ balance: number }>(server, 'GET', '/api/tokens/balance', token)).body.balance;

  const messagesOf = async (server: ServerProcess, token: string) =>
    (await api<{ items: ChatMessage[] }>(server, 'GET', `/api/chats/${chatId}/messages?limit=100`, token)).body.items;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataEnv = scratch ? { DATABASE_URL: scratch.url, DATA_DIR: tmp } : { DATA_DIR: tmp };
  });

  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all([...running].map((s) => s.exited));
    await scratch?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('SIGTERM during a streamed reply: exits 0 within 10 s; the reply is kept, marked interrupted and refunded', async () => {
    const server = await start();
    const session = await signIn(server);
    userId = session.user.id;
    const bots = await api<{ items: { id: string }[] }>(server, 'GET', '/api/bots/public', session.accessToken);
    const chat = await api<{ id: string }>(server, 'POST', '/api/chats', session.accessToken, { botId: bots.body.items[0]!.id });
    expect(chat.status).toBe(201);
    chatId = chat.body.id;
    balanceBefore = await balanceOf(server, session.accessToken);

    const stream = await openReplyStream(`${server.url}/api/chats/${chatId}/messages`, session.accessToken, 'Hello, who are you?');
    await stream.waitFor('token');
    // The reply is paid for while it streams.
    expect(await balanceOf(server, session.accessToken)).toBeLessThan(balanceBefore);
    // A live stream is held too (GET /api/events): it never ends by itself.
    const live = await openLiveStream(server.url, { authorization: `Bearer ${session.accessToken}` });
    await live.event('ready');

    const stopped = await server.stop('SIGTERM');
    expect(stopped, server.output()).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(10_000);
    // The server ended it (the browser reconnects to another instance and resumes).
    expect(await live.ended).toBe('ended');
    // The client heard the end: the saved reply, interrupted.
    expect(await stream.ended).toBe('ended');
    const last = stream.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({
      error: { code: 'REPLY_INTERRUPTED', message: CHAT_MESSAGES.replyInterrupted },
      message: { status: 'failed' },
    });
    const sent = stream.events
      .filter((e) => e.event === 'token')
      .map((e) => (e.data as { text: string }).text)
      .join('');

    const again = await start();
    const { accessToken } = await signIn(again);
    const messages = await messagesOf(again, accessToken);
    const said = messages.find((m) => m.role === 'user');
    expect(said?.content).toBe('Hello, who are you?');
    const reply = messages.find((m) => m.role === 'assistant' && m.status !== 'complete');
    expect(reply).toMatchObject({ status: 'failed', error: CHAT_MESSAGES.replyInterrupted, content: sent });
    expect(sent.length).toBeGreaterThan(0);
    expect(await balanceOf(again, accessToken)).toBe(balanceBefore);

    // kill -9 next, on this server.
    const crashing = await openReplyStream(`${again.url}/api/chats/${chatId}/messages`, accessToken, 'And where are we?');
    // The text is saved every 750 ms: wait for a save.
    const until = Date.now() + 10_000;
    while (crashing.events.filter((e) => e.event === 'token').length < 4 && Date.now() < until) await sleep(20);
    expect(await balanceOf(again, accessToken)).toBeLessThan(balanceBefore);
    const killedAt = Date.now();
    expect(await again.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    expect(await crashing.ended).toBe('broken');
    const streamed = crashing.events
      .filter((e) => e.event === 'token')
      .map((e) => (e.data as { text: string }).text)
      .join('');

    // On a PostgreSQL server, another instance could still be streaming it: it is settled once it
    // is older than any live reply can be. The embedded database is this process's alone.
    if (scratch) await sleep(Math.max(0, killedAt + ORPHAN_AGE_MS - Date.now()));
    const third = await start();
    const later = await signIn(third);
    const after = await messagesOf(third, later.accessToken);
    expect(after.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Hello, who are you?', 'And where are we?']);
    const orphan = after.at(-1)!;
    expect(orphan).toMatchObject({ role: 'assistant', status: 'failed', error: CHAT_MESSAGES.replyInterrupted });
    // Kept as far as it was saved: a part of what was streamed.
    expect(orphan.content.length).toBeGreaterThan(0);
    expect(streamed.startsWith(orphan.content)).toBe(true);
    expect(await balanceOf(third, later.accessToken)).toBe(balanceBefore);
    expect(third.output()).toContain('replies interrupted by a stopped process were settled and refunded');

    const last3 = await third.stop('SIGTERM');
    expect(last3, third.output()).toMatchObject({ code: 0 });
    expect(last3.ms).toBeLessThan(10_000);

    // The ledger: each of the two replies charged once and refunded once, under the reply's key.
    const database = await openDatabase(scratch ? { url: scratch.url } : { pgliteDir: path.join(tmp, 'pgdata') });
    try {
      const entries = await database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.reason, ['reply', 'reply_refund'])))
        .orderBy(asc(ledgerEntries.id));
      const charges = entries.filter((e) => e.reason === 'reply');
      const refunds = entries.filter((e) => e.reason === 'reply_refund');
      expect(charges).toHaveLength(2);
      expect(refunds.map((r) => r.idempotencyKey).sort()).toEqual(charges.map((c) => `refund:${c.idempotencyKey}`).sort());
      expect(refunds.map((r) => r.amount)).toEqual(charges.map((c) => -c.amount));
    } finally {
      await database.close();
    }
  }, 120_000);

  it('a Redis that goes away: the server keeps answering, logs the error, and recovers when Redis is back', async () => {
    const redis = await flakyRedis();
    try {
      const server = await start({ REDIS_URL: redis.url });
      expect((await api<{ checks: Record<string, string> }>(server, 'GET', '/readyz')).body.checks.redis).toBe('ok');
      const before = await signIn(server);

      await redis.goAway();
      for (let i = 0; i < 5; i++) {
        const began = Date.now();
        expect((await api(server, 'GET', '/healthz')).status).toBe(200);
        expect(Date.now() - began).toBeLessThan(1_000);
        await sleep(100);
      }
      const ready = await api<{ checks: Record<string, string> }>(server, 'GET', '/readyz');
      expect(ready).toMatchObject({ status: 503, body: { checks: { redis: 'unreachable' } } });
      // The API answers too, though its rate limits count in Redis: a signed-in call, and a sign-in.
      const began = Date.now();
      expect((await api(server, 'GET', '/api/tokens/balance', before.accessToken)).status).toBe(200);
      await signIn(server);
      expect(Date.now() - began).toBeLessThan(5_000);

      await redis.comeBack();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await api(server, 'GET', '/readyz')).status;
        if (status !== 200) await sleep(200);
      }
      expect(status).toBe(200);

      const stopped = await server.stop('SIGTERM');
      expect(stopped, server.output()).toMatchObject({ code: 0 });
      expect(stopped.ms).toBeLessThan(10_000);
      expect(server.output()).not.toContain('Unhandled error event');
      expect(server.output()).toContain('Redis is unreachable');
      expect(server.output()).toContain('Redis is reachable again');
    } finally {
      await redis.close();
    }
  }, 90_000);
});

/**
 * A Redis that can go away and come back: a TCP proxy of this test's in front of a throwaway
 * redis-server (when it is on PATH) or of REDIS_URL's. Going away closes the proxy and cuts its
 * connections; coming back listens again on the same port.
 */
async function flakyRedis() {
  let backend: { host: string; port: number };
  let redisServer: ChildProcess | null = null;
  if (spawnSync('redis-server', ['--version']).status === 0) {
    const port = await freePort();
    redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    backend = { host: '127.0.0.1', port };
    for (let i = 0; i < 100 && !(await canConnect(backend)); i++) await sleep(50);
  } else if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    backend = { host: url.hostname, port: Number(url.port || 6379) };
  } else {
    throw new Error('this test needs redis-server on PATH or REDIS_URL');
  }

  const proxy = await startTcpProxy(backend, await freePort());
  return {
    url: `redis://127.0.0.1:${proxy.port}`,
    goAway: () => proxy.cut(),
    comeBack: () => proxy.restore(),
    async close() {
      await proxy.close();
      redisServer?.kill('SIGKILL');
    },
  };
}

const canConnect = (target: { host: string; port: number }) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(target, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

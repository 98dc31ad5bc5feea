/**
 * Streaming chats against a stand-in OpenAI-compatible model (issue 4, 'Measure'): the app, the
 * model and the clients each in their own process, on loopback.
 *   1. 200 chats at once, each sending five messages with up to a second of thought between them (BENCH_THINK_MS).
 *      What the server adds to the first token: the time to it through the server, against the time to the first
 *      chunk when the same clients ask the model directly at the same moment (p50 and p99); and the server's own
 *      account of its work before the model is called (its Server-Timing header).
 *   2. N streams held open at once (default 1,000; the model streams each for 20 s): how many get
 *      their first token, and the process's memory while they stream.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:chat     PostgreSQL server
 *   npm run bench:chat                                                          PGlite
 *   BENCH_STREAMS=2000 BENCH_CONCURRENT=50 npm run bench:chat
 *   BENCH_THINK_MS=5000 BENCH_REPLY_CHUNKS=40 npm run bench:chat                 people who read and think longer
 *   BENCH_TURNS=5                                                                 messages per chat
 *   BENCH_USERS=1                                                                 every chat one person's (one wallet)
 *   BENCH_PROFILE=/tmp/prof npm run bench:chat                                  a CPU profile of the app process
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { postLedgerEntry } from '../apps/server/src/features/tokens/wallet';
import { openBenchDatabase } from './bench-database';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const TURNS = Number(process.env.BENCH_TURNS ?? 5);
/** How many people the chats belong to (each with a session and a wallet); by default one person per chat. */
const USERS = Number(process.env.BENCH_USERS ?? CONCURRENT);
/** The most a person thinks between two messages, and how many chunks (50 ms apart) a reply has. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const REPLY_CHUNKS = Number(process.env.BENCH_REPLY_CHUNKS ?? 10);

/** The stand-in model: the first chunk at once, then one every `gapMs`, `chunks` in all. */
function startModel(chunks: (id: string) => number, gapMs: number) {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const id = body.messages.at(-1)?.content ?? '';
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const total = chunks(id);
      const send = () => {
        if (res.destroyed) return;
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `word${sent} ` } }] })}\n\n`);
        sent += 1;
        if (sent >= total) {
          res.write('data: [DONE]\n\n');
          res.end();
        } else setTimeout(send, gapMs);
      };
      send();
    });
  });
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Sends a message and resolves with the time to its first token, then (optionally) waits for the
 * end. node:http rather than fetch: the clients must cost little, or they would be what is measured.
 */
function chatOnce(base: string, token: string, chatId: string, content: string, opts: { waitForEnd: boolean }) {
  return new Promise<{ firstToken: number; prep: number; close(): Promise<void> }>((resolve, reject) => {
    const start = performance.now();
    const body = JSON.stringify({ content });
    const req = http.request(
      `${base}/api/chats/${chatId}/messages`,
      {
        method: 'POST',
        agent: keepAlive,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'text/event-stream',
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`send failed: ${res.statusCode}`));
        let firstToken: number | null = null;
        // The server's own account of its time before it called the model (its Server-Timing header).
        const prep = Number(/prep;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? Number.NaN);
        const close = () => {
          res.destroy();
          return Promise.resolve();
        };
        res.on('data', (chunk: Buffer) => {
          if (firstToken === null && chunk.includes('event: token')) {
            firstToken = performance.now() - start;
            if (!opts.waitForEnd) resolve({ firstToken, prep, close });
          }
        });
        res.on('end', () => resolve({ firstToken: firstToken ?? Number.NaN, prep, close }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Asks the stand-in model directly, as the app does, and answers the time to its first chunk. */
function modelFirstChunk(modelUrl: string, content: string) {
  return new Promise<number>((resolve, reject) => {
    const start = performance.now();
    const body = JSON.stringify({ model: 'stand-in', stream: true, messages: [{ role: 'user', content }] });
    const req = http.request(
      `${modelUrl}/chat/completions`,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'text/event-stream' },
      },
      (res) => {
        // A one-chunk answer (see serveModel), read to its end so that the connection is kept, as the app's is.
        res.once('data', () => resolve(performance.now() - start));
        res.resume();
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Child process: the stand-in model. Long streams (400 chunks) for messages that start with "s", one chunk for the
 * clients' direct questions ("d"), replies of REPLY_CHUNKS otherwise.
 */
async function serveModel() {
  const model = await startModel((id) => (id.startsWith('s') ? 400 : id.startsWith('d') ? 1 : REPLY_CHUNKS), 50);
  console.log(JSON.stringify({ url: model.url }));
}

/** Child process: the app, on its own event loop as in production. */
async function serveApp(modelUrl: string) {
  const db = await openBenchDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
    LLM_BASE_URL: modelUrl,
    LLM_MODEL: 'stand-in',
    DB_POOL_MAX: '20',
    SIGNUP_MAX_PER_IP: '1000000',
  });
  config.passwordHashing = { memoryCost: 1024, timeCost: 1 };
  await prepareDatabase(db.handle, config);
  const app = await buildApp({ config, database: db.handle, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  // The people who chat: each has its own session and wallet, granted enough for every reply (charged through the
  // ledger as in production, 1 token each).
  const signUp = async (n: number) => {
    const res = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench${n}@example.com`, username: `bench_user_${n}`, password: 'Bench-Mark-Pass-1!' }),
    });
    const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
    await postLedgerEntry(
      db.handle.db,
      {
        userId: user.id,
        currency: 'tokens',
        amount: 1_000_000,
        reason: 'bench',
        idempotencyKey: `bench-grant-${n}`,
      },
      null,
    );
    return accessToken;
  };
  const tokens: string[] = [];
  for (let n = 0; n < USERS; n += 20)
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(20, USERS - n) }, (_, k) => signUp(n + k)))));
  const created = await fetch(`${base}/api/bots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      description: 'A bot for the benchmark.',
      personality: 'Fast.',
      scenario: 'Here.',
      firstMessage: 'Hi.',
      // Anyone with the link may chat with it (a public one would need an avatar).
      visibility: 'unlisted',
    }),
  });
  const bot = (await created.json()) as { id?: string };
  if (!bot.id) throw new Error(`the bench bot was not created: ${JSON.stringify(bot)}`);
  const botId = bot.id;
  console.log(JSON.stringify({ base, tokens, botId, kind: db.kind }));
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await db.handle.close();
      await db.cleanup();
      process.exit(0);
    })();
  });
}

/** Starts this script in another process in `mode`, and waits for the JSON line that says where it listens. */
function child<T>(mode: string, ...args: string[]): Promise<{ info: T; process: ChildProcess }> {
  const profile = mode === 'app' && process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const proc = spawn(process.execPath, [...profile, '--import', 'tsx', 'chat-stream.ts', mode, ...args], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: proc.stdout! }).once('line', (line) => resolve({ info: JSON.parse(line) as T, process: proc }));
    proc.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
  });
}

async function main() {
  const model = await child<{ url: string }>('model');
  const server = await child<{ base: string; tokens: string[]; botId: string; kind: string }>('app', model.info.url);
  const { base, tokens, botId, kind } = server.info;
  /** Chat n belongs to person n (of USERS, taken in turn), and is sent with that person's token. */
  const tokenOf = (n: number) => tokens[n % tokens.length]!;
  const newChat = async (n: number) =>
    (
      (await (
        await fetch(`${base}/api/chats`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokenOf(n)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ botId }),
        })
      ).json()) as { id: string }
    ).id;

  // 1. Time added to the first token, 200 chats at once (after a warm-up round).
  const chats = await Promise.all(Array.from({ length: CONCURRENT }, (_, n) => newChat(n)));
  await Promise.all(chats.slice(0, 20).map((id, i) => chatOnce(base, tokenOf(i), id, `warm ${i}`, { waitForEnd: true })));
  // Each chat is a person: five messages one after another, reading each reply and thinking up to THINK_MS between them.
  // Just before each message, the same client asks the model directly (and lets go after its first chunk): what
  // the server adds is the first token through the server against the first token straight from the model, under
  // the same load at the same moment, so the loopback hop and the shared cores that both pay are not counted.
  const viaServer: number[] = [];
  const direct: number[] = [];
  const preps: number[] = [];
  await Promise.all(
    chats.map(async (id, i) => {
      for (let turn = 0; turn < TURNS; turn++) {
        await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
        direct.push(await modelFirstChunk(model.info.url, `d${i}-${turn}`));
        const result = await chatOnce(base, tokenOf(i), id, `m${i}-${turn}`, { waitForEnd: true });
        viaServer.push(result.firstToken);
        preps.push(result.prep);
      }
    }),
  );
  for (const list of [viaServer, direct, preps]) list.sort((a, b) => a - b);
  const added = (p: number) => (percentile(viaServer, p) - percentile(direct, p)).toFixed(1);
  console.log(`database: ${kind}; the app, the model and the clients each in their own process; ${tokens.length} people`);
  console.log(
    `first token, ${CONCURRENT} chats at once (${viaServer.length} messages; replies of ${REPLY_CHUNKS} chunks 50 ms apart, up to ${THINK_MS} ms of thought between them): server adds p50 ${added(50)} ms, p99 ${added(99)} ms`,
  );
  console.log(
    `  through the server p50 ${percentile(viaServer, 50).toFixed(1)} ms, p99 ${percentile(viaServer, 99).toFixed(1)} ms; straight from the model p50 ${percentile(direct, 50).toFixed(1)} ms, p99 ${percentile(direct, 99).toFixed(1)} ms`,
  );
  console.log(
    `  the server's own work before it calls the model (its Server-Timing header): p50 ${percentile(preps, 50).toFixed(1)} ms, p99 ${percentile(preps, 99).toFixed(1)} ms`,
  );

  // 2. Many streams held open at once.
  const manyChats: string[] = [];
  for (let i = 0; i < STREAMS; i += 100)
    manyChats.push(...(await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) => newChat(i + k)))));
  const before = rssOf(server.process.pid!);
  const t0 = performance.now();
  const open = await Promise.allSettled(manyChats.map((id, i) => chatOnce(base, tokenOf(i), id, `s${i}`, { waitForEnd: false })));
  const ok = open.filter((r) => r.status === 'fulfilled');
  const ttft = ok.map((r) => (r as PromiseFulfilledResult<{ firstToken: number }>).value.firstToken).sort((a, b) => a - b);
  await new Promise((r) => setTimeout(r, 2000));
  const during = rssOf(server.process.pid!);
  console.log(
    `${ok.length} of ${STREAMS} streams open and streaming after ${((performance.now() - t0) / 1000).toFixed(1)} s; first token p50 ${percentile(ttft, 50).toFixed(0)} ms, p99 ${percentile(ttft, 99).toFixed(0)} ms`,
  );
  console.log(
    `memory of the app process (rss): ${(before / 2 ** 20).toFixed(0)} MB before, ${(during / 2 ** 20).toFixed(0)} MB while streaming (${((during - before) / 2 ** 10 / Math.max(1, ok.length)).toFixed(0)} KB per stream)`,
  );
  await Promise.all(ok.map((r) => (r as PromiseFulfilledResult<{ close(): Promise<void> }>).value.close()));

  server.process.kill('SIGTERM');
  model.process.kill('SIGTERM');
}

/** A process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'model') await serveModel();
else if (mode === 'app') await serveApp(arg!);
else await main();

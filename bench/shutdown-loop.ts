/**
 * Starts the server with `npm start` (the compiled server, on the embedded database in a data
 * folder of its own) again and again, makes a short run of API calls, sends SIGTERM to the
 * process group, and measures how long until every process of the group has exited (issue 14:
 * some servers stopped listening but never exited, asleep on a futex). A group still alive after
 * `--wait` ms counts as a hang: its processes are described (state, wait channel, threads) and
 * killed. Prints one line per run and a summary.
 *
 *   node --import tsx bench/shutdown-loop.ts [--runs 20] [--parallel 1] [--ports 3600-3699] [--wait 15000] [--mid-stream]
 *
 * `--mid-stream` sends SIGTERM while a reply streams rather than after the calls. `--reuse` keeps
 * one data folder per parallel lane, so that every start after a lane's first is quick (no new
 * database, no seed) and the SIGTERM comes seconds after the process began. Exits 1 when a run
 * hung or did not start.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '1' },
    ports: { type: 'string' },
    wait: { type: 'string', default: '15000' },
    'mid-stream': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PARALLEL = Number(values.parallel);
const WAIT_MS = Number(values.wait);
const [PORT_FROM, PORT_TO] = values.ports ? values.ports.split('-').map(Number) : [0, 0];
const DEMO = { email: 'demo@example.com', password: 'User-Demo-2026!' };

interface Run {
  run: number;
  outcome: 'exited' | 'hung' | 'failed';
  /** From SIGTERM to the last process of the group gone. */
  exitMs?: number;
  startMs?: number;
  detail?: string;
}

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const wanted = PORT_FROM ? PORT_FROM + Math.floor(Math.random() * (PORT_TO! - PORT_FROM + 1)) : 0;
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(-1));
      probe.listen(wanted, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (port > 0) return port;
  }
  throw new Error('no free port');
}

/** Whether any process of the group is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The group's processes as ps sees them, with their threads and what each waits on. */
function describeGroup(pgid: number): string {
  const ps = spawnSync('ps', ['-e', '-o', 'pid,ppid,pgid,stat,nlwp,wchan:32,args'], { encoding: 'utf8' }).stdout;
  const lines = ps.split('\n').filter((line, i) => i === 0 || line.trim().split(/\s+/)[2] === String(pgid));
  const threads = lines
    .slice(1)
    .map((line) => line.trim().split(/\s+/)[0]!)
    .map((pid) => {
      try {
        const tasks = fs.readdirSync(`/proc/${pid}/task`);
        const waits = tasks.map((t) => {
          const comm = fs.readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
          const wchan = fs.readFileSync(`/proc/${pid}/task/${t}/wchan`, 'utf8').trim();
          return `${comm}:${wchan}`;
        });
        return `  ${pid}: ${waits.join(' ')}`;
      } catch {
        return `  ${pid}: (gone)`;
      }
    });
  return [...lines, 'threads (name:wait channel):', ...threads].join('\n');
}

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** A short session: sign in, browse, open a chat, and send a message (its reply read to the end unless `cut`). */
async function apiCalls(base: string, midStream: boolean): Promise<void> {
  const { accessToken } = await call(base, 'POST', '/api/auth/login', undefined, DEMO);
  await call(base, 'GET', '/api/auth/session', accessToken);
  const bots = await call(base, 'GET', '/api/bots/public', accessToken);
  await call(base, 'GET', '/api/tokens/balance', accessToken);
  const chat = await call(base, 'POST', '/api/chats', accessToken, { botId: bots.items[0].id });
  const res = await fetch(`${base}/api/chats/${chat.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ content: 'Hello there, who are you?' }),
  });
  const reader = res.body!.getReader();
  if (midStream) {
    await reader.read();
    // Left streaming: the caller sends SIGTERM now; the stream ends with the process.
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // The connection dropped with the process.
      }
    })();
    return;
  }
  while (!(await reader.read()).done);
  await call(base, 'GET', `/api/chats/${chat.id}/messages?limit=50`, accessToken);
}

/** The process groups of the runs under way, killed if this script is stopped. */
const live = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pgid of live) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    process.exit(130);
  });
}

async function oneRun(run: number, lane: string | null): Promise<Run> {
  const dataDir = lane ?? fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-shutdown-loop-'));
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = child.pid!;
  live.add(pgid);
  let output = '';
  // Read to the end, so that a full pipe never blocks the server.
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    while (!output.includes('CharaChat is running on')) {
      if (!groupAlive(pgid) || child.exitCode !== null) return { run, outcome: 'failed', detail: `exited while starting:\n${output}` };
      if (Date.now() - started > 120_000) return { run, outcome: 'failed', detail: `did not start in 120 s:\n${output}` };
      await sleep(50);
    }
    const startMs = Date.now() - started;
    await apiCalls(`http://127.0.0.1:${port}`, values['mid-stream']);
    const sent = Date.now();
    process.kill(-pgid, 'SIGTERM');
    while (groupAlive(pgid) && Date.now() - sent < WAIT_MS) await sleep(20);
    if (!groupAlive(pgid)) return { run, outcome: 'exited', exitMs: Date.now() - sent, startMs };
    const detail = describeGroup(pgid);
    return { run, outcome: 'hung', startMs, detail: `${detail}\n--- output (last 3000 chars) ---\n${output.slice(-3000)}` };
  } catch (err) {
    return { run, outcome: 'failed', detail: `${String(err)}\n${output.slice(-3000)}` };
  } finally {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    while (groupAlive(pgid)) await sleep(20);
    live.delete(pgid);
    if (!lane) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Build once up front, as `npm start` would on its first run, so that no run includes a build.
const built = spawnSync(process.execPath, ['scripts/build-if-stale.js'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);

const results: Run[] = [];
let next = 1;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    const lane = values.reuse ? fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-shutdown-loop-')) : null;
    while (next <= RUNS) {
      const result = await oneRun(next++, lane);
      results.push(result);
      const times = result.outcome === 'exited' ? `exit ${result.exitMs} ms (started in ${result.startMs} ms)` : '';
      console.log(`run ${result.run}: ${result.outcome} ${times}`);
      if (result.detail) console.log(result.detail);
    }
    if (lane) fs.rmSync(lane, { recursive: true, force: true });
  }),
);

const exits = results
  .filter((r) => r.outcome === 'exited')
  .map((r) => r.exitMs!)
  .sort((a, b) => a - b);
const count = (outcome: Run['outcome']) => results.filter((r) => r.outcome === outcome).length;
console.log(
  JSON.stringify({
    runs: results.length,
    parallel: PARALLEL,
    midStream: values['mid-stream'],
    reuse: values.reuse,
    exited: exits.length,
    hung: count('hung'),
    failed: count('failed'),
    exitMs: exits.length ? { min: exits[0], median: exits[Math.floor(exits.length / 2)], max: exits.at(-1) } : null,
  }),
);
process.exit(count('hung') + count('failed') > 0 ? 1 : 0);

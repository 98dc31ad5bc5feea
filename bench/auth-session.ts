/**
 * GET /api/auth/session with a valid token, against a bare Fastify hello-world, on this machine in
 * one run (autocannon, 100 connections). Each server runs in its own process; the load comes from
 * this one. Prints requests per second, p99 latency and their ratios.
 *
 *   npm run bench                                     embedded PostgreSQL (PGlite)
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... npm run bench
 *   BENCH_DURATION=20 npm run bench                   seconds per target (default 10)
 *   BENCH_MEMORY=1 npm run bench                      PGlite in memory instead of a folder
 *   BENCH_PROFILE=/tmp/prof npm run bench             the app's CPU profile (.cpuprofile) written there
 *   BENCH_TSX=1 npm run bench                         the TypeScript through tsx, as the tests run it
 *
 * Both servers run as `npm start` runs the platform: bundled to JavaScript first (into bench/dist,
 * apps/server/scripts/bundle.js). Measured both ways on PostgreSQL + Redis (2026-11-28), the CPU
 * per answer was the same (3.19× and 3.13× hello-world's): tsx is not what this route pays for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { bundleServer } from '../apps/server/scripts/bundle.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 100;

interface Target {
  child: ChildProcess;
  url: string;
  token?: string;
  database?: string;
  redis?: boolean;
}

/** Starts a target process and waits for the JSON line that says where it listens. */
function start(which: 'hello' | 'app'): Promise<Target> {
  // BENCH_PROFILE=<dir>: the app's process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE && which === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const entry = process.env.BENCH_TSX === '1' ? ['--import', 'tsx', 'serve-targets.ts'] : [path.join('dist', 'serve-targets.js')];
  const child = spawn(process.execPath, [...profile, ...entry, which], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, ...(JSON.parse(line) as Omit<Target, 'child'>) }));
    child.once('exit', (code) => reject(new Error(`${which} exited with ${code} before listening`)));
  });
}

function stop(target: Target): Promise<void> {
  return new Promise((resolve) => {
    target.child.once('exit', () => resolve());
    target.child.kill('SIGTERM');
  });
}

interface Figures {
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  /** The server process's CPU time per answer (user + system): steadier than req/s on a busy machine. */
  cpuUsPerRequest: number | null;
  non2xx: number;
  errors: number;
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function measure(name: string, target: Target): Promise<Figures> {
  const headers: Record<string, string> = target.token ? { authorization: `Bearer ${target.token}` } : {};
  // A short warm-up, so that JIT and connection set-up don't count.
  await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuMsOf(target.child.pid);
  const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpuAfter = cpuMsOf(target.child.pid);
  return {
    target: name,
    requestsPerSecond: r.requests.average,
    p99Ms: r.latency.p99,
    p50Ms: r.latency.p50,
    cpuUsPerRequest: cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / r.requests.total),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function main() {
  if (process.env.BENCH_TSX !== '1')
    await bundleServer(path.join(import.meta.dirname, 'serve-targets.ts'), path.join(import.meta.dirname, 'dist'));
  const hello = await start('hello');
  const base = await measure('Fastify hello-world', hello);
  await stop(hello);

  const app = await start('app');
  const session = await measure('GET /api/auth/session', app);
  await stop(app);

  console.log(
    `\nnode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  console.log(
    `database: ${app.database}; rate limits: ${app.redis ? 'Redis' : 'in process'} (ceiling raised for the run); ${process.env.BENCH_TSX === '1' ? 'TypeScript through tsx' : 'bundled JavaScript'}`,
  );
  console.table(
    [base, session].map((f) => ({
      target: f.target,
      'req/s': Math.round(f.requestsPerSecond),
      'p50 ms': f.p50Ms,
      'p99 ms': f.p99Ms,
      'CPU µs/req': f.cpuUsPerRequest ?? '-',
      'non-2xx': f.non2xx,
      errors: f.errors,
    })),
  );
  const ratio = {
    throughput: +(session.requestsPerSecond / base.requestsPerSecond).toFixed(3),
    p99: +(session.p99Ms / base.p99Ms).toFixed(2),
    cpuPerRequest: session.cpuUsPerRequest && base.cpuUsPerRequest ? +(session.cpuUsPerRequest / base.cpuUsPerRequest).toFixed(2) : null,
  };
  console.log(`session / hello-world: ${(ratio.throughput * 100).toFixed(1)} % of the throughput, p99 ${ratio.p99}×`);
  if (ratio.cpuPerRequest !== null) console.log(`CPU per answer: ${ratio.cpuPerRequest}× hello-world's`);
  console.log(JSON.stringify({ bench: 'auth-session', database: app.database, node: process.version, base, session, ratio }));
  const bad = session.non2xx + session.errors + base.non2xx + base.errors;
  if (bad > 0) {
    console.error(`FAILED: ${bad} answers were not 2xx or errored`);
    process.exit(1);
  }
}

await main();

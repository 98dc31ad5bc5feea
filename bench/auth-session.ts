/**
 * GET /api/auth/session with a valid token, against a bare Fastify hello-world, on this machine in
 * one run (autocannon, 100 connections), in rounds of one then the other. Each server runs in its
 * own process; the load comes from this one. Prints requests per second, p99 latency and their
 * ratios, each round's and their median.
 *
 *   npm run bench                                     embedded PostgreSQL (PGlite)
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... npm run bench
 *   BENCH_DURATION=20 npm run bench                   seconds per target and round (default 10)
 *   BENCH_ROUNDS=5 npm run bench                      rounds of hello-world then the app (default 3; the median is the figure)
 *   BENCH_MEMORY=1 npm run bench                      PGlite in memory instead of a folder
 *   BENCH_PROFILE=/tmp/prof npm run bench             the app's CPU profile (.cpuprofile) written there
 *   BENCH_TSX=1 npm run bench                         the TypeScript through tsx, as the tests run it
 *
 * Both servers run as `npm start` runs the platform: bundled to JavaScript first (into bench/dist,
 * apps/server/scripts/bundle.js). Measured both ways on PostgreSQL + Redis (2026-11-28), the CPU
 * per answer was the same (3.19× and 3.13× hello-world's): tsx is not what this route pays for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { bundleServer } from '../apps/server/scripts/bundle.js';
import { cpuMsOf } from './process-cpu';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/** The middle value (the upper of the two middle ones for an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (process.env.BENCH_TSX !== '1')
    await bundleServer(path.join(import.meta.dirname, 'serve-targets.ts'), path.join(import.meta.dirname, 'dist'));
  // Both servers run for the whole bench (the one not measured is idle), measured in turns, so that
  // a change in the machine's speed meanwhile (other virtual machines on the host) falls on both:
  // each round's ratio compares two measures a few seconds apart.
  const hello = await start('hello');
  const app = await start('app');
  const rounds: { base: Figures; session: Figures }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const base = await measure('Fastify hello-world', hello);
    const session = await measure('GET /api/auth/session', app);
    rounds.push({ base, session });
  }
  await stop(hello);
  await stop(app);

  console.log(
    `\nnode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} rounds`,
  );
  console.log(
    `database: ${app.database}; rate limits: ${app.redis ? 'Redis' : 'in process'} (ceiling raised for the run); ${process.env.BENCH_TSX === '1' ? 'TypeScript through tsx' : 'bundled JavaScript'}`,
  );
  const ratioOf = ({ base, session }: (typeof rounds)[number]) => ({
    throughput: +(session.requestsPerSecond / base.requestsPerSecond).toFixed(3),
    p99: +(session.p99Ms / base.p99Ms).toFixed(2),
    cpuPerRequest: session.cpuUsPerRequest && base.cpuUsPerRequest ? +(session.cpuUsPerRequest / base.cpuUsPerRequest).toFixed(2) : null,
  });
  console.table(
    rounds.flatMap((round, i) =>
      [round.base, round.session].map((f) => ({
        round: i + 1,
        target: f.target,
        'req/s': Math.round(f.requestsPerSecond),
        'p50 ms': f.p50Ms,
        'p99 ms': f.p99Ms,
        'CPU µs/req': f.cpuUsPerRequest ?? '-',
        'non-2xx': f.non2xx,
        errors: f.errors,
        'session / hello': f === round.session ? `${(ratioOf(round).throughput * 100).toFixed(1)} %` : '',
      })),
    ),
  );
  const ratios = rounds.map(ratioOf);
  const ratio = {
    throughput: median(ratios.map((r) => r.throughput)),
    p99: median(ratios.map((r) => r.p99)),
    cpuPerRequest: ratios.every((r) => r.cpuPerRequest !== null) ? median(ratios.map((r) => r.cpuPerRequest!)) : null,
  };
  const sessionP99 = median(rounds.map((r) => r.session.p99Ms));
  console.log(
    `session / hello-world, median of ${ROUNDS} rounds: ${(ratio.throughput * 100).toFixed(1)} % of the throughput (rounds: ${ratios.map((r) => `${(r.throughput * 100).toFixed(1)} %`).join(', ')}); session p99 ${sessionP99} ms, ${ratio.p99}× hello-world's`,
  );
  if (ratio.cpuPerRequest !== null) console.log(`CPU per answer: ${ratio.cpuPerRequest}× hello-world's (median)`);
  console.log(
    JSON.stringify({ bench: 'auth-session', database: app.database, node: process.version, rounds, ratio, sessionP99Ms: sessionP99 }),
  );
  const bad = rounds.reduce((sum, r) => sum + r.session.non2xx + r.session.errors + r.base.non2xx + r.base.errors, 0);
  if (bad > 0) {
    console.error(`FAILED: ${bad} answers were not 2xx or errored`);
    process.exit(1);
  }
}

await main();

/**
 * The hot reads (issue 38 §1): My Bots' first page, a chat's newest 50 messages, the gamification
 * widget, Explore's first page, the notifications bell and the token balance, each against a bare
 * Fastify hello-world, in one run (autocannon, 100 connections). Each read is measured right after
 * a measure of hello-world, so that the share compares two figures taken seconds apart (the
 * machine is shared: compare shares, not req/s). Prints req/s, the share of hello-world, p50/p99,
 * the server's CPU per answer and the statements each read sends to the database (PostgreSQL).
 *
 *   npm run bench:hot-reads                                      embedded database (PGlite)
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... npm run bench:hot-reads
 *   BENCH_DURATION=10 npm run bench:hot-reads                    seconds per measure (default 8)
 *   BENCH_ONLY=gamification npm run bench:hot-reads              only the reads whose name has this
 *   BENCH_PROFILE=/tmp/prof npm run bench:hot-reads              the app's CPU profile written there
 *   BENCH_SQL_LOG=/tmp/sql.log npm run bench:hot-reads           each read's statements written there (to EXPLAIN them)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { bundleServer } from '../apps/server/scripts/bundle.js';
import { cpuMsOf } from './process-cpu';
import type { HotRead } from './hot-reads-seed';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 100;

interface Target {
  child: ChildProcess;
  url?: string;
  base?: string;
  token?: string;
  database?: string;
  redis?: boolean;
  reads?: HotRead[];
  queries?: Record<string, number | null>;
}

function start(which: 'hello' | 'hot-reads'): Promise<Target> {
  const profile = process.env.BENCH_PROFILE && which !== 'hello' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, path.join('dist', 'serve-targets.js'), which], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    // The first line that is JSON: a kept database's URL may be printed before it.
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve({ child, ...(JSON.parse(line) as Omit<Target, 'child'>) });
      else console.log(line);
    });
    child.once('exit', (code) => reject(new Error(`${which} exited with ${code} before listening`)));
  });
}

function stop(target: Target): Promise<void> {
  return new Promise((resolve) => {
    target.child.once('exit', () => resolve());
    target.child.kill('SIGTERM');
  });
}

async function measure(target: Target, url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuMsOf(target.child.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpuAfter = cpuMsOf(target.child.pid);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / Math.max(1, r.requests.total)),
    bad: r.non2xx + r.errors,
  };
}

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};

async function main() {
  await bundleServer(path.join(import.meta.dirname, 'serve-targets.ts'), path.join(import.meta.dirname, 'dist'));
  const hello = await start('hello');
  const app = await start('hot-reads');
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const reads = app.reads!.filter((r) => !only || r.name.toLowerCase().includes(only));
  const headers = { authorization: `Bearer ${app.token}` };
  console.log(`before: ${uptime()}`);
  const rows: Record<string, string | number>[] = [];
  let bad = 0;
  for (const read of reads) {
    const base = await measure(hello, hello.url!, {});
    const figures = await measure(app, `${app.base}${read.path}`, headers);
    bad += figures.bad + base.bad;
    rows.push({
      read: read.name,
      'req/s': Math.round(figures.rps),
      'hello req/s': Math.round(base.rps),
      'share of hello': `${((figures.rps / base.rps) * 100).toFixed(1)} %`,
      'p50 ms': figures.p50,
      'p99 ms': figures.p99,
      'CPU µs/req': figures.cpuUs ?? '-',
      queries: app.queries?.[read.path] ?? '-',
      'non-2xx/errors': figures.bad,
    });
  }
  const after = uptime();
  await stop(hello);
  await stop(app);
  console.log(`after:  ${after}`);
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  console.log(`database: ${app.database}; Redis: ${app.redis ? 'yes' : 'no'}`);
  console.table(rows);
  console.log(JSON.stringify({ bench: 'hot-reads', database: app.database, redis: app.redis, node: process.version, load: after, rows }));
  if (bad > 0) {
    console.error(`FAILED: ${bad} answers were not 2xx or errored`);
    process.exit(1);
  }
}

await main();

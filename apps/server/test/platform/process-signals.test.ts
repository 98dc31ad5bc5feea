import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * The server as a process among others (issue 37 §1, decision 035), on real processes:
 * - SIGTERM to the process `npm start` started, alone (what `docker stop` does), stops the server:
 *   its port is free and its process gone within seconds;
 * - a stdout whose reader is gone (a `| tee` that ended first) neither keeps the server alive
 *   after SIGTERM nor holds a request.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

describe('the server process and its surroundings', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-signals-'));
  /** Every process a test started, killed after it whatever happened. */
  const pids = new Set<number>();
  const servers = new Set<ServerProcess>();

  afterEach(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all([...servers].map((s) => s.exited));
    servers.clear();
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    pids.clear();
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('SIGTERM to the process `npm start` started stops the server: port free and process gone within seconds', async () => {
    const port = await freePort();
    const base: Record<string, string | undefined> = { ...process.env };
    delete base.DATABASE_URL;
    delete base.REDIS_URL;
    // WEB_DIST elsewhere: the build check builds the server only (the web app is not served).
    const npm: ChildProcess = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        ...base,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(tmp, 'npm-start'),
        WEB_DIST: '/nonexistent-web-dist',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.add(npm.pid!);
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise((resolve) => npm.once('exit', resolve));

    // The server names its pid in every log line.
    const ready = () => /"pid":(\d+)[^\n]*"msg":"CharaChat is ready"/.exec(output);
    expect(await until(() => Boolean(ready()) && output.includes('CharaChat is running'), 180_000), output).toBe(true);
    const serverPid = Number(ready()![1]);
    pids.add(serverPid);
    expect(await portTaken(port)).toBe(true);

    npm.kill('SIGTERM');
    const stopped = await until(async () => !isAlive(serverPid) && !(await portTaken(port)), 8_000);
    expect(stopped, `server ${serverPid} alive: ${isAlive(serverPid)}\n${output}`).toBe(true);
    await npmExited;
    expect(output).toContain('"msg":"shut down"');
  }, 240_000);

  it('a stdout whose reader is gone: a request is answered, and SIGTERM ends the process within 5 s', async () => {
    const server = await startServer({ PORT: String(await freePort()), DATA_DIR: path.join(tmp, 'request'), SEED_DEMO: 'false' }, 150_000);
    servers.add(server);
    // The reading end closes: every write to stdout now fails with EPIPE.
    server.child.stdout!.destroy();
    const began = Date.now();
    const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(200);
    expect(Date.now() - began).toBeLessThan(2_000);
    // A signed-out API call logs its request and its answer too.
    expect((await fetch(`${server.url}/api/app/info`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);

    const stopped = await Promise.race([server.stop('SIGTERM'), sleep(5_000, 'hung' as const)]);
    expect(stopped, server.output()).toMatchObject({ code: 0 });
    // Said once on stderr, which still has its reader.
    expect(server.output().match(/standard output can't be written \(EPIPE\)/g)).toHaveLength(1);
  }, 200_000);

  it("the app's log on a stdout whose reader is gone: two lines and exit, the process ends at once", async () => {
    // The end of a shutdown: the first write to find the pipe broken still in flight, the last
    // line held, and process.exit. pino's asynchronous destination then flushed the held line,
    // retrying EPIPE every 100 ms, forever.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/processes/log-then-exit.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    pids.add(child.pid!);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(await until(() => stderr.includes('ready'), 120_000), stderr).toBe(true);
    child.stdout!.destroy();
    await sleep(100);
    child.stdin!.write('go\n');
    const result = await Promise.race([exited, sleep(5_000, 'hung' as const)]);
    expect(result, stderr).toBe(0);
    expect(stderr).toContain("standard output can't be written (EPIPE)");
  }, 200_000);

  it('a stdout whose reader is gone before SIGTERM: the process exits within 5 s', async () => {
    // The log's last lines are then the first writes to find the pipe broken: sonic-boom's exit
    // flush retried them every 100 ms, forever (issue 37).
    const server = await startServer({ PORT: String(await freePort()), DATA_DIR: path.join(tmp, 'stop'), SEED_DEMO: 'false' }, 150_000);
    servers.add(server);
    server.child.stdout!.destroy();
    await sleep(200);
    const stopped = await Promise.race([server.stop('SIGTERM'), sleep(5_000, 'hung' as const)]);
    expect(stopped, server.output()).toMatchObject({ code: 0 });
  }, 200_000);
});

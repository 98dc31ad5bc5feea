import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError } from '../../src/db/folder-lock';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * One server per embedded database folder (issue 37 §1, decision 035), on real processes: a
 * second start on a folder in use exits at once, naming the holder, and changes nothing; a lock
 * left by a process killed with -9 is taken over at the next start, which says so; a folder
 * PGlite can't open gives a message that says what to do, not a stack.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const QUIET = { SEED_DEMO: 'false', JOB_POLL_MS: '60000' };

/** Runs the server until it exits by itself (a start that must fail): its code and output. */
function runUntilExit(env: Record<string, string>, timeoutMs = 30_000) {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...base, NODE_ENV: 'test', HOST: '127.0.0.1', WEB_DIST: '/nonexistent-web-dist', ...QUIET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = Date.now();
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      // The pipes may still hold the last lines.
      setTimeout(() => resolve({ code, stdout, stderr, ms: Date.now() - started }), 50);
    });
  });
}

/**
 * What a start would change in `dir`: the names in it, the lock file, and the files PGlite
 * writes when it opens the database (the first server's own work changes the rest as it runs).
 */
function snapshot(dir: string) {
  const stamp = (file: string) => {
    const stat = fs.statSync(path.join(dir, file));
    return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  };
  return {
    names: fs.readdirSync(dir).sort(),
    lock: fs.readFileSync(path.join(dir, 'pgdata.lock'), 'utf8'),
    stamps: ['pgdata.lock', 'pgdata/postmaster.pid', 'pgdata/postgresql.conf', 'pgdata/pg_hba.conf'].map(stamp),
  };
}

describe('one server per data folder (real processes)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-data-folder-'));
  const lockFile = path.join(tmp, 'pgdata.lock');
  const running = new Set<ServerProcess>();

  async function start() {
    const server = await startServer({ PORT: String(await freePort()), DATA_DIR: tmp, ...QUIET }, 150_000);
    running.add(server);
    void server.exited.then(() => running.delete(server));
    return server;
  }

  afterEach(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all([...running].map((s) => s.exited));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('a second start on a folder in use exits at once, names the holder (pid, port), and changes nothing', async () => {
    const first = await start();
    const port = new URL(first.url).port;
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number; port: number };
    expect(holder).toMatchObject({ pid: first.child.pid, port: Number(port) });
    const before = snapshot(tmp);

    const second = await runUntilExit({ PORT: String(await freePort()), DATA_DIR: tmp });
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(second.ms).toBeLessThan(15_000);
    expect(second.stdout).not.toContain('CharaChat is running');
    expect(second.stderr).toContain(`in use by another CharaChat server (pid ${first.child.pid}, port ${port}`);
    expect(second.stderr).toContain('Nothing was changed');
    // Said, not thrown: no stack.
    expect(second.stderr).not.toMatch(/^\s+at /m);
    expect(snapshot(tmp)).toEqual(before);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  }, 200_000);

  it('a lock left by a process killed with -9 is taken over at the next start, with a line in the log; a clean stop releases it', async () => {
    // The folder of the test before, or a new one when this test runs alone.
    const killed = await start();
    expect(await killed.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: killed.child.pid });

    const next = await start();
    expect(next.output()).toContain('took over the lock of the data folder');
    expect(next.output()).toContain(`"pid":${killed.child.pid}`);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: next.child.pid });

    expect(await next.stop('SIGTERM')).toMatchObject({ code: 0 });
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 300_000);

  it('a folder PGlite cannot open: a message that says what happened and what to do, no stack, exit 1', async () => {
    if (!fs.existsSync(path.join(tmp, 'pgdata'))) {
      const server = await start();
      await server.stop('SIGTERM');
    }
    // What a kill in the middle of a write can leave: the write-ahead log overwritten with noise.
    const wal = path.join(tmp, 'pgdata', 'pg_wal');
    for (const name of fs.readdirSync(wal).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
      const fd = fs.openSync(path.join(wal, name), 'r+');
      fs.writeSync(fd, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, 0);
      fs.closeSync(fd);
    }

    const broken = await runUntilExit({ PORT: String(await freePort()), DATA_DIR: tmp });
    expect(broken.code, broken.stdout + broken.stderr).toBe(1);
    expect(broken.stderr).toContain(`the embedded database in ${path.join(tmp, 'pgdata')} could not be opened`);
    expect(broken.stderr).toContain('restore the folder from a backup, or move it aside');
    expect(broken.stderr).not.toMatch(/^\s+at /m);
    expect(broken.stderr).not.toContain('RuntimeError');
    // The failed start leaves no lock behind.
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 200_000);
});

describe('the folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-lock-'));
  const file = path.join(dir, 'pgdata.lock');
  afterEach(() => fs.rmSync(file, { force: true }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (holder: object) => fs.writeFileSync(file, JSON.stringify(holder));
  // The test runner's parent: a live process other than this one.
  const alive = process.ppid;
  const procStart = (pid: number) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };

  it('refuses while a live process holds it, naming it', () => {
    write({ pid: alive, port: 4321, startedAt: 'then', procStart: fs.existsSync('/proc') ? procStart(alive) : null });
    expect(() => acquireFolderLock(file, 1234)).toThrow(FolderLockedError);
    try {
      acquireFolderLock(file);
    } catch (err) {
      expect((err as FolderLockedError).holder).toMatchObject({ pid: alive, port: 4321 });
    }
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('takes over a live pid that started at another time (a reused pid)', () => {
    write({ pid: alive, startedAt: 'then', procStart: '1' });
    const lock = acquireFolderLock(file, 1234);
    expect(lock.tookOverFrom).toMatchObject({ pid: alive });
    lock.release();
  });

  it('takes over a dead pid and a half-written file; release removes only its own', () => {
    write({ pid: 2 ** 22 + 12345, startedAt: 'then' });
    const first = acquireFolderLock(file, 1234);
    expect(first.tookOverFrom).toMatchObject({ pid: 2 ** 22 + 12345 });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, port: 1234 });
    first.release();
    expect(fs.existsSync(file)).toBe(false);

    fs.writeFileSync(file, '{"pid":');
    const second = acquireFolderLock(file);
    expect(second.tookOverFrom).not.toBeNull();
    // Someone else's lock by now: left alone.
    write({ pid: alive, startedAt: 'later' });
    second.release();
    expect(fs.existsSync(file)).toBe(true);
  });
});

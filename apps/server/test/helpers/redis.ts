import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './tcp-proxy';

/** True when tests can have a Redis: REDIS_URL's (as in CI), or a throwaway redis-server on PATH. */
export const redisAvailable = Boolean(process.env.REDIS_URL) || spawnSync('redis-server', ['--version']).status === 0;

/** REDIS_URL's Redis, or a throwaway redis-server of the calling file's. */
export async function startRedis(): Promise<{ url: string; close(): void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, close() {} };
  const port = await freePort();
  const server: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}`).then(
      () => true,
      (err: { cause?: { code?: string } }) => err.cause?.code !== 'ECONNREFUSED',
    );
    if (up) break;
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, close: () => server.kill('SIGKILL') };
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session } from '@app/shared/auth/schemas';
import type { LeaderboardEntries } from '@app/shared/leaderboards/schemas';
import { freePort } from '../helpers/tcp-proxy';
import type { TestApp } from '../helpers/app';

const redisServerOnPath = spawnSync('redis-server', ['--version']).status === 0;

/** Whether the Redis mode can run here: REDIS_URL's Redis, or a redis-server on PATH. */
export const redisAvailable = Boolean(process.env.REDIS_URL) || redisServerOnPath;

/** REDIS_URL's Redis, or a throwaway redis-server of the file's. */
export async function startRedis(): Promise<{ url: string; close(): void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, close() {} };
  const port = await freePort();
  const server: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await sleep(300);
  return { url: `redis://127.0.0.1:${port}`, close: () => server.kill('SIGKILL') };
}

/**
 * The two ways the boards run: PostgreSQL alone (REDIS_URL cleared, whatever the environment says),
 * and PostgreSQL with the Redis mirror.
 */
export const MODES = [
  { name: 'PostgreSQL', redis: false },
  { name: 'PostgreSQL with the Redis mirror', redis: true },
] as const;

export function asUser(t: TestApp, session: Pick<Session, 'accessToken'>) {
  const go = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.bearer(session), ...(payload ? { payload } : {}) });
  return {
    go,
    join: (board: string) => go('POST', `/api/gamification/leaderboards/${board}/join`),
    leave: (board: string) => go('DELETE', `/api/gamification/leaderboards/${board}/join`),
    async entries(board: string, query = ''): Promise<LeaderboardEntries> {
      const res = await go('GET', `/api/gamification/leaderboards/${board}/entries${query}`);
      if (res.statusCode !== 200) throw new Error(`entries: ${res.statusCode} ${res.body}`);
      return res.json() as LeaderboardEntries;
    },
  };
}

/** An admin's XP grant (POST /api/gamification/xp): an award that announces itself like any other. */
export async function grantXp(t: TestApp, admin: Session, userId: string, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gamification/xp',
    headers: t.bearer(admin),
    payload: { amount, source: 'Leaderboard test', userId },
  });
  if (res.statusCode !== 200) throw new Error(`grant: ${res.statusCode} ${res.body}`);
}

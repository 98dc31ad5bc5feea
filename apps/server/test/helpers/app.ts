import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/seed/prepare';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Signs up a fresh user (unique email and username) and answers its session. */
  signup(
    overrides?: Partial<{ email: string; username: string; password: string; displayName: string; language: 'en' | 'ru' }>,
  ): Promise<Session>;
  /** A bearer header for a session. */
  bearer(session: Pick<Session, 'accessToken'>): { authorization: string };
  close(): Promise<void>;
}

export const STRONG_PASSWORD = 'Str0ng-Passphrase!';

/**
 * Builds the whole app on a database of its own, migrated and seeded with the categories
 * (demo data only when asked), with Redis when REDIS_URL is set. `env` overrides settings.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; seedDemo?: boolean; configure?: (c: Config) => void } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: opts.seedDemo ? 'true' : 'false',
    WEB_DIST: '/nonexistent-web-dist',
    // Every request of a test comes from 127.0.0.1: limits roomy enough for a file's signups and
    // logins. The rate-limit tests set their own through `env`.
    SIGNUP_MAX_PER_IP: '10000',
    LOGIN_MAX_PER_IP: '10000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  });
  // Cheap hashing keeps the suite fast; production keeps argon2id's defaults.
  config.passwordHashing = { memoryCost: 1024, timeCost: 1 };
  config.redisPrefix = `test:${randomUUID()}:`;
  opts.configure?.(config);

  const database = await openTestDatabase();
  await prepareDatabase(database, config);
  // With REDIS_URL, the app connects to Redis itself and closes the client with it.
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  let counter = 0;
  return {
    app,
    config,
    database,
    async signup(overrides = {}) {
      counter += 1;
      const id = `${randomUUID().slice(0, 8)}${counter}`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: `user${id}@example.com`, username: `user_${id}`, password: STRONG_PASSWORD, ...overrides },
      });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      return res.json() as Session;
    },
    bearer: (session) => ({ authorization: `Bearer ${session.accessToken}` }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `{error}` body of a failed answer. */
export function errorOf(res: LightMyRequestResponse): { code: string; message: string; field?: string } {
  return (res.json() as { error: { code: string; message: string; field?: string } }).error;
}

/** The value of a Set-Cookie of the answer, or undefined. */
export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

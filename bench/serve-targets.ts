/**
 * The servers under test, each in its own process so that the load generator does not share
 * their event loop: `hello` (a bare Fastify hello-world) or `app` (the whole platform).
 * Prints one JSON line {url, token?, database?} once listening; stops on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { openBenchDatabase } from './bench-database';
import { seedHotReads } from './hot-reads-seed';

async function serveHello() {
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const url = await hello.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `${url}/` }));
  process.once('SIGTERM', () => void hello.close().then(() => process.exit(0)));
}

/** The whole app on a bench database of its own, listening on a free port; stops on SIGTERM. */
async function listeningApp() {
  const db = await openBenchDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    // The global per-address limit (600/min by default) would refuse a benchmark from one address.
    RATE_LIMIT_MAX: '100000000',
    // bench/journey.ts signs many users in from this one address.
    LOGIN_MAX_PER_IP: '100000000',
    SIGNUP_MAX_PER_IP: '100000000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  config.redisPrefix = `bench:${randomBytes(4).toString('hex')}:`;
  await prepareDatabase(db.handle, config);
  // The app connects to REDIS_URL itself, with the client it has in production.
  const app = await buildApp({ config, database: db.handle, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await db.handle.close();
      await db.cleanup();
      process.exit(0);
    })();
  });
  return { db, base, about: { database: db.kind, redis: Boolean(config.redisUrl) } };
}

async function serveApp() {
  const { base, about } = await listeningApp();
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', username: 'bench_user', password: 'Bench-Mark-Pass-1!' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const { accessToken } = (await signup.json()) as { accessToken: string };
  console.log(JSON.stringify({ url: `${base}/api/auth/session`, token: accessToken, ...about }));
}

/**
 * The app with the hot reads' data seeded (bench/hot-reads-seed.ts): prints {base, token, reads,
 * queries} once listening, `queries` being how many statements each read sent to the database.
 */
async function serveHotReads() {
  const { db, base, about } = await listeningApp();
  const seeded = await seedHotReads(base, db.handle);
  console.log(JSON.stringify({ base, ...about, ...seeded }));
}

const which = process.argv[2];
if (which === 'hello') await serveHello();
else if (which === 'app') await serveApp();
else if (which === 'hot-reads') await serveHotReads();
else throw new Error('usage: serve-targets.ts hello|app|hot-reads');

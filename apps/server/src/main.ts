import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './seed/prepare';
import { startScheduler } from './jobs/scheduler';
import { DEMO_ACCOUNTS } from './seed/demo';

/** Starts the server: database (PGlite under DATA_DIR, or DATABASE_URL), migrations, seed, listen; closes gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolMax: config.dbPoolMax } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  const { seededDemo } = await prepareDatabase(database, config);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const app = await buildApp({ config, database, redis });
  const stopJobs = startScheduler(app);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    app.ctx.ready = false;
    await stopJobs();
    await app.close();
    // What subscribers were still doing for the last requests (queueing a webhook, a notification).
    await app.ctx.events.settled();
    await database.close();
    await redis?.quit();
  });

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pgdata')}`;
  app.log.info({ url: config.publicUrl, database: where, mail: app.ctx.mailer.kind, redis: Boolean(redis) }, 'CharaChat is ready');
  if (seededDemo) {
    // Printed once, on the start that created them.
    process.stdout.write(
      `\nDemo accounts created:\n  admin  ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}\n  user   ${DEMO_ACCOUNTS.user.email} / ${DEMO_ACCOUNTS.user.password}\n\n`,
    );
  }
  process.stdout.write(`CharaChat is running on ${config.publicUrl}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

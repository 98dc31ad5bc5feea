import path from 'node:path';
import closeWithGrace from 'close-with-grace';
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
  // The app connects to Redis (REDIS_URL) itself, logs its errors, and closes it with the app.
  const app = await buildApp({ config, database });
  const stopJobs = startScheduler(app);

  // Within the 10 s that orchestrators wait after SIGTERM: the jobs in hand get a few seconds and
  // are then released for another instance; the replies streaming are interrupted (saved, marked,
  // refunded) and their streams ended; busy connections are dropped after a few seconds.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    const started = Date.now();
    app.ctx.ready = false;
    await Promise.all([stopJobs(), app.close()]);
    // What subscribers were still doing for the last requests (queueing a webhook, a notification).
    await app.ctx.events.settled(2_000);
    await database.close();
    app.log.info({ ms: Date.now() - started }, 'shut down');
  });

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pgdata')}`;
  app.log.info(
    { url: config.publicUrl, database: where, mail: app.ctx.mailer.kind, payments: config.payments, redis: Boolean(app.ctx.redis) },
    'CharaChat is ready',
  );
  if (config.payments === 'off')
    app.log.warn(
      'payments are off: no STRIPE_SECRET_KEY, and the sandbox checkout is off in production (PAYMENTS_SANDBOX=true turns it on)',
    );
  else if (config.payments === 'sandbox' && config.isProduction)
    app.log.warn('payments go through the sandbox checkout (PAYMENTS_SANDBOX=true): users get gems, tokens and plans without paying');
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

import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataFolderUnreadableError, openDatabase } from './db/client';
import { FolderLockedError } from './db/folder-lock';
import { processLog } from './lib/stdout-log';
import { prepareDatabase } from './seed/prepare';
import { startScheduler } from './jobs/scheduler';
import { DEMO_ACCOUNTS } from './seed/demo';

/** Starts the server: database (PGlite under DATA_DIR, or DATABASE_URL), migrations, seed, listen; closes gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: config.dbPoolMax }
      : { pgliteDir: path.join(config.dataDir, 'pgdata'), port: config.port },
  );
  const { seededDemo } = await prepareDatabase(database, config);
  // The app connects to Redis (REDIS_URL) itself, logs its errors, and closes it with the app.
  const app = await buildApp({ config, database });
  if (database.lockTakenOverFrom) {
    app.log.warn(
      { previous: database.lockTakenOverFrom },
      'took over the lock of the data folder: the process that held it no longer runs (killed or powered off)',
    );
  }
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
    processLog.write(
      `\nDemo accounts created:\n  admin  ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}\n  user   ${DEMO_ACCOUNTS.user.email} / ${DEMO_ACCOUNTS.user.password}\n\n`,
    );
  }
  processLog.write(`CharaChat is running on ${config.publicUrl}\n`);
}

/** What a start that can't use its data folder says: what happened and what to do, no stack. */
function startFailure(err: unknown): string | null {
  if (err instanceof FolderLockedError) {
    const { pid, port, startedAt } = err.holder;
    return [
      `CharaChat did not start: the data folder is in use by another CharaChat server (pid ${pid}${port ? `, port ${port}` : ''}, started ${startedAt}).`,
      "One folder serves one server at a time: two would each keep their own copy and lose the other's writes. Nothing was changed.",
      `Stop that server first, or give this one another DATA_DIR. (Lock file: ${err.lockFile}; it is taken over by itself once that process is gone.)`,
    ].join('\n');
  }
  if (err instanceof DataFolderUnreadableError) {
    return [
      `CharaChat did not start: the embedded database in ${err.folder} could not be opened (${err.reason}).`,
      'Its files are damaged, most likely by a process killed while it wrote them. Nothing was changed.',
      `To start again: restore the folder from a backup, or move it aside (mv ${err.folder} ${err.folder}.damaged) to start with an empty database, and keep it for recovery.`,
    ].join('\n');
  }
  return null;
}

main().catch((err: unknown) => {
  const message = startFailure(err);
  if (message) process.stderr.write(`${message}\n`);
  else console.error(err);
  process.exit(1);
});

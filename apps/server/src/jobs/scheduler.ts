import type { FastifyInstance } from 'fastify';
import { deleteExpiredTokens } from '../features/auth/sessions';
import { runDailyStats } from '../features/chats/daily-stats';

interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}

/**
 * Housekeeping that is idempotent, so that it can run in every instance at once without harm.
 * Jobs that must run exactly once (digests, deletions, webhook deliveries) go through the
 * persisted queue (jobs/queue.ts).
 */
const JOBS: Job[] = [
  { name: 'delete-expired-tokens', everyMs: 60 * 60_000, run: (app) => deleteExpiredTokens(app.ctx.db) },
  // Each finished day once (job_runs), whichever instance gets there first; hourly, so a day is in soon after midnight.
  { name: 'bot-daily-stats', everyMs: 60 * 60_000, run: (app) => runDailyStats(app.ctx.db) },
];

/** Starts the periodic work (this file's and what features registered) and the persisted queue's polling. */
export function startScheduler(app: FastifyInstance): () => Promise<void> {
  const periodic: Job[] = [...JOBS, ...app.ctx.jobs.periodic.map((p) => ({ name: p.name, everyMs: p.everyMs, run: () => p.run() }))];
  app.ctx.jobs.start(app.ctx.config.jobPollMs);
  const timers = periodic.map((job) => {
    const tick = () =>
      job
        .run(app)
        .then((result) => app.log.debug({ job: job.name, result }, 'job done'))
        .catch((err: unknown) => app.log.error({ err, job: job.name }, 'job failed'));
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
  return async () => {
    timers.forEach((stop) => stop());
    await app.ctx.jobs.stop();
  };
}

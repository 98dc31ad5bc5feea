import type { FastifyInstance } from 'fastify';

/**
 * Starts the periodic work that features registered (`app.ctx.jobs.every`: housekeeping that is
 * idempotent, so that every instance may run it at once) and the persisted queue's polling (work
 * that must run exactly once: digests, deletions, webhook deliveries).
 */
export function startScheduler(app: FastifyInstance): () => Promise<void> {
  const periodic = app.ctx.jobs.periodic;
  app.ctx.jobs.start(app.ctx.config.jobPollMs);
  const timers = periodic.map((job) => {
    const tick = () =>
      job
        .run()
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

import type { FastifyInstance } from 'fastify';

/**
 * Starts the periodic work that features registered (`app.ctx.jobs.every`: housekeeping that is
 * idempotent; every instance ticks, and the one that claims the period runs it) and the persisted
 * queue's polling (work that must run exactly once: digests, deletions, webhook deliveries).
 */
export function startScheduler(app: FastifyInstance): (graceMs?: number) => Promise<void> {
  const periodic = app.ctx.jobs.periodic;
  app.ctx.jobs.start(app.ctx.config.jobPollMs);
  // The periodic runs under way, so that a shutdown waits for them before the database closes.
  const running = new Set<Promise<void>>();
  const timers = periodic.map((job) => {
    const tick = () => {
      const run = app.ctx.jobs
        .claimPeriod(job)
        .then(async (mine) => {
          if (!mine) return app.log.debug({ job: job.name }, 'periodic job skipped');
          const result = await job.run();
          app.log.debug({ job: job.name, result }, 'periodic job done');
        })
        .catch((err: unknown) => app.log.error({ err, job: job.name }, 'periodic job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    };
    const first = setTimeout(tick, 5_000);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
  /** Stops the timers; waits up to `graceMs` for the work under way (the queue then gives its jobs back). */
  return async (graceMs = 3_000) => {
    timers.forEach((stop) => stop());
    let timer: NodeJS.Timeout | undefined;
    // Periodic work is idempotent: one cut short is done again by the next instance's tick.
    const periodicDone = Promise.race([
      Promise.all([...running]),
      new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]).finally(() => clearTimeout(timer));
    await Promise.all([app.ctx.jobs.stop(graceMs), periodicDone]);
  };
}

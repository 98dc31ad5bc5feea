import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { queryRows } from '../db/client';
import { jobRuns } from '../db/schema/chats';
import { jobs } from '../db/schema/jobs';
import type { AppMetrics } from '../plugins/metrics';

export interface QueuedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}

/** Runs one job. Throwing schedules a retry with backoff, until the attempts are spent. */
export type JobHandler = (payload: Record<string, unknown>, job: QueuedJob) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** While a job of this kind and key waits or runs, enqueueing it again adds nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Work that runs on a timer in whichever instance gets to it first each period (`claimPeriod`),
 * and that is safe to repeat all the same (a run cut short is done again by the next one).
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

// The `job_runs` row of a periodic job (its key is the job's name) holds when its last run began.
const PERIODIC_RUN = 'periodic';
// A period is claimed once this share of it has passed since the last run began: the instances'
// timers drift and tick at different moments, and a tick a little early must not skip a period.
const PERIOD_SHARE = 0.9;

// A claimed job holds its lock this long; an instance that dies with it gives it back after that.
const LOCK_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** 30 s, 1 min, 2 min, ... up to 6 h, with ±20% jitter so that retries of one outage spread out. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The persisted job queue of the architecture (webhook deliveries, digests, exports, deletions).
 * Jobs are rows of `jobs`; any instance claims due ones with `FOR UPDATE SKIP LOCKED`, so each
 * runs once however many instances poll. Feature plugins register their handlers and periodic
 * work at start (`app.ctx.jobs.handle(...)`, `app.ctx.jobs.every(...)`); main.ts starts the
 * polling, tests call `runDue()` to run what is due now.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  readonly periodic: PeriodicJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;
  /** The jobs this instance has claimed and runs now. */
  private readonly inHand = new Set<string>();
  /** Jobs given back at stop() while their handler still ran: its outcome is no longer ours to write. */
  private readonly released = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /** Where failures are counted (app.ctx.metrics); tests may leave it out. */
    private readonly metrics?: Pick<AppMetrics, 'jobFailures'>,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind ${kind} has two handlers`);
    this.handlers.set(kind, handler);
  }

  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    this.periodic.push({ name, everyMs, run });
  }

  /**
   * Claims the current period of a periodic job for this instance: true for the first caller of
   * every instance once 90% of the period has passed since the last run began (the database's
   * clock, one row per job in `job_runs`), false for the others. Every instance ticks; one runs.
   */
  async claimPeriod(job: Pick<PeriodicJob, 'name' | 'everyMs'>): Promise<boolean> {
    const gapMs = Math.round(job.everyMs * PERIOD_SHARE);
    const rows = await this.db
      .insert(jobRuns)
      .values({ job: PERIODIC_RUN, key: job.name, finishedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.key],
        set: { finishedAt: sql`now()` },
        setWhere: sql`${jobRuns.finishedAt} <= now() - ${`${gapMs} milliseconds`}::interval`,
      })
      .returning({ key: jobRuns.key });
    return rows.length > 0;
  }

  /**
   * Holds a running job's lock for another LOCK_MS: a handler that runs for minutes (an import)
   * calls it now and then, so that no poller takes the job for dead and runs it a second time.
   */
  async extendLock(jobId: string): Promise<void> {
    await this.db.execute(
      sql`update jobs set locked_until = now() + ${`${LOCK_MS} milliseconds`}::interval where id = ${jobId} and status = 'running'`,
    );
  }

  /** Adds a job (inside the caller's transaction when given one); answers its id, or null when deduplicated. */
  async enqueue(executor: Executor, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string | null> {
    const rows = await executor
      .insert(jobs)
      .values({
        kind,
        payload,
        dedupeKey: opts.dedupeKey ?? null,
        runAt: opts.runAt ?? new Date(),
        maxAttempts: opts.maxAttempts ?? 5,
      })
      .onConflictDoNothing({
        target: [jobs.kind, jobs.dedupeKey],
        where: sql`${jobs.dedupeKey} is not null and ${jobs.status} in ('queued', 'running')`,
      })
      .returning({ id: jobs.id });
    if (rows.length > 0 && !opts.runAt) this.nudge();
    return rows[0]?.id ?? null;
  }

  /**
   * Claims and runs the jobs due now, a batch at a time, until none is left (or `limit` ran).
   * Answers how many ran. Overlapping calls share one run.
   */
  runDue(limit = 1000): Promise<number> {
    if (!this.running) {
      this.running = this.drain(limit).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async drain(limit: number): Promise<number> {
    let done = 0;
    while (done < limit && !this.stopping) {
      const batch = await this.claim(Math.min(10, limit - done));
      if (batch.length === 0) break;
      await Promise.all(batch.map((job) => this.runOne(job)));
      done += batch.length;
    }
    return done;
  }

  private async claim(count: number): Promise<QueuedJob[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    const rows = await queryRows<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
      this.db,
      sql`update jobs set status = 'running', attempts = attempts + 1, locked_until = now() + ${`${LOCK_MS} milliseconds`}::interval
          where id in (
            select id from jobs
            where kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
              and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
            order by run_at
            limit ${count}
            for update skip locked)
          returning id, kind, payload, attempts, max_attempts`,
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts }));
  }

  private async runOne(job: QueuedJob): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    this.inHand.add(job.id);
    try {
      await this.runHandler(handler, job);
    } finally {
      this.inHand.delete(job.id);
    }
  }

  private async runHandler(handler: JobHandler, job: QueuedJob): Promise<void> {
    try {
      await handler(job.payload, job);
      if (this.released.has(job.id)) return;
      await this.db.execute(sql`update jobs set status = 'done', finished_at = now(), locked_until = null where id = ${job.id}`);
      this.log.debug({ kind: job.kind, id: job.id, attempts: job.attempts }, 'job done');
    } catch (err) {
      // PostgreSQL's text holds no NUL character, and an error's message may quote one from the data.
      const message = (err instanceof Error ? err.message : String(err)).replace(/\0/g, '');
      if (this.released.has(job.id)) return;
      const spent = job.attempts >= job.maxAttempts;
      this.log.warn({ err, job: job.kind, id: job.id, attempts: job.attempts, spent }, 'job failed');
      this.metrics?.jobFailures.inc({ kind: job.kind, outcome: spent ? 'failed' : 'retry' });
      await this.db.execute(
        spent
          ? sql`update jobs set status = 'failed', finished_at = now(), locked_until = null, last_error = ${message.slice(0, 1000)} where id = ${job.id}`
          : sql`update jobs set status = 'queued', locked_until = null, last_error = ${message.slice(0, 1000)},
                run_at = now() + ${`${backoffMs(job.attempts)} milliseconds`}::interval where id = ${job.id}`,
      );
    }
  }

  /** Polls for due jobs every `pollMs` until stop() is called. */
  start(pollMs = 2_000): void {
    if (this.timer) return;
    this.stopping = false;
    const tick = () => {
      this.runDue().catch((err: unknown) => this.log.error({ err }, 'job queue poll failed'));
    };
    this.timer = setInterval(tick, pollMs);
    this.timer.unref();
    tick();
  }

  /** A job due now was added: run it soon rather than at the next poll (only when polling). */
  private nudge(): void {
    if (!this.timer) return;
    setImmediate(() => {
      this.runDue().catch((err: unknown) => this.log.error({ err }, 'job queue run failed'));
    });
  }

  /**
   * Stops polling and claims nothing more; waits up to `graceMs` for the jobs in hand, then gives
   * back those still running (queued again, the attempt not counted), so that another instance
   * runs them at once rather than when their lock runs out. A shutdown must not wait for a slow
   * webhook or an export.
   */
  async stop(graceMs = 3_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!finished) await this.releaseInHand();
  }

  private async releaseInHand(): Promise<void> {
    const ids = [...this.inHand];
    if (ids.length === 0) return;
    ids.forEach((id) => this.released.add(id));
    await this.db.execute(
      sql`update jobs set status = 'queued', locked_until = null, run_at = now(), attempts = greatest(attempts - 1, 0)
          where status = 'running' and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    this.log.warn({ jobs: ids.length }, 'jobs still running at shutdown were released for another instance');
  }
}

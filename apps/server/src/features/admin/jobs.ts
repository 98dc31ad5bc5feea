import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@app/shared/admin/messages';
import { ZJobParams, ZJobRetried, ZJobsOverview } from '@app/shared/admin/schemas';
import { queryRows } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { conflict, notFound } from '../../lib/http-errors';
import { requireAuth } from '../../plugins/auth';
import { recordAdminAction } from '../admin-audit';

const tags = ['admin'];
/** The failures listed: the most recent first. */
const FAILED_SHOWN = 50;

/** The persisted job queue (decision 009) as the admins see it: depth per kind, failures, and a retry. */
export const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/jobs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Queue depth per job kind (queued, scheduled, running, failed, done in 24 h) and the latest failures',
        response: { 200: ZJobsOverview },
      },
    },
    async () => {
      const kinds = await queryRows<{ kind: string; queued: number; scheduled: number; running: number; failed: number; done: number }>(
        db,
        sql`select kind,
                   (count(*) filter (where status = 'queued' and run_at <= now()))::int as queued,
                   (count(*) filter (where status = 'queued' and run_at > now()))::int as scheduled,
                   (count(*) filter (where status = 'running'))::int as running,
                   (count(*) filter (where status = 'failed'))::int as failed,
                   (count(*) filter (where status = 'done' and finished_at > now() - interval '1 day'))::int as done
            from jobs
            where status <> 'done' or finished_at > now() - interval '1 day'
            group by kind order by kind`,
      );
      const failed = await db
        .select()
        .from(jobs)
        .where(eq(jobs.status, 'failed'))
        .orderBy(desc(jobs.finishedAt), desc(jobs.id))
        .limit(FAILED_SHOWN);
      return {
        kinds: kinds.map((k) => ({
          kind: k.kind,
          queued: k.queued,
          scheduled: k.scheduled,
          running: k.running,
          failed: k.failed,
          doneLastDay: k.done,
        })),
        failed: failed.map((j) => ({
          id: j.id,
          kind: j.kind,
          attempts: j.attempts,
          maxAttempts: j.maxAttempts,
          lastError: j.lastError,
          createdAt: j.createdAt.toISOString(),
          finishedAt: j.finishedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Queues a failed job again, with its attempts back to zero (the next poll runs it)',
        params: ZJobParams,
        response: { 200: ZJobRetried },
      },
    },
    async (request) => {
      const admin = requireAuth(request).user;
      return db.transaction(async (tx) => {
        const [job] = await tx.select().from(jobs).where(eq(jobs.id, request.params.id)).for('update');
        if (!job) throw notFound(ADMIN_MESSAGES.jobNotFound);
        if (job.status !== 'failed') throw conflict(ADMIN_ERROR_CODES.JOB_NOT_FAILED, ADMIN_MESSAGES.jobNotFailed);
        // A job with a dedupe key that waits or runs again already (enqueued since) is not doubled.
        if (job.dedupeKey) {
          const [twin] = await tx
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.kind, job.kind), eq(jobs.dedupeKey, job.dedupeKey), inArray(jobs.status, ['queued', 'running'])))
            .limit(1);
          if (twin) throw conflict(ADMIN_ERROR_CODES.JOB_ALREADY_QUEUED, ADMIN_MESSAGES.jobAlreadyQueued);
        }
        await tx
          .update(jobs)
          .set({ status: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, lockedUntil: null })
          .where(eq(jobs.id, job.id));
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: 'job.retried',
          targetType: 'job',
          targetId: job.id,
          details: { kind: job.kind, attempts: job.attempts, lastError: job.lastError },
        });
        return { id: job.id, status: 'queued' as const };
      });
    },
  );
};

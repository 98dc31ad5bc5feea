import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type DatabaseHandle } from '../db/client';
import { forbidden, unauthorized } from '../lib/http-errors';
import { bearerToken } from './auth';

/** The route label of answers that no route matched (404s and the web app's pages): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC, handles): one registry per process,
 * made once, since they describe the process, not an app. prom-client's default metrics start
 * timers and observers that are never stopped, so tests that build many apps must not make them
 * again for each one. Not prom-client's global default registry.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one app instance, in a registry of its own (tests build many apps in one process).
 * Built in app.ts and reached as `app.ctx.metrics`; `GET /metrics` answers them with the process's.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Failed runs of queued jobs, by kind; outcome is retry (scheduled again) or failed (attempts spent)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly sseStreams = new Gauge({
    name: 'sse_streams_open',
    help: 'Server-sent event streams open now (streamed chat replies and live event streams)',
    registers: [this.registry],
  });

  readonly ledgerPostings = new Counter({
    name: 'ledger_postings_total',
    help: 'Ledger movements posted (balance changed), by reason and currency',
    labelNames: ['reason', 'currency'] as const,
    registers: [this.registry],
  });

  constructor(database: DatabaseHandle, log: Pick<FastifyBaseLogger, 'warn'>) {
    // Read when scraped. PGlite has no pool (one in-process connection that runs one query at a
    // time): its stats are null and the gauges say 0.
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool, by state (in_use, idle); 0 on the embedded database, which has no pool',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = database.poolStats();
        this.set({ state: 'in_use' }, stats ? stats.total - stats.idle : 0);
        this.set({ state: 'idle' }, stats?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a connection of the database pool; 0 on the embedded database',
      registers: [this.registry],
      collect() {
        this.set(database.poolStats()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs in the persisted queue (shared by every instance), by state: queued (due or later) and running',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        try {
          const [row] = await queryRows<{ queued: string | number; running: string | number }>(
            database.db,
            sql`select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'running') as running
                from jobs where status in ('queued', 'running')`,
          );
          this.set({ state: 'queued' }, Number(row?.queued ?? 0));
          this.set({ state: 'running' }, Number(row?.running ?? 0));
        } catch (err) {
          // A scrape while the database is away still answers the other metrics.
          this.reset();
          log.warn({ err }, 'metrics: the job queue depth could not be read');
        }
      },
    });
  }

  /** The text that Prometheus scrapes: this app's metrics and the process's. */
  async render(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

/** True for a caller on this machine: the socket's address, never X-Forwarded-For. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Equal strings, in a time that doesn't depend on where they differ (both are hashed to one length first). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * `GET /metrics` (Prometheus text format) and the request duration histogram. Loopback callers
 * need no token; anyone else sends `Authorization: Bearer $METRICS_TOKEN`, and without that
 * setting nobody else is let in.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics, config } = app.ctx;

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.httpDuration.observe({ route, method: request.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const allowed = async (request: FastifyRequest) => {
    if (isLoopback(request.socket.remoteAddress)) return;
    if (!config.metricsToken) throw forbidden('Metrics are served to this machine only (set METRICS_TOKEN to let others in)');
    const token = bearerToken(request);
    if (!token || !sameSecret(token, config.metricsToken)) throw unauthorized('A valid metrics token is required');
  };

  app.get('/metrics', { onRequest: allowed, schema: { hide: true } }, async (_request, reply) => {
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
});

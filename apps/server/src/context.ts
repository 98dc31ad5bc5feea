import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { ChatModel } from './llm/types';
import type { Mailer } from './mail/mailer';
import type { DomainEvents } from './events/bus';
import type { JobQueue } from './jobs/queue';
import type { AppMetrics } from './plugins/metrics';
import type { UserRow } from './db/schema/users';

/** What every route module may use, built once in app.ts and reached as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  redis: Redis | null;
  mailer: Mailer;
  /** The language model of the chats (an OpenAI-compatible API, or the offline responder). */
  model: ChatModel;
  /** Domain events: areas publish what happened after it commits, others subscribe (events/bus.ts). */
  events: DomainEvents;
  /** The persisted job queue: features register handlers and periodic work, and enqueue jobs. */
  jobs: JobQueue;
  /** This app's Prometheus metrics (plugins/metrics.ts), served at /metrics. */
  metrics: AppMetrics;
  /** The key that seals stored secrets the server reads back (lib/sealed.ts). */
  sealKey: Buffer;
  /** False while the server shuts down, so /readyz turns load balancers away first. */
  ready: boolean;
}

/** Who is calling: set by the auth plugin for every request that carries a valid access token. */
export interface RequestAuth {
  user: UserRow;
  sessionId: string;
  accessToken: string;
  expiresAt: Date;
  /**
   * Set when the caller signed the request with an API key (`Authorization: Bearer cck_...`)
   * rather than a session: the auth plugin lets it reach only the routes of its scopes. The
   * other fields then describe no session (sessionId is the key's id).
   */
  apiKey?: { id: string; scopes: readonly string[] } | null;
}

/** Who may call a route. Every /api route must say it (the auth plugin refuses to start otherwise). */
export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** The session lookup of a route that awaits it itself (config.deferAuth; see authOf). */
    pendingAuth: Promise<RequestAuth | null> | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * For 'user' routes on a reply's hot path: the session lookup is started, not awaited, so
     * that the route's first query runs alongside it. The route must await authOf(request)
     * before it writes or answers anything; the error handler answers 401 for any failure of a
     * caller whose session turns out invalid, as if the lookup had come first.
     */
    deferAuth?: boolean;
    /**
     * The name of a cookie that may carry the access token when no Authorization header does
     * (plugins/auth.ts): for the browser's EventSource, which can't send headers.
     */
    tokenCookie?: string;
    /** The spec's text for an unexpected failure of this route ('Failed to create bot'); else a generic one. */
    failureMessage?: string;
    /**
     * The route takes a multipart body (an upload). Its scope registers acceptUploads
     * (plugins/uploads.ts); the scope's other routes answer a multipart body with a 415.
     */
    uploads?: boolean;
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIVE_COOKIE,
  LIVE_PATH,
  ZLiveCookieAnswer,
  ZLiveEventId,
  ZLiveEventPage,
  ZLiveEventsQuery,
  type LiveCookieAnswer,
  type LiveEventPage,
} from '@app/shared/live/schemas';
import { requireAuth } from '../../plugins/auth';
import { FORWARDS, type Forward, type ForwardedEvent } from './forward';
import { LiveHub } from './hub';
import { postgresStore, redisStore, type LiveStore } from './store';

const tags = ['live'];

/**
 * Sets the cookie by which the browser's EventSource opens GET /api/events: the caller's access
 * token, httpOnly, SameSite=Strict, sent to /api/events only, until the token expires.
 */
export function setLiveCookie(request: FastifyRequest, reply: FastifyReply): LiveCookieAnswer {
  const auth = requireAuth(request);
  const seconds = Math.max(0, Math.floor((auth.expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(LIVE_COOKIE, auth.accessToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: LIVE_PATH,
    maxAge: seconds,
  });
  return { expiresAt: auth.expiresAt.toISOString() };
}
/** How often the table store forgets what is older than the retention. */
const FORGET_EVERY_MS = 60_000;
/** The JSON answer's page: a client further behind reloads everything. */
const JSON_PAGE = 200;

/** Whether the client asked for the stream; others get the stored events as JSON. */
const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** The `Last-Event-ID` the browser sends when it reconnects by itself (a newer id than the URL's), if it is one of ours. */
function lastEventIdHeader(request: FastifyRequest): string | null {
  const parsed = ZLiveEventId.safeParse(request.headers['last-event-id']);
  return parsed.success ? parsed.data : null;
}

/**
 * The live stream of the signed-in user (issue 18 §1, decision 021): `GET /api/events` as
 * server-sent events, and the cookie by which the browser's EventSource opens it. The area turns
 * the domain events that concern one user into small stored events, and wakes that user's streams
 * on every instance through the bus.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis, config, events, jobs, metrics } = app.ctx;
  const store: LiveStore = redis ? redisStore(redis, config.redisPrefix) : postgresStore(db);
  if (store.kind === 'postgres') jobs.every('live-events-forget', FORGET_EVERY_MS, () => store.forgetOld());
  const hub = new LiveHub(store, app.log, metrics.sseStreams);

  // Once per event, on the instance that published it: stored, then every instance is told.
  const relay = <N extends ForwardedEvent>(name: N) =>
    events.subscribe(name, 'live', async ({ payload }) => {
      const { userId, data } = (FORWARDS[name] as Forward<N>)(payload);
      await store.append(userId, name, data);
      await events.publish('live.event_stored', { userId });
    });
  for (const name of Object.keys(FORWARDS) as ForwardedEvent[]) relay(name);
  events.subscribeEverywhere('live.event_stored', 'live', ({ payload }) => hub.wake(payload.userId));
  events.subscribeEverywhere('session.revoked', 'live', ({ payload }) => hub.endSession(payload.userId, payload.sessionId));
  // Before the connections are waited for: a stream never ends by itself.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });

  /** The JSON answer: what is stored after `lastEventId` (for clients that poll; the web app streams). */
  async function page(userId: string, lastEventId: string | undefined): Promise<LiveEventPage> {
    if (lastEventId === undefined) return { items: [], lastEventId: await store.newest(userId), complete: true };
    if (!(await store.has(userId, lastEventId))) return { items: [], lastEventId: await store.newest(userId), complete: false };
    const items = await store.after(userId, lastEventId, JSON_PAGE + 1);
    const complete = items.length <= JSON_PAGE;
    const shown = items.slice(0, JSON_PAGE);
    return {
      items: shown.map((e) => ({ id: e.id, event: e.name, data: e.data })),
      lastEventId: shown.at(-1)?.id ?? lastEventId,
      complete,
    };
  }

  app.get(
    '/events',
    {
      config: { access: 'user', tokenCookie: LIVE_COOKIE },
      schema: {
        tags,
        summary:
          "The caller's live events: with Accept: text/event-stream a stream (ready, then notification.created, balance.changed, gamification.*, bot.*, referral.*; a heartbeat comment every 25 s; Last-Event-ID resumes), else JSON of those stored after lastEventId. The browser's EventSource authenticates with the cookie of POST /api/events/cookie",
        querystring: ZLiveEventsQuery,
        response: { 200: ZLiveEventPage },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!wantsStream(request)) return page(auth.user.id, request.query.lastEventId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass the events on as they come.
        'x-accel-buffering': 'no',
        // Written on the raw response, so without the header the app's hook sets on Fastify's reply.
        'x-request-id': request.id,
      });
      // The browser's own reconnect waits this long (after a shutdown, a dropped connection).
      res.write('retry: 2000\n\n');
      await hub.open({
        res,
        userId: auth.user.id,
        sessionId: auth.sessionId,
        expiresAt: auth.expiresAt,
        lastEventId: lastEventIdHeader(request) ?? request.query.lastEventId ?? null,
      });
      return reply;
    },
  );

  app.post(
    '/events/cookie',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Sets the cookie by which the browser's EventSource opens GET /api/events: the caller's access token, httpOnly, SameSite=Strict, sent to /api/events only, until the token expires",
        response: { 200: ZLiveCookieAnswer },
      },
    },
    async (request, reply) => setLiveCookie(request, reply),
  );
};

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { createScratchDatabase } from '../helpers/database';
import { openLiveStream } from '../helpers/live-stream';
import { redisAvailable, startRedis } from '../helpers/redis';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { freePort } from '../helpers/tcp-proxy';

/**
 * The live stream across instances (issue 18 §1, decision 021): two real servers (child
 * processes) on one PostgreSQL database, once carried by PostgreSQL alone (NOTIFY, the events
 * stored in live_events) and once with Redis (pub/sub, the events stored in Redis streams). An
 * event made on A reaches a stream held on B within a second; a stream resumes on the other
 * instance with Last-Event-ID; a sign-out on A ends the session's stream on B. Needs a PostgreSQL
 * server (DATABASE_URL); the Redis case REDIS_URL's Redis or a redis-server on PATH.
 */

const PASSWORD = 'Str0ng-Passphrase!';

async function call(server: ServerProcess, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function signup(server: ServerProcess): Promise<Session> {
  const id = randomUUID().slice(0, 8);
  const res = await call(server, 'POST', '/api/auth/signup', {
    body: { email: `live${id}@example.com`, username: `live_${id}`, password: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as Session;
}

const bearer = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

describe.skipIf(!process.env.DATABASE_URL).each([
  { transport: 'postgres', redis: false },
  { transport: 'redis', redis: true },
])('the live stream across two instances ($transport)', ({ redis: withRedis }) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
  let a: ServerProcess;
  let b: ServerProcess;
  const running: ServerProcess[] = [];
  const streams: { close(): void }[] = [];

  beforeAll(async () => {
    if (withRedis && !redisAvailable) return;
    scratch = await createScratchDatabase();
    if (withRedis) redis = await startRedis();
    // One prefix for both (their channel and their store), apart from other runs on the same Redis.
    const prefix = `live-test:${randomUUID()}:`;
    const env = async () => ({
      PORT: String(await freePort()),
      DATABASE_URL: scratch!.url,
      ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: prefix } : {}),
      SIGNUP_MAX_PER_IP: '1000',
      RATE_LIMIT_MAX: '100000',
    });
    // One after the other: the first migrates the scratch database.
    a = await startServer(await env(), 90_000);
    running.push(a);
    b = await startServer(await env(), 90_000);
    running.push(b);
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    redis?.close();
    await scratch?.drop();
  });

  const open = async (server: ServerProcess, headers: Record<string, string>) => {
    const stream = await openLiveStream(server.url, headers);
    streams.push(stream);
    return stream;
  };

  it('an event made on A reaches the stream held on B within a second', async (ctx) => {
    if (!scratch) return ctx.skip();
    const ann = await signup(a);
    const bob = await signup(a);
    const onB = await open(b, bearer(ann));
    await onB.event('ready');

    const followedAt = Date.now();
    expect((await call(a, 'POST', `/api/users/${ann.user.id}/follow`, { token: bob.accessToken })).status).toBe(200);
    await onB.event('notification.created', 1_000);
    const notified = Date.now() - followedAt;

    const claimedAt = Date.now();
    expect((await call(a, 'POST', '/api/gamification/rewards/daily/claim', { token: ann.accessToken })).status).toBe(200);
    expect((await onB.next((f) => f.event === 'balance.changed' && f.data?.currency === 'tokens', 1_000)).data).toEqual({
      currency: 'tokens',
    });
    console.info(`live event from A on B's stream: follow ${notified} ms, claim ${Date.now() - claimedAt} ms (answer included)`);
  });

  it("a challenge room's score moved on A reaches its other player's stream on B (issue 19)", async (ctx) => {
    if (!scratch) return ctx.skip();
    const ann = await signup(a);
    const bob = await signup(a);
    const created = await call(a, 'POST', '/api/gamification/challenges/rooms', {
      token: ann.accessToken,
      body: { challengeId: 'tap-sprint', maxPlayers: 2 },
    });
    expect(created.status).toBe(201);
    const roomId = created.body.id as string;
    expect((await call(a, 'POST', `/api/gamification/challenges/rooms/${roomId}/join`, { token: bob.accessToken })).status).toBe(200);
    const onB = await open(b, bearer(ann));
    await onB.event('ready');
    const scoredAt = Date.now();
    const scored = await call(a, 'POST', `/api/gamification/challenges/rooms/${roomId}/score`, {
      token: bob.accessToken,
      body: { score: 7 },
    });
    expect(scored.status).toBe(200);
    const event = await onB.next(
      (f) => f.event === 'challenge.room_updated' && (f.data?.scores as { userId: string; score: number }[] | undefined)?.[0]?.score === 7,
    );
    expect((event.data!.scores as unknown[])[0]).toEqual({ userId: bob.user.id, score: 7, rank: 1, reward: 0 });
    console.info(`challenge score from A on B's stream: ${Date.now() - scoredAt} ms (answer included)`);
  });

  it('a stream resumes on the other instance with Last-Event-ID: nothing missed', async (ctx) => {
    if (!scratch) return ctx.skip();
    const ann = await signup(a);
    const bob = await signup(b);
    const onA = await open(a, bearer(ann));
    const seen = await onA.event('ready');
    onA.close();
    // Made while the client was away (on B); it comes back on B.
    expect((await call(b, 'POST', `/api/users/${ann.user.id}/follow`, { token: bob.accessToken })).status).toBe(200);
    const onB = await open(b, { ...bearer(ann), 'last-event-id': seen.id! });
    expect((await onB.event('ready')).data).toEqual({ resumed: true });
    await onB.event('notification.created');
  });

  it('signing out on A ends the session’s stream on B at once', async (ctx) => {
    if (!scratch) return ctx.skip();
    const ann = await signup(a);
    const onB = await open(b, bearer(ann));
    await onB.event('ready');
    expect((await call(a, 'POST', '/api/auth/logout', { token: ann.accessToken })).status).toBe(200);
    expect(await onB.ended).toBe('ended');
  });
});

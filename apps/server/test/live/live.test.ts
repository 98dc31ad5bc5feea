import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { LIVE_COOKIE, LIVE_HEARTBEAT_MS, ZLiveEventPage } from '@app/shared/live/schemas';
import { liveEvents } from '../../src/db/schema/live';
import { postgresStore } from '../../src/features/live/store';
import { createTestApp, type TestApp } from '../helpers/app';
import { openLiveStream } from '../helpers/live-stream';
import { createBot } from '../bots/helpers';
import { codeOf, signupWith } from '../referrals/helpers';

/**
 * The live stream (issue 18 §1, decision 021) on one instance, listening on a real port: who may
 * open it, what it carries (the caller's events, never another user's), resuming with
 * Last-Event-ID, the end of a signed-out session's stream, the heartbeat, and the JSON answer.
 */
describe('GET /api/events', () => {
  let t: TestApp;
  let url: string;
  const streams: { close(): void }[] = [];
  const open = async (headers: Record<string, string>, query = '') => {
    const stream = await openLiveStream(url, headers, query);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => t.close());

  const userIdOf = (s: Session) => s.user.id;

  it('refuses anonymous callers and a cookie that names no session (401), as a stream and as JSON', async () => {
    for (const accept of ['text/event-stream', 'application/json']) {
      expect((await fetch(`${url}/api/events`, { headers: { accept } })).status).toBe(401);
      const forged = await fetch(`${url}/api/events`, { headers: { accept, cookie: `${LIVE_COOKIE}=at_not-a-token` } });
      expect(forged.status).toBe(401);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('SESSION_EXPIRED');
    }
    const cookie = await fetch(`${url}/api/events/cookie`, { method: 'POST' });
    expect(cookie.status).toBe(401);
  });

  it('opens with the cookie of POST /api/events/cookie alone (httpOnly, SameSite=Strict, Path=/api/events): what EventSource does', async () => {
    const session = await t.signup();
    const res = await fetch(`${url}/api/events/cookie`, { method: 'POST', headers: t.bearer(session) });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${LIVE_COOKIE}=${session.accessToken}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/events(;|$)/);
    expect(new Date(((await res.json()) as { expiresAt: string }).expiresAt).toISOString()).toBe(session.expiresAt);

    const stream = await open({ cookie: `${LIVE_COOKIE}=${session.accessToken}` });
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    const ready = await stream.event('ready');
    expect(ready.data).toEqual({ resumed: false });
    expect(ready.id).toMatch(/^[0-9]+(-[0-9]+)?$/);
  });

  it('the cookie authorizes the stream only: other routes ignore it', async () => {
    const session = await t.signup();
    const res = await fetch(`${url}/api/tokens/balance`, { headers: { cookie: `${LIVE_COOKIE}=${session.accessToken}` } });
    expect(res.status).toBe(401);
  });

  it("carries the caller's own events and never another user's: a follower's notification, a balance, a bot", async () => {
    const ann = await t.signup();
    const bob = await t.signup();
    const annStream = await open(t.bearer(ann));
    const bobStream = await open(t.bearer(bob));
    await Promise.all([annStream.event('ready'), bobStream.event('ready')]);

    // Bob follows Ann: Ann's bell gets a row, and her stream says so.
    const follow = await t.app.inject({ method: 'POST', url: `/api/users/${userIdOf(ann)}/follow`, headers: t.bearer(bob) });
    expect(follow.statusCode).toBe(200);
    // (A first follower may also unlock an achievement, whose notice can come first.)
    const created = await annStream.next((f) => f.event === 'notification.created' && f.data?.type === 'newFollower');
    expect(created.data).toEqual({ notificationId: expect.any(String), type: 'newFollower' });

    // Ann claims the daily reward: her tokens moved.
    const claim = await t.app.inject({ method: 'POST', url: '/api/gamification/rewards/daily/claim', headers: t.bearer(ann) });
    expect(claim.statusCode).toBe(200);
    expect((await annStream.event('balance.changed')).data).toEqual({ currency: 'tokens' });

    // Ann's bot changes visibility.
    const bot = await createBot(t, ann, { visibility: 'unlisted' });
    await t.app.inject({ method: 'POST', url: `/api/bots/${bot.id}/unpublish`, headers: t.bearer(ann) });
    await annStream.next((f) => f.event === 'bot.visibility_changed' && f.data?.botId === bot.id && f.data.to === 'private');

    // Then an event of Bob's own: by the time it arrives, nothing of Ann's may have reached him.
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(bob), currency: 'gems' });
    await bobStream.next((f) => f.event === 'balance.changed' && f.data?.currency === 'gems');
    // Bob has bell rows of his own (the notices of his progress): none of Ann's reach him.
    const annIds = new Set(annStream.frames.map((f) => f.id).filter(Boolean));
    const annNotifications = new Set(annStream.frames.filter((f) => f.event === 'notification.created').map((f) => f.data?.notificationId));
    expect(annNotifications.size).toBeGreaterThan(0);
    for (const frame of bobStream.frames) {
      expect(frame.id === null || !annIds.has(frame.id)).toBe(true);
      if (frame.event === 'notification.created') expect(annNotifications.has(frame.data?.notificationId)).toBe(false);
      expect(frame.event).not.toBe('bot.visibility_changed');
    }
  });

  it('tells the referrer when someone signs up with their code', async () => {
    const referrer = await t.signup();
    const code = await codeOf(t, referrer);
    const stream = await open(t.bearer(referrer));
    await stream.event('ready');
    await signupWith(t, { ref: code });
    expect((await stream.event('referral.joined')).data).toEqual({ referralId: expect.any(String) });
  });

  it('resumes after Last-Event-ID with what was missed, in order; an unknown id starts afresh (resumed: false)', async () => {
    const ann = await t.signup();
    const first = await open(t.bearer(ann));
    await first.event('ready');
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'tokens' });
    const seen = await first.event('balance.changed');
    first.close();

    // Missed while away.
    await t.app.ctx.events.publish('notification.created', { userId: userIdOf(ann), notificationId: 'n1', type: 'newFollower' });
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'gems' });

    const again = await open({ ...t.bearer(ann), 'last-event-id': seen.id! });
    const ready = await again.event('ready');
    expect(ready.data).toEqual({ resumed: true });
    const gems = await again.next((f) => f.event === 'balance.changed');
    const events = again.frames.filter((f) => f.event !== 'ready' && f.event !== null);
    expect(events.map((f) => [f.event, f.data])).toEqual([
      ['notification.created', { notificationId: 'n1', type: 'newFollower' }],
      ['balance.changed', { currency: 'gems' }],
    ]);
    expect(gems.id).not.toBe(seen.id);

    // The query parameter does the same for a client that opens a new EventSource.
    const byQuery = await open(t.bearer(ann), `?lastEventId=${seen.id}`);
    expect((await byQuery.event('ready')).data).toEqual({ resumed: true });
    await byQuery.event('notification.created');

    // An id that is not (or no longer) stored, or not an id at all: a fresh start, never an error.
    for (const bad of ['999999999999', 'abc', '1-2-3', '-1', 'x'.repeat(5000), '👩‍👩‍👧']) {
      const unknown = await open({ ...t.bearer(ann), 'last-event-id': encodeURIComponent(bad) });
      expect((await unknown.event('ready')).data).toEqual({ resumed: false });
      unknown.close();
    }
  });

  it('keeps what a client needs to resume for at least 5 minutes; older events are forgotten (then resumed: false)', async () => {
    const ann = await t.signup();
    const stream = await open(t.bearer(ann));
    await stream.event('ready');
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'tokens' });
    const seen = await stream.event('balance.changed');
    stream.close();
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'gems' });

    const redis = t.app.ctx.redis;
    if (redis) {
      // The Redis store (REDIS_URL): the user's stream key lives 10 minutes past its last event,
      // and entries older than that are trimmed (MINID), so an id from 11 minutes ago is gone.
      const ttl = await redis.pttl(`${t.config.redisPrefix}live:${userIdOf(ann)}`);
      expect(ttl).toBeGreaterThan(5 * 60_000);
      const stale = await open({ ...t.bearer(ann), 'last-event-id': `${Date.now() - 11 * 60_000}-0` });
      expect((await stale.event('ready')).data).toEqual({ resumed: false });
    } else {
      // The table store: the periodic job's work (live-events-forget) after the rows have aged.
      const db = t.database.db;
      const age = async (minutes: number) =>
        db
          .update(liveEvents)
          .set({ createdAt: sql`now() - ${`${minutes} minutes`}::interval` })
          .where(sql`${liveEvents.userId} = ${userIdOf(ann)}`);
      await age(5);
      await postgresStore(db).forgetOld();
      const resumed = await open({ ...t.bearer(ann), 'last-event-id': seen.id! });
      expect((await resumed.event('ready')).data).toEqual({ resumed: true });
      expect((await resumed.event('balance.changed')).data).toEqual({ currency: 'gems' });
      resumed.close();

      await age(11);
      await postgresStore(db).forgetOld();
      const tooLate = await open({ ...t.bearer(ann), 'last-event-id': seen.id! });
      expect((await tooLate.event('ready')).data).toEqual({ resumed: false });
    }
  });

  it("ends a session's stream at once when it signs out, and only that session's", async () => {
    const ann = await t.signup();
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ann.user.email, password: 'Str0ng-Passphrase!' } })
    ).json() as Session;
    const here = await open(t.bearer(ann));
    const there = await open(t.bearer(other));
    await Promise.all([here.event('ready'), there.event('ready')]);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.bearer(ann) });
    expect(logout.statusCode).toBe(200);
    expect(await here.ended).toBe('ended');

    // The other session still streams.
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'tokens' });
    await there.event('balance.changed');

    // A revocation of every session of the user (session.revoked with no session id) ends it too.
    await t.app.ctx.events.publish('session.revoked', { userId: userIdOf(ann), sessionId: null });
    expect(await there.ended).toBe('ended');

    // And the signed-out token can't open another.
    expect((await fetch(`${url}/api/events`, { headers: { accept: 'text/event-stream', ...t.bearer(ann) } })).status).toBe(401);
  });

  it('sends a heartbeat comment every 25 s', async () => {
    const ann = await t.signup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = await open(t.bearer(ann));
    await stream.event('ready');
    expect(stream.frames.some((f) => f.comment === 'heartbeat')).toBe(false);
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS - 1);
    vi.advanceTimersByTime(1);
    await stream.next((f) => f.comment === 'heartbeat');
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
    await stream.next((f) => f.comment === 'heartbeat', 10_000, stream.frames.findIndex((f) => f.comment === 'heartbeat') + 1);
  });

  it('counts open streams in sse_streams_open, and ends them when the app closes', async () => {
    const other = await createTestApp();
    try {
      const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const ann = await other.signup();
      const stream = await openLiveStream(otherUrl, other.bearer(ann));
      await stream.event('ready');
      const metrics = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^sse_streams_open 1$/m);
      await other.app.close();
      expect(await stream.ended).toBe('ended');
    } finally {
      await other.database.close();
    }
    // An app of its own (migrating an embedded database takes a while on a busy machine).
  }, 120_000);

  it('answers JSON without Accept: text/event-stream: the events stored after lastEventId', async () => {
    const ann = await t.signup();
    const json = (query = '') =>
      t.app.inject({ method: 'GET', url: `/api/events${query}`, headers: t.bearer(ann) }).then((r) => ZLiveEventPage.parse(r.json()));
    // Without lastEventId: nothing, and where to start (after the signup's bonus, once it is stored).
    await t.app.ctx.events.settled();
    const start = await json();
    expect(start.lastEventId).not.toBeNull();
    expect(start).toMatchObject({ items: [], complete: true });
    await t.app.ctx.events.publish('balance.changed', { userId: userIdOf(ann), currency: 'tokens' });
    // (An event that raises no notice of its own: a level-up would add its bell row's event.)
    await t.app.ctx.events.publish('gamification.xp_gained', { userId: userIdOf(ann), gained: 20 });
    const head = await json();
    expect(head.items).toEqual([]);
    expect(head.lastEventId).not.toBe(start.lastEventId);
    // From where the first stood: the second.
    const page = await json(`?lastEventId=${start.lastEventId}`);
    expect(page.items.map((e) => [e.event, e.data])).toEqual([
      ['balance.changed', { currency: 'tokens' }],
      ['gamification.xp_gained', { gained: 20 }],
    ]);
    expect(page.lastEventId).toBe(head.lastEventId);
    expect(page.complete).toBe(true);
    expect((await json('?lastEventId=424242424242')).complete).toBe(false);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events?lastEventId=abc', headers: t.bearer(ann) });
    expect(bad.statusCode).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/db/schema/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, latestMailTo } from '../helpers/auth';
import { call } from './helpers';
import { browserKeys, startPushService, verifyVapid } from './push-service';

describe('test sends and Web Push subscriptions', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    // The stand-in push service listens on loopback: private targets are allowed here, and the
    // tests of refusals turn that off for themselves.
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });

  /** The API takes only https endpoints; the stand-in speaks http on loopback, so its subscriptions go straight in. */
  const subscribeToStandIn = async (userId: string, path: string) => {
    const keys = browserKeys();
    await t.database.db.insert(pushSubscriptions).values({ userId, endpoint: `${push.url}${path}`, p256dh: keys.p256dh, auth: keys.auth });
    return keys;
  };

  it('an email test lands in the outbox for the user address', async () => {
    const user = await t.signup();
    const res = await call(t, user, 'POST', '/api/user/notifications/test', { type: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    const mail = await latestMailTo(t, user.user.email);
    expect(mail?.subject).toBe('Test notification — CharaChat');
    expect(mail?.text).toContain('/settings/notifications');
  });

  it('a push test with no subscription asks to enable push in the browser first', async () => {
    const user = await t.signup();
    expectError(
      await call(t, user, 'POST', '/api/user/notifications/test', { type: 'push' }),
      409,
      'PUSH_NOT_SUBSCRIBED',
      'Enable push notifications in this browser first',
    );
  });

  it('a push test reaches every subscription, encrypted for the browser and signed with the VAPID key', async () => {
    const user = await t.signup();
    const { publicKey } = (await call(t, user, 'GET', '/api/user/push/public-key')).json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // The same key on every call (kept in the database, not made per request).
    expect((await call(t, await t.signup(), 'GET', '/api/user/push/public-key')).json()).toEqual({ publicKey });

    const phone = await subscribeToStandIn(user.user.id, '/push/phone');
    const laptop = await subscribeToStandIn(user.user.id, '/push/laptop');
    const before = push.received.length;
    const res = await call(t, user, 'POST', '/api/user/notifications/test', { type: 'push' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2 });

    const got = push.received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    for (const r of got) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      const claims = verifyVapid(String(r.headers.authorization), publicKey);
      expect(claims).toMatchObject({ aud: push.url });
      expect(String(claims?.sub)).toMatch(/^mailto:/);
      const keys = r.path === '/push/phone' ? phone : laptop;
      expect(keys.decrypt(r.body)).toEqual({
        title: 'Test notification',
        body: 'Notifications from CharaChat reach you here.',
        link: '/settings/notifications',
        tag: 'test',
      });
    }
  });

  it('a subscription that the push service says is gone (410, 404) is deleted', async () => {
    const user = await t.signup();
    await subscribeToStandIn(user.user.id, '/push/alive');
    await subscribeToStandIn(user.user.id, '/push/gone');
    push.statusFor.set('/push/gone', 410);
    expect((await call(t, user, 'POST', '/api/user/notifications/test', { type: 'push' })).json()).toEqual({ sent: 1 });
    const left = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${push.url}/push/alive`]);

    // Only a gone one left: the test says to enable push again.
    const lone = await t.signup();
    await subscribeToStandIn(lone.user.id, '/push/expired');
    push.statusFor.set('/push/expired', 404);
    expectError(await call(t, lone, 'POST', '/api/user/notifications/test', { type: 'push' }), 409, 'PUSH_NOT_SUBSCRIBED');

    // A push service that fails (500) keeps the subscription and reports the spec's failure text.
    const failing = await t.signup();
    await subscribeToStandIn(failing.user.id, '/push/broken');
    push.statusFor.set('/push/broken', 500);
    expectError(
      await call(t, failing, 'POST', '/api/user/notifications/test', { type: 'push' }),
      502,
      'PUSH_FAILED',
      'Failed to send test notification',
    );
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, failing.user.id))).toHaveLength(1);
  });

  /** A p256dh of the right length and form (0x04 and 64 bytes) that is no point of the P-256 curve. */
  const offCurve = () => {
    const point = Buffer.from(browserKeys().p256dh, 'base64url');
    point[64]! ^= 1;
    return point.toString('base64url');
  };

  it('refuses to save keys that no message could be encrypted for (400 on the key), storing nothing', async () => {
    const user = await t.signup();
    const good = browserKeys();
    const endpoint = 'https://push.example.com/send/abc';
    const cases: [object, string][] = [
      [{ p256dh: offCurve(), auth: good.auth }, 'keys.p256dh'],
      [{ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url'), auth: good.auth }, 'keys.p256dh'],
      // 65 bytes, but a compressed-point prefix
      [
        {
          p256dh: Buffer.concat([Buffer.from([2]), Buffer.from(good.p256dh, 'base64url').subarray(1)]).toString('base64url'),
          auth: good.auth,
        },
        'keys.p256dh',
      ],
      [{ p256dh: good.p256dh, auth: Buffer.alloc(15, 7).toString('base64url') }, 'keys.auth'],
    ];
    for (const [keys, field] of cases) {
      const error = expectError(
        await call(t, user, 'POST', '/api/user/push/subscriptions', { endpoint, keys }),
        400,
        'VALIDATION_ERROR',
        'The push subscription keys are not valid',
      );
      expect(error.field).toBe(field);
    }
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id))).toEqual([]);
    const ok = await call(t, user, 'POST', '/api/user/push/subscriptions', { endpoint, keys: { p256dh: good.p256dh, auth: good.auth } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('one stored subscription with a bad key neither fails the test nor stops the others, and is dropped', async () => {
    const user = await t.signup();
    const phone = await subscribeToStandIn(user.user.id, '/push/good-phone');
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: user.user.id, endpoint: `${push.url}/push/bad-key`, p256dh: offCurve(), auth: phone.auth });
    const before = push.received.length;
    const res = await call(t, user, 'POST', '/api/user/notifications/test', { type: 'push' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    expect(push.received.slice(before).map((r) => r.path)).toEqual(['/push/good-phone']);
    const left = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${push.url}/push/good-phone`]);

    // Alone, it answers as no subscription at all (enable push again), never a 500.
    const lone = await t.signup();
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: lone.user.id, endpoint: `${push.url}/push/bad-alone`, p256dh: offCurve(), auth: phone.auth });
    expectError(await call(t, lone, 'POST', '/api/user/notifications/test', { type: 'push' }), 409, 'PUSH_NOT_SUBSCRIBED');
  });

  it('subscriptions: saved by endpoint (upsert), moved to the account that subscribes last, deleted only by their owner', async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    const keys = browserKeys();
    const body = { endpoint: 'https://push.example.net/send/abc123', expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    const first = await call(t, a, 'POST', '/api/user/push/subscriptions', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ subscribed: true });
    expect((await call(t, a, 'POST', '/api/user/push/subscriptions', body)).statusCode).toBe(200);
    const rows = () => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(await rows()).toHaveLength(1);

    expectError(await call(t, b, 'DELETE', '/api/user/push/subscriptions', { endpoint: body.endpoint }), 404, 'NOT_FOUND');
    expect((await rows())[0]?.userId).toBe(a.user.id);

    // The same browser signed in as b: the subscription is b's now.
    expect((await call(t, b, 'POST', '/api/user/push/subscriptions', body)).statusCode).toBe(200);
    expect((await rows()).map((r) => r.userId)).toEqual([b.user.id]);
    expectError(await call(t, a, 'DELETE', '/api/user/push/subscriptions', { endpoint: body.endpoint }), 404, 'NOT_FOUND');
    const gone = await call(t, b, 'DELETE', '/api/user/push/subscriptions', { endpoint: body.endpoint });
    expect(gone.json()).toEqual({ subscribed: false });
    expect(await rows()).toHaveLength(0);
  });

  /** Runs `fn` with private targets refused, as in production. */
  const privateRefused = async (fn: () => Promise<void>) => {
    t.config.webhookAllowPrivate = false;
    try {
      await fn();
    } finally {
      t.config.webhookAllowPrivate = true;
    }
  };

  it('never sends to a stored endpoint that now points inside the network', async () => {
    const user = await t.signup();
    await subscribeToStandIn(user.user.id, '/push/inside');
    const before = push.received.length;
    await privateRefused(async () => {
      const res = await call(t, user, 'POST', '/api/user/notifications/test', { type: 'push' });
      expect(res.statusCode).toBe(502);
    });
    expect(push.received.length).toBe(before);
  });

  it('refuses malformed subscriptions, http and private endpoints', () =>
    privateRefused(async () => {
      const user = await t.signup();
      const keys = browserKeys();
      const good = { endpoint: 'https://push.example.net/send/x', keys: { p256dh: keys.p256dh, auth: keys.auth } };
      const bad = [
        { ...good, endpoint: 'http://push.example.net/send/x' },
        { ...good, endpoint: 'not a url' },
        { ...good, endpoint: 'https://127.0.0.1/send' },
        { ...good, endpoint: 'https://localhost:8443/send' },
        { ...good, endpoint: 'https://[::1]/send' },
        { ...good, endpoint: 'https://192.168.1.10/send' },
        { ...good, keys: { p256dh: 'short', auth: keys.auth } },
        { ...good, keys: { p256dh: keys.p256dh, auth: 'has spaces in it!!!!!!' } },
        { ...good, keys: { p256dh: keys.p256dh } },
        { endpoint: good.endpoint },
        {},
      ];
      for (const body of bad) {
        expectError(await call(t, user, 'POST', '/api/user/push/subscriptions', body), 400, 'VALIDATION_ERROR');
      }
      expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id))).toHaveLength(0);
      expectError(await call(t, user, 'DELETE', '/api/user/push/subscriptions', {}), 400, 'VALIDATION_ERROR');
      expectError(await call(t, null, 'POST', '/api/user/push/subscriptions', good), 401, 'UNAUTHORIZED');
      expectError(await call(t, null, 'GET', '/api/user/push/public-key'), 401, 'UNAUTHORIZED');
    }));

  it('a new follower reaches a subscribed browser when push is on', async () => {
    const [followee, follower] = [await t.signup(), await t.signup({ displayName: 'Pushy Pal' })];
    const keys = await subscribeToStandIn(followee.user.id, '/push/followee');
    await call(t, followee, 'PATCH', '/api/user/settings/notifications', { push: { enabled: true }, email: { enabled: false } });
    const before = push.received.length;
    await call(t, follower, 'POST', `/api/users/${followee.user.id}/follow`);
    await t.app.ctx.jobs.runDue();
    const got = push.received.slice(before).filter((r) => r.path === '/push/followee');
    // The first follower also unlocks an achievement, whose notice pushes too (the Achievements push switch is on by default).
    const follows = got.map((r) => keys.decrypt(r.body) as { title: string }).filter((m) => m.title.includes('following you'));
    expect(follows).toEqual([
      {
        title: 'Pushy Pal started following you',
        body: `@${follower.user.username} now follows you.`,
        link: `/profile/${follower.user.username}`,
        tag: `newFollower:${follower.user.id}`,
      },
    ]);
  });

  it('a notice of progress reaches the push service as the Web Push standards want it', async () => {
    const user = await t.signup();
    const { publicKey } = (await call(t, user, 'GET', '/api/user/push/public-key')).json() as { publicKey: string };
    const keys = await subscribeToStandIn(user.user.id, '/push/level');
    await call(t, user, 'PATCH', '/api/user/settings/notifications', { push: { enabled: true, achievements: true } });
    const before = push.received.length;
    await t.app.ctx.events.publish('gamification.level_up', { userId: user.user.id, level: 12, prestigeLevel: 0 });
    await t.app.ctx.events.settled();
    await t.app.ctx.jobs.runDue();
    const got = push.received.slice(before).filter((r) => r.path === '/push/level');
    expect(got).toHaveLength(1);
    const [message] = got;
    // RFC 8291 encryption, RFC 8030 TTL, RFC 8292 VAPID signed by the server's key for the push service's origin.
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(message!.headers.ttl)).toBe(24 * 60 * 60);
    const claims = verifyVapid(String(message!.headers.authorization), publicKey);
    expect(claims).toMatchObject({ aud: push.url });
    expect(Number(claims?.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(keys.decrypt(message!.body)).toEqual({
      title: 'Level up!',
      body: 'You reached level 12.',
      link: '/gamification',
      tag: 'level_up:0:12',
    });
    // A push service that says the subscription is gone: it is forgotten, and the job does not fail.
    push.statusFor.set('/push/level', 410);
    await t.app.ctx.events.publish('gamification.level_up', { userId: user.user.id, level: 13, prestigeLevel: 0 });
    await t.app.ctx.events.settled();
    await t.app.ctx.jobs.runDue();
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id))).toHaveLength(0);
  });

  it('limits test sends per user', async () => {
    const user = await t.signup();
    const results = [];
    for (let i = 0; i < 11; i += 1)
      results.push((await call(t, user, 'POST', '/api/user/notifications/test', { type: 'inApp' })).statusCode);
    expect(results.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(results[10]).toBe(429);
  });
});

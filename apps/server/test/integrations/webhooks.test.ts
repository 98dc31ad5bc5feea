import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Integrations, WebhookDelivery } from '@app/shared/integrations/schemas';
import { jobs } from '../../src/db/schema/jobs';
import { webhookDeliveries, webhooks } from '../../src/db/schema/integrations';
import { seal } from '../../src/lib/sealed';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { validBot } from '../bots/helpers';
import { callAs, createHook, startReceiver, type Received } from './helpers';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Checks a delivery as a receiver would: the HMAC of `${timestamp}.${body}` under the secret. */
function verify(secret: string, req: Received) {
  const timestamp = String(req.headers['x-webhook-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${req.body}`).digest('hex')}`;
  return req.headers['x-webhook-signature'] === expected;
}

/** Makes the due jobs (and those waiting for a retry) run now. */
async function runAllJobs(t: TestApp) {
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.status, 'queued'));
  await t.app.ctx.jobs.runDue();
}

describe('webhooks (private targets allowed, as in local development)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.config.webhookAllowPrivate = true;
    await receiver?.close();
  });

  it('creates a webhook with its secret shown once, lists it, edits it and deletes it', async () => {
    receiver = await startReceiver();
    const res = await callAs(t, alice, 'POST', '/api/user/webhooks', { url: receiver.url, events: ['chat.started', 'bot.published'] });
    expect(res.statusCode).toBe(201);
    const hook = res.json();
    expect(hook).toMatchObject({ url: receiver.url, events: ['bot.published', 'chat.started'], active: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.secretSealed).not.toContain(hook.secret);

    const list = (await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations;
    expect(list.webhooks).toEqual([
      {
        id: hook.id,
        url: receiver.url,
        events: ['bot.published', 'chat.started'],
        active: true,
        createdAt: hook.createdAt,
        lastDelivery: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(hook.secret);

    const patched = await callAs(t, alice, 'PATCH', `/api/user/webhooks/${hook.id}`, { events: ['bot.deleted'], active: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: hook.id, events: ['bot.deleted'], active: false, url: receiver.url });

    // Another user's webhook is not found, and nothing of it changes.
    expectError(await callAs(t, bob, 'PATCH', `/api/user/webhooks/${hook.id}`, { active: true }), 404, 'NOT_FOUND');
    expectError(await callAs(t, bob, 'POST', `/api/user/webhooks/${hook.id}/test`), 404, 'NOT_FOUND');
    expectError(await callAs(t, bob, 'GET', `/api/user/webhooks/${hook.id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await callAs(t, bob, 'DELETE', `/api/user/webhooks/${hook.id}`), 404, 'NOT_FOUND');
    expect(receiver.received).toHaveLength(0);

    expect((await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`)).statusCode).toBe(204);
    expectError(await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`), 404, 'NOT_FOUND');
    expect(((await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations).webhooks).toEqual([]);
  });

  it.each([
    [{ url: 'not a url', events: ['bot.published'] }, 'url', 'Enter a valid URL'],
    [{ url: 'ftp://example.com/x', events: ['bot.published'] }, 'url', 'Enter a valid URL'],
    [{ url: `https://example.com/${'x'.repeat(2100)}`, events: ['bot.published'] }, 'url', undefined],
    [
      { url: 'https://user:pw@example.com/x', events: ['bot.published'] },
      'url',
      'The webhook URL must not contain a user name or password',
    ],
    [{ url: 'https://example.com/x', events: [] }, 'events', 'Select at least one event'],
    [{ url: 'https://example.com/x', events: ['user.deleted'] }, 'events', undefined],
    [{ url: 'https://example.com/x' }, 'events', undefined],
    [{ events: ['bot.published'] }, 'url', undefined],
  ])('refuses bad input %j', async (payload, field, message) => {
    const res = await callAs(t, alice, 'POST', '/api/user/webhooks', payload);
    const error = expectError(res, 400, 'VALIDATION_ERROR', message);
    expect(error.field?.split('.')[0]).toBe(field);
    expect(await t.database.db.select().from(webhooks).where(eq(webhooks.userId, alice.user.id))).toEqual([]);
  });

  it('refuses an empty or bad PATCH', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.published']);
    expectError(await callAs(t, alice, 'PATCH', `/api/user/webhooks/${hook.id}`, {}), 400, 'VALIDATION_ERROR');
    expectError(await callAs(t, alice, 'PATCH', `/api/user/webhooks/${hook.id}`, { events: [] }), 400, 'VALIDATION_ERROR');
    expectError(await callAs(t, alice, 'PATCH', `/api/user/webhooks/${hook.id}`, { active: 'yes' }), 400, 'VALIDATION_ERROR');
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('sends a signed test delivery at once and logs it', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.published']);
    const res = await callAs(t, alice, 'POST', `/api/user/webhooks/${hook.id}/test`);
    expect(res.statusCode).toBe(200);
    const delivery = res.json() as WebhookDelivery;
    expect(delivery).toMatchObject({ event: 'ping', status: 'succeeded', responseStatus: 200, attempts: 1, error: null });
    expect(delivery.responseTimeMs).toBeGreaterThanOrEqual(0);

    expect(receiver.received).toHaveLength(1);
    const req = receiver.received[0]!;
    expect(verify(hook.secret, req)).toBe(true);
    expect(verify('whsec_wrong', req)).toBe(false);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-webhook-event']).toBe('ping');
    expect(req.headers['x-webhook-id']).toBe(delivery.id);
    expect(Math.abs(Number(req.headers['x-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ id: delivery.id, event: 'ping', createdAt: delivery.createdAt });

    receiver.respondWith(503);
    const failed = (await callAs(t, alice, 'POST', `/api/user/webhooks/${hook.id}/test`)).json() as WebhookDelivery;
    expect(failed).toMatchObject({ status: 'failed', responseStatus: 503, error: 'HTTP 503', attempts: 1 });

    const log = await callAs(t, alice, 'GET', `/api/user/webhooks/${hook.id}/deliveries`);
    expect(log.json().items.map((d: WebhookDelivery) => d.status)).toEqual(['failed', 'succeeded']);
    const listed = ((await callAs(t, alice, 'GET', '/api/user/integrations')).json() as Integrations).webhooks[0]!;
    expect(listed.lastDelivery).toMatchObject({ id: failed.id, status: 'failed' });
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('delivers events through the job queue, retrying after a failure', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.published', 'bot.unpublished', 'bot.deleted', 'chat.started']);
    const bot = (await callAs(t, alice, 'POST', '/api/bots', validBot({ name: 'Hooked', avatarUrl: '/avatars/kai.svg' }))).json();

    receiver.respondWith(500);
    expect((await callAs(t, alice, 'POST', `/api/bots/${bot.id}/publish`)).statusCode).toBe(200);
    // Nothing is sent inside the request: the queue does it.
    expect(receiver.received).toHaveLength(0);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    let [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ event: 'bot.published', status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver')).orderBy(jobs.createdAt);
    expect(job!.status).toBe('queued');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000);

    await runAllJobs(t);
    expect(receiver.received).toHaveLength(2);
    [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, error: null });
    const first = receiver.received[0]!;
    const second = receiver.received[1]!;
    expect(verify(hook.secret, second)).toBe(true);
    expect(JSON.parse(second.body)).toEqual(JSON.parse(first.body));
    expect(JSON.parse(second.body)).toMatchObject({
      id: row!.id,
      event: 'bot.published',
      data: { bot: { id: bot.id, name: 'Hooked', visibility: 'public' } },
    });

    // Unpublish, a chat by someone else, then delete: each event once, to the owner.
    await callAs(t, alice, 'POST', `/api/bots/${bot.id}/unpublish`);
    await callAs(t, alice, 'POST', `/api/bots/${bot.id}/unpublish`); // already private: no second event
    await callAs(t, alice, 'PATCH', `/api/bots/${bot.id}`, { visibility: 'public' });
    const chat = await callAs(t, bob, 'POST', '/api/chats', { botId: bot.id });
    expect(chat.statusCode).toBe(201);
    await callAs(t, alice, 'DELETE', `/api/bots/${bot.id}`);
    await runAllJobs(t);
    const events = receiver.received.slice(2).map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
    expect(events.map((e) => e.event).sort()).toEqual(['bot.deleted', 'bot.published', 'bot.unpublished', 'chat.started']);
    const started = events.find((e) => e.event === 'chat.started')!;
    expect(started.data).toEqual({ chatId: chat.json().id, botId: bot.id });
    expect(JSON.stringify(started)).not.toContain(bob.user.id);
    expect(JSON.stringify(started)).not.toContain(bob.user.email);
    expect(receiver.received.every((r) => verify(hook.secret, r))).toBe(true);
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('sends only the subscribed events of active webhooks, and a bulk action once per bot', async () => {
    receiver = await startReceiver();
    const onlyDeleted = await createHook(t, alice, receiver.url, ['bot.deleted']);
    const inactive = await createHook(t, alice, receiver.url, ['bot.published']);
    await callAs(t, alice, 'PATCH', `/api/user/webhooks/${inactive.id}`, { active: false });
    const a = (await callAs(t, alice, 'POST', '/api/bots', validBot({ name: 'A', avatarUrl: '/avatars/kai.svg' }))).json();
    const b = (await callAs(t, alice, 'POST', '/api/bots', validBot({ name: 'B', avatarUrl: '/avatars/kai.svg' }))).json();
    await callAs(t, alice, 'POST', '/api/bots/bulk-publish', { botIds: [a.id, b.id] });
    await callAs(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [a.id, b.id] });
    await runAllJobs(t);
    const events = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: { bot: { id: string } } });
    expect(events.map((e) => e.event)).toEqual(['bot.deleted', 'bot.deleted']);
    expect(events.map((e) => e.data.bot.id).sort()).toEqual([a.id, b.id].sort());
    expect(receiver.received.every((r) => verify(onlyDeleted.secret, r))).toBe(true);
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${onlyDeleted.id}`);
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${inactive.id}`);
  });

  it('gives up after the last attempt and marks the delivery failed', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.deleted']);
    receiver.respondWith(500, 500, 500, 500, 500, 500, 500);
    const bot = (await callAs(t, alice, 'POST', '/api/bots', validBot())).json();
    await callAs(t, alice, 'DELETE', `/api/bots/${bot.id}`);
    for (let i = 0; i < 8; i++) await runAllJobs(t);
    expect(receiver.received).toHaveLength(6);
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 6, responseStatus: 500 });
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('refuses a private address at delivery time once the configuration stops allowing it', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.deleted']);
    // A name that resolves to loopback, stored as if it had passed the check earlier (DNS rebinding).
    const [rebound] = await t.database.db
      .insert(webhooks)
      .values({
        userId: alice.user.id,
        url: `https://localhost:${receiver.port}/hook`,
        events: ['bot.deleted'],
        secretSealed: seal(t.app.ctx.sealKey, 'whsec_x'),
      })
      .returning();
    t.config.webhookAllowPrivate = false;
    const bot = (await callAs(t, alice, 'POST', '/api/bots', validBot())).json();
    await callAs(t, alice, 'DELETE', `/api/bots/${bot.id}`);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(0);
    const errorOf = async (webhookId: string) => {
      const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      return row!.error;
    };
    expect(await errorOf(hook.id)).toBe('The webhook URL must use https');
    expect(await errorOf(rebound!.id)).toBe('The webhook URL points to a private, loopback or link-local address');
    const test = (await callAs(t, alice, 'POST', `/api/user/webhooks/${hook.id}/test`)).json() as WebhookDelivery;
    expect(test.status).toBe('failed');
    expect(receiver.received).toHaveLength(0);
  });

  it('does not fail the original request when queueing deliveries fails, inside a transaction or not', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.deleted', 'bot.published']);
    const queue = t.app.ctx.jobs;
    const enqueue = queue.enqueue.bind(queue);
    queue.enqueue = () => Promise.reject(new Error('queue down'));
    try {
      const one = (await callAs(t, alice, 'POST', '/api/bots', validBot())).json();
      expect((await callAs(t, alice, 'DELETE', `/api/bots/${one.id}`)).statusCode).toBe(204);
      const a = (await callAs(t, alice, 'POST', '/api/bots', validBot({ name: 'A' }))).json();
      const b = (await callAs(t, alice, 'POST', '/api/bots', validBot({ name: 'B' }))).json();
      // The bulk action emits inside its transaction: the failed savepoint must not undo the deletion.
      const bulk = await callAs(t, alice, 'POST', '/api/bots/bulk-delete', { botIds: [a.id, b.id] });
      expect(bulk.statusCode).toBe(200);
      expect((await callAs(t, alice, 'GET', `/api/bots/${a.id}`)).statusCode).toBe(404);
    } finally {
      queue.enqueue = enqueue;
    }
    // No half-made delivery rows were left behind.
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).toEqual([]);
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('retries a delivery whose secret cannot be read, without sending it unsigned', async () => {
    receiver = await startReceiver();
    const hook = await createHook(t, alice, receiver.url, ['bot.deleted']);
    // A secret that cannot be unsealed breaks only the delivery, never the bot deletion.
    await t.database.db
      .update(webhooks)
      .set({ secretSealed: seal(Buffer.alloc(32, 7), 'other-key') })
      .where(eq(webhooks.id, hook.id));
    const bot = (await callAs(t, alice, 'POST', '/api/bots', validBot())).json();
    expect((await callAs(t, alice, 'DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(204);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(0);
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, error: 'The signing secret could not be read' });
    await callAs(t, alice, 'DELETE', `/api/user/webhooks/${hook.id}`);
  });

  it('keeps at most 10 webhooks per user', async () => {
    receiver = await startReceiver();
    const dave = await t.signup();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => callAs(t, dave, 'POST', '/api/user/webhooks', { url: receiver.url, events: ['bot.deleted'] })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, 'LIMIT_REACHED', 'You can have at most 10 webhooks');
  });
});

describe('webhooks (default configuration: no private targets)', () => {
  let t: TestApp;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
  });
  afterAll(() => t.close());

  it.each([
    'http://example.com/hook',
    'https://127.0.0.1/hook',
    'https://127.1.2.3:8443/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://100.64.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/hook',
    'https://224.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
  ])('refuses %s at creation and on update', async (url) => {
    const res = await callAs(t, alice, 'POST', '/api/user/webhooks', { url, events: ['bot.published'] });
    const error = expectError(res, 400, 'VALIDATION_ERROR');
    expect(error.field).toBe('url');
    expect(error.message).toMatch(/must use https|private, loopback or link-local/);
    expect(await t.database.db.select().from(webhooks).where(eq(webhooks.userId, alice.user.id))).toEqual([]);
  });

  it.each(['https://93.184.216.34/hook', 'https://[2606:2800:220:1:248:1893:25c8:1946]/hook', 'https://[::ffff:93.184.216.34]/hook'])(
    'accepts the public address %s',
    async (url) => {
      const res = await callAs(t, alice, 'POST', '/api/user/webhooks', { url, events: ['bot.published'] });
      expect(res.statusCode).toBe(201);
      expect(await callAs(t, alice, 'DELETE', `/api/user/webhooks/${res.json().id}`)).toHaveProperty('statusCode', 204);
    },
  );

  it('refuses a private address on update, keeping the old one', async () => {
    const [row] = await t.database.db
      .insert(webhooks)
      .values({
        userId: alice.user.id,
        url: 'https://hooks.example.com/x',
        events: ['bot.published'],
        secretSealed: seal(t.app.ctx.sealKey, 'whsec_x'),
      })
      .returning();
    const res = await callAs(t, alice, 'PATCH', `/api/user/webhooks/${row!.id}`, { url: 'https://192.168.0.10/x' });
    expectError(res, 400, 'VALIDATION_ERROR', 'The webhook URL points to a private, loopback or link-local address');
    const [after] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, row!.id));
    expect(after!.url).toBe('https://hooks.example.com/x');
  });
});

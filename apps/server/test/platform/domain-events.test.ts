import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { DomainEvent } from '@app/shared/events/domain-events';
import type { DatabaseHandle } from '../../src/db/client';
import { bots } from '../../src/db/schema/bots';
import { webhookDeliveries } from '../../src/db/schema/integrations';
import { notifications } from '../../src/db/schema/settings';
import { appSecrets, userFollows } from '../../src/db/schema/users';
import { DomainEvents, type RecordEvent } from '../../src/events/bus';
import { runMigrations } from '../../src/db/migrate';
import { createTestApp, type TestApp } from '../helpers/app';
import { openTestDatabase } from '../helpers/database';
import { createBot } from '../bots/helpers';
import { callAs, createHook } from '../integrations/helpers';

const followed = { followerId: 'u1', followeeId: 'u2' };

describe('the domain event bus', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
  });
  afterAll(() => database.close());

  it('delivers an event with its id, name, payload and time to the subscribers of that name only', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    const seen: DomainEvent[] = [];
    const other = vi.fn();
    bus.subscribe('user.followed', 'test', (e) => void seen.push(e));
    bus.subscribe('bot.deleted', 'test', other);
    await bus.publish('user.followed', followed);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'user.followed', payload: followed });
    expect(seen[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(seen[0]!.at)).toBeGreaterThan(Date.now() - 5000);
    expect(other).not.toHaveBeenCalled();
  });

  it('logs a subscriber that throws or rejects, still runs the others, and never rejects the publisher', async () => {
    const log = { error: vi.fn() };
    const bus = new DomainEvents(log);
    const ran: string[] = [];
    bus.subscribe('user.followed', 'throws', () => {
      throw new Error('sync failure');
    });
    bus.subscribe('user.followed', 'rejects', () => Promise.reject(new Error('async failure')));
    bus.subscribe('user.followed', 'works', () => void ran.push('works'));
    await expect(bus.publish('user.followed', followed)).resolves.toBeUndefined();
    expect(ran).toEqual(['works']);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls.map(([obj]) => (obj as { subscriber: string }).subscriber).sort()).toEqual(['rejects', 'throws']);
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    const handler = vi.fn();
    const unsubscribe = bus.subscribe('user.followed', 'test', handler);
    await bus.publish('user.followed', followed);
    unsubscribe();
    await bus.publish('user.followed', followed);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('publishes what a transaction recorded only once it has committed, and nothing when it rolls back', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    const { db } = database;
    const committedAtDelivery: boolean[] = [];
    bus.subscribe('user.followed', 'test', async ({ payload }) => {
      // Read outside the transaction (another connection on PostgreSQL): the row must be committed.
      const rows = await db.select().from(appSecrets).where(eq(appSecrets.key, payload.followerId));
      committedAtDelivery.push(rows.length === 1);
    });
    await bus.inTransaction(db, async (tx, record) => {
      await tx.insert(appSecrets).values({ key: 'event-test-1', value: 'x' });
      record('user.followed', { followerId: 'event-test-1', followeeId: 'u2' });
      await new Promise((r) => setTimeout(r, 10));
      // Recorded, not delivered: the transaction has not committed yet.
      expect(committedAtDelivery).toEqual([]);
    });
    expect(committedAtDelivery).toEqual([true]);

    await expect(
      bus.inTransaction(db, async (tx, record) => {
        await tx.insert(appSecrets).values({ key: 'event-test-2', value: 'x' });
        record('user.followed', { followerId: 'event-test-2', followeeId: 'u2' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(committedAtDelivery).toEqual([true]);
  });

  it('refuses to run inside another transaction (its commit would only release a savepoint)', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    const work = vi.fn();
    await expect(database.db.transaction((tx) => bus.inTransaction(tx, work))).rejects.toThrow(/needs the database/);
    expect(work).not.toHaveBeenCalled();
  });

  it('refuses an event recorded after its transaction ended (it would be lost)', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    let late: RecordEvent | undefined;
    await bus.inTransaction(database.db, async (_tx, record) => {
      late = record;
    });
    expect(() => late!('user.followed', followed)).toThrow(/after its transaction ended/);
  });

  it('publishes what was recorded before a failure to record more, logs it, and never rejects', async () => {
    const log = { error: vi.fn() };
    const bus = new DomainEvents(log);
    const seen = vi.fn();
    bus.subscribe('user.followed', 'test', seen);
    await expect(
      bus.publishRecorded((record) => {
        record('user.followed', followed);
        throw new Error('could not describe the rest');
      }),
    ).resolves.toBeUndefined();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'events not recorded');
  });

  it('stops waiting for a stuck subscriber after the timeout of settled(), and says so', async () => {
    const log = { error: vi.fn() };
    const bus = new DomainEvents(log);
    bus.subscribe('user.followed', 'stuck', () => new Promise(() => {}));
    void bus.publish('user.followed', followed);
    await bus.settled(50);
    expect(log.error).toHaveBeenCalledWith({ pending: 1 }, 'event subscribers still running');
  });

  it('publishes recorded facts in their order', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    const order: string[] = [];
    bus.subscribe('bot.visibility_changed', 'test', () => void order.push('visibility_changed'));
    bus.subscribe('bot.published', 'test', () => void order.push('published'));
    await bus.publishRecorded((record) => {
      record('bot.visibility_changed', { botId: 'b', ownerId: 'o', name: 'B', from: 'private', to: 'public' });
      record('bot.published', { botId: 'b', ownerId: 'o' });
    });
    expect(order).toEqual(['visibility_changed', 'published']);
  });

  it('lets a caller on a hot path leave delivery running, and settled() waits for it', async () => {
    const bus = new DomainEvents({ error: vi.fn() });
    let done = false;
    bus.subscribe('user.followed', 'slow', async () => {
      await new Promise((r) => setTimeout(r, 30));
      done = true;
    });
    void bus.publish('user.followed', followed);
    expect(done).toBe(false);
    await bus.settled();
    expect(done).toBe(true);
  });
});

describe('a subscriber that throws, in the running app', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    [alice, bob] = [await t.signup(), await t.signup()];
    for (const name of ['bot.deleted', 'bot.visibility_changed', 'user.followed'] as const)
      t.app.ctx.events.subscribe(name, 'broken', () => {
        throw new Error(`broken subscriber of ${name}`);
      });
  });
  afterAll(() => t.close());

  it('leaves the publisher answer, its data and the other subscribers intact (webhooks)', async () => {
    const errors = vi.spyOn(t.app.log, 'error');
    const hook = await createHook(t, alice, 'http://127.0.0.1:9/hook', ['bot.deleted']);
    const bot = await createBot(t, alice);
    const res = await callAs(t, alice, 'DELETE', `/api/bots/${bot.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(bots).where(eq(bots.id, bot.id))).toEqual([]);
    // The webhooks' subscriber still ran: the delivery is queued.
    const deliveries = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(deliveries.map((d) => d.event)).toEqual(['bot.deleted']);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ event: 'bot.deleted', subscriber: 'broken' }), 'event subscriber failed');
    errors.mockRestore();
  });

  it('leaves the publisher answer, its data and the other subscribers intact (notifications)', async () => {
    const res = await callAs(t, bob, 'POST', `/api/users/${alice.user.id}/follow`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ following: true, followers: 1 });
    expect(await t.database.db.select().from(userFollows).where(eq(userFollows.followeeId, alice.user.id))).toHaveLength(1);
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, alice.user.id));
    // The first follower also unlocks an achievement, whose notice sits beside it.
    expect(inbox.filter((n) => n.type === 'newFollower')).toHaveLength(1);
  });
});

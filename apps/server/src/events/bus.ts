import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventName, DomainEventPayload } from '@app/shared/events/domain-events';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { EventTransport } from './transports';

export type { DomainEvent, DomainEventName, DomainEventPayload };

/** A subscriber's reaction to one event. It may see an event twice one day (carried across instances): it must be idempotent. */
export type EventHandler<N extends DomainEventName> = (event: DomainEvent<N>) => Promise<unknown> | unknown;

/** Records an event inside a transaction, to be published once the transaction commits. */
export type RecordEvent = <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) => void;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface Subscription {
  subscriber: string;
  handle: EventHandler<DomainEventName>;
}

/** Collects events until closed; recording after that is a bug (the events would be lost), so it throws. */
class Recorder {
  private events: DomainEvent[] | null = [];
  readonly record: RecordEvent = (name, payload) => {
    if (!this.events) throw new Error(`event ${name} recorded after its transaction ended`);
    this.events.push(newEvent(name, payload));
  };
  /** The recorded events, in order; recording ends here. */
  close(): DomainEvent[] {
    const events = this.events ?? [];
    this.events = null;
    return events;
  }
}

function newEvent<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): DomainEvent {
  return { id: randomUUID(), name, payload, at: new Date().toISOString() } as DomainEvent;
}

interface Logger {
  error(obj: object, msg: string): void;
}

type Reach = 'here' | 'everywhere';

/**
 * The domain events of one server instance (decision 011). Areas publish facts after they commit;
 * other areas subscribe, so that the publisher imports none of them. Each subscriber runs once per
 * event, here, on the instance that published it; one that throws is logged and never reaches the
 * publisher, nor the other subscribers. Events are plain JSON with an id, so that a transport
 * (events/transports.ts: Redis pub/sub or PostgreSQL NOTIFY) carries them to the other
 * instances' `subscribeEverywhere` listeners.
 *
 * @example
 * app.ctx.events.subscribe('user.followed', 'notifications', ({ payload }) => notifyUser(ctx, payload.followeeId, ...));
 * await app.ctx.events.publish('user.followed', { followerId, followeeId });
 */
export class DomainEvents {
  private readonly subscriptions: Record<Reach, Map<DomainEventName, Subscription[]>> = { here: new Map(), everywhere: new Map() };
  private readonly inFlight = new Set<Promise<void>>();
  private transport: EventTransport | null = null;

  constructor(private readonly log: Logger) {}

  /**
   * Calls `handle` for every later event of that name, on the instance that published it (work
   * that must happen once: a webhook, a notification, an award); answers a function that
   * unsubscribes it.
   */
  subscribe<N extends DomainEventName>(name: N, subscriber: string, handle: EventHandler<N>): () => void {
    return this.add('here', name, subscriber, handle);
  }

  /**
   * Calls `handle` for every later event of that name on every instance, wherever it was
   * published (once a transport is connected): for what each instance holds itself, such as a
   * cache to drop or a live stream to feed.
   */
  subscribeEverywhere<N extends DomainEventName>(name: N, subscriber: string, handle: EventHandler<N>): () => void {
    return this.add('everywhere', name, subscriber, handle);
  }

  /** Carries the events that `subscribeEverywhere` listens to between instances, from now on. */
  async connect(transport: EventTransport): Promise<void> {
    this.transport = transport;
    await transport.start((event) => void this.track(this.runAll(this.subscriptions.everywhere.get(event.name) ?? [], event)));
  }

  private add<N extends DomainEventName>(reach: Reach, name: N, subscriber: string, handle: EventHandler<N>): () => void {
    const map = this.subscriptions[reach];
    const entry: Subscription = { subscriber, handle: handle as EventHandler<DomainEventName> };
    map.set(name, [...(map.get(name) ?? []), entry]);
    return () =>
      map.set(
        name,
        (map.get(name) ?? []).filter((s) => s !== entry),
      );
  }

  /**
   * Publishes a fact that is already committed. Answers once every subscriber has settled, so that
   * a route which awaits it answers after the reactions (a queued webhook, a notification) exist;
   * it never rejects. A caller on a hot path may leave it running (`void`): it is tracked either way.
   */
  publish<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): Promise<void> {
    return this.deliver(newEvent(name, payload));
  }

  /** Publishes, in their order, the events that `collect` records (facts already committed). */
  async publishRecorded(collect: (record: RecordEvent) => void): Promise<void> {
    const recorder = new Recorder();
    try {
      collect(recorder.record);
    } catch (err) {
      // The facts are committed: a failure to describe them must not fail the request either.
      this.log.error({ err }, 'events not recorded');
    }
    for (const event of recorder.close()) await this.deliver(event);
  }

  /**
   * Runs `work` in a transaction of `db` and publishes the events it recorded once the transaction
   * has committed, in their order; a transaction that rolls back publishes nothing. `db` must be the
   * database itself: inside another transaction, "committed" would only be a savepoint released.
   */
  async inTransaction<T>(db: Database, work: (tx: Transaction, record: RecordEvent) => Promise<T>): Promise<T> {
    if (db instanceof PgTransaction) throw new Error('inTransaction needs the database, not a transaction: events publish at commit');
    const recorder = new Recorder();
    let result: T;
    try {
      result = await db.transaction((tx) => work(tx, recorder.record));
    } catch (err) {
      recorder.close(); // rolled back: nothing happened, nothing is published
      throw err;
    }
    for (const event of recorder.close()) await this.deliver(event);
    return result;
  }

  /**
   * Resolves when every delivery started so far has settled, or after `timeoutMs` (a graceful
   * shutdown must not hang on a stuck subscriber; it logs how many were left). Tests use it too.
   */
  async settled(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.all([...this.inFlight]).then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(left, 0)))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        this.log.error({ pending: this.inFlight.size }, 'event subscribers still running');
        return;
      }
    }
  }

  private deliver(event: DomainEvent): Promise<void> {
    const everywhere = this.subscriptions.everywhere.get(event.name) ?? [];
    const subscribers = [...(this.subscriptions.here.get(event.name) ?? []), ...everywhere];
    // Every instance runs the same code, so an event nobody here listens to everywhere has no listener elsewhere either.
    const sent = everywhere.length > 0 && this.transport ? this.transport.send(event) : null;
    if (subscribers.length === 0) return Promise.resolve();
    return this.track(Promise.all([this.runAll(subscribers, event), sent]).then(() => undefined));
  }

  private runAll(subscribers: Subscription[], event: DomainEvent): Promise<void> {
    return Promise.all(subscribers.map((s) => this.run(s, event))).then(() => undefined);
  }

  private track(delivery: Promise<void>): Promise<void> {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  private async run(subscription: Subscription, event: DomainEvent): Promise<void> {
    try {
      await subscription.handle(event);
    } catch (err) {
      this.log.error({ err, event: event.name, eventId: event.id, subscriber: subscription.subscriber }, 'event subscriber failed');
    }
  }
}

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DOMAIN_EVENT_NAMES, type DomainEvent } from '@app/shared/events/domain-events';
import { closeRedis, watchRedis } from '../lib/redis';

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Carries domain events between the instances of one deployment (decision 016). `send` never
 * throws: a transport that is down loses what is sent meanwhile, and says so in the log. Every
 * instance receives what the others send, not its own.
 */
export interface EventTransport {
  readonly kind: 'redis' | 'postgres';
  send(event: DomainEvent): Promise<void>;
  /** Starts listening; `receive` gets each event another instance sent. */
  start(receive: (event: DomainEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/** What travels: the event and the instance it comes from (so that an instance skips its own). */
interface Envelope {
  origin: string;
  event: DomainEvent;
}

// NOTIFY's payload must stay under 8000 bytes; events are ids and names, far below.
const MAX_ENVELOPE_BYTES = 7_900;

function encode(origin: string, event: DomainEvent, log: Logger): string | null {
  const text = JSON.stringify({ origin, event } satisfies Envelope);
  if (Buffer.byteLength(text) <= MAX_ENVELOPE_BYTES) return text;
  log.warn({ event: event.name, eventId: event.id, bytes: Buffer.byteLength(text) }, 'event too large to carry to other instances');
  return null;
}

/** The envelope of another instance, or null (our own, or not an envelope of known shape). */
function decode(origin: string, text: string): DomainEvent | null {
  try {
    const envelope = JSON.parse(text) as Partial<Envelope>;
    const event = envelope.event;
    if (envelope.origin === origin || !event || typeof event.id !== 'string') return null;
    return DOMAIN_EVENT_NAMES.includes(event.name) ? event : null;
  } catch {
    return null;
  }
}

/** Redis pub/sub on `{prefix}events`: a connection of its own subscribes, the app's client publishes. */
export function redisTransport(publisher: Redis, url: string, prefix: string, log: Logger): EventTransport {
  const origin = randomUUID();
  const channel = `${prefix}events`;
  // A subscribed connection can do nothing else; it reconnects and resubscribes by itself.
  const subscriber = watchRedis(new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true }), log);
  return {
    kind: 'redis',
    async send(event) {
      const text = encode(origin, event, log);
      if (!text) return;
      await publisher
        .publish(channel, text)
        .catch((err: unknown) => log.warn({ err, event: event.name }, 'event not sent to other instances'));
    },
    async start(receive) {
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        const event = decode(origin, text);
        if (event) receive(event);
      });
      await subscriber.connect().catch(() => undefined);
      await subscriber
        .subscribe(channel)
        .catch((err: unknown) => log.warn({ err }, 'event channel not subscribed yet; retrying on reconnect'));
    },
    close: () => closeRedis(subscriber),
  };
}

const PG_CHANNEL = 'charachat_events';
const PG_RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL LISTEN/NOTIFY on `charachat_events` (per database, so deployments on separate
 * databases stay apart). NOTIFY goes through the pool; LISTEN holds one connection of its own,
 * opened again after a restart of the server, with backoff.
 */
export function postgresTransport(url: string, notify: (channel: string, text: string) => Promise<unknown>, log: Logger): EventTransport {
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function listen(receive: (event: DomainEvent) => void): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    const reconnect = () => {
      if (closed || client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      const delay = PG_RETRY_MS[Math.min(failures++, PG_RETRY_MS.length - 1)];
      retry = setTimeout(() => void listen(receive), delay);
      retry.unref();
    };
    next.on('error', (err) => {
      if (failures === 0) log.warn({ err }, 'event listener lost PostgreSQL; reconnecting');
      reconnect();
    });
    next.on('end', reconnect);
    next.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      const event = decode(origin, message.payload);
      if (event) receive(event);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      if (failures > 0) log.info({}, 'event listener reconnected to PostgreSQL');
      failures = 0;
    } catch {
      reconnect();
    }
  }

  return {
    kind: 'postgres',
    async send(event) {
      const text = encode(origin, event, log);
      if (!text) return;
      await notify(PG_CHANNEL, text).catch((err: unknown) => log.warn({ err, event: event.name }, 'event not sent to other instances'));
    },
    start: (receive) => listen(receive),
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

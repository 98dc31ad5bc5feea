import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_MS } from '@app/shared/live/schemas';
import { MARKER, type LiveStore, type StoredEvent } from './store';

interface Logger {
  warn(obj: object, msg: string): void;
}

interface Gauge {
  inc(): void;
  dec(): void;
}

/** Read from the store at a time; a stream that is further behind reads again. */
const PAGE = 200;
/** A client this far behind on reading (bytes the socket could not take) is dropped; it resumes when it reconnects. */
const MAX_BUFFERED = 1024 * 1024;
/** Node's longest timer; a token that lives longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface OpenStream {
  res: ServerResponse;
  userId: string;
  sessionId: string;
  /** When the access token that opened the stream expires: the stream ends then (the client reconnects with a fresh one). */
  expiresAt: Date;
  /** Where the client asked to resume (`Last-Event-ID`), if anywhere. */
  lastEventId: string | null;
}

/** `event:`/`id:`/`data:` lines of one server-sent event. */
const frame = (event: string, id: string | null, data: unknown) =>
  `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * One user's stream on this instance. Reads of the store run one at a time, each after the last
 * id sent, so events leave in their order and none twice; a wake-up during a read reads again after it.
 */
class Stream {
  private cursor: string | null = null;
  private reading = false;
  private again = false;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    readonly opened: OpenStream,
    private readonly store: LiveStore,
    private readonly log: Logger,
    heartbeatMs: number,
    private readonly onClose: () => void,
  ) {
    const heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    const untilExpiry = Math.min(Math.max(opened.expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS);
    const expiry = setTimeout(() => this.close(), untilExpiry);
    heartbeat.unref();
    expiry.unref();
    this.timers.push(heartbeat, expiry);
    opened.res.on('close', () => this.close());
  }

  get userId() {
    return this.opened.userId;
  }

  /**
   * Where the stream starts: after `Last-Event-ID` when that event is still stored (nothing was
   * forgotten since); else `resumed: false` (the client reloads what it shows), the id of a new
   * marker to resume from later, and the events stored since the stream was registered (read
   * after the newest one before the marker, so that none stored meanwhile is skipped).
   */
  async start(): Promise<void> {
    this.reading = true;
    try {
      const asked = this.opened.lastEventId;
      const resumed = asked !== null && (await this.store.has(this.userId, asked));
      let readyId = asked;
      if (resumed) this.cursor = asked;
      else {
        const before = (await this.store.newest(this.userId)) ?? this.store.origin;
        readyId = await this.store.append(this.userId, MARKER, {});
        this.cursor = before;
      }
      this.write(frame('ready', readyId, { resumed }));
    } catch (err) {
      this.log.warn({ err }, 'live stream could not start');
      this.close();
      return;
    } finally {
      this.reading = false;
    }
    await this.wake();
  }

  /** Something was stored for the user: send what is new. */
  async wake(): Promise<void> {
    if (this.closed || this.cursor === null) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        let page: StoredEvent[];
        do {
          page = await this.store.after(this.userId, this.cursor, PAGE);
          for (const event of page) {
            this.write(frame(event.name, event.id, event.data));
            this.cursor = event.id;
          }
        } while (page.length === PAGE && !this.closed);
      } while (this.again && !this.closed);
    } catch (err) {
      // The next wake-up (or the client's reconnect) reads from the same cursor: nothing is lost.
      this.log.warn({ err, userId: this.userId }, 'live stream could not read its events');
    } finally {
      this.reading = false;
    }
  }

  write(text: string): void {
    const res = this.opened.res;
    if (this.closed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED) {
      this.close();
      return;
    }
    res.write(text);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (!this.opened.res.writableEnded) this.opened.res.end();
    this.onClose();
  }
}

/**
 * The live streams held by this instance, by user. The area wakes a user's streams when the bus
 * says something was stored for them (on whichever instance), closes a session's streams when it
 * is revoked, and every stream when the app closes.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Stream>>();

  constructor(
    private readonly store: LiveStore,
    private readonly log: Logger,
    private readonly gauge: Gauge,
    private readonly heartbeatMs = LIVE_HEARTBEAT_MS,
  ) {}

  /** Holds a stream whose headers are written; answers once its first events are sent. */
  async open(opened: OpenStream): Promise<void> {
    const stream: Stream = new Stream(opened, this.store, this.log, this.heartbeatMs, () => this.remove(stream));
    const streams = this.byUser.get(opened.userId) ?? new Set();
    streams.add(stream);
    this.byUser.set(opened.userId, streams);
    this.gauge.inc();
    await stream.start();
  }

  /** New events are stored for the user: each of their streams here sends them. */
  wake(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? []) void stream.wake();
  }

  /** Ends the streams of a session (or, with null, of every session of the user): it was revoked. */
  endSession(userId: string, sessionId: string | null): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionId === null || stream.opened.sessionId === sessionId) stream.close();
    }
  }

  /** Ends every stream (the app closes); the clients reconnect, to another instance, and resume. */
  closeAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
  }

  /** How many streams this instance holds. */
  get size(): number {
    let n = 0;
    for (const streams of this.byUser.values()) n += streams.size;
    return n;
  }

  private remove(stream: Stream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    this.gauge.dec();
    if (streams.size === 0) this.byUser.delete(stream.userId);
  }
}

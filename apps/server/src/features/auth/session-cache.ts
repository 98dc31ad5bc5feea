import type { UserRow } from '../../db/schema/users';

/** What an authenticated request needs of its session, as the lookup found it. */
export interface CachedSession {
  user: UserRow;
  sessionId: string;
  /** When the access token expires. */
  expiresAt: Date;
  /** When the session itself expires (unless renewed, which only makes it later). */
  sessionExpiresAt: Date;
  /** When the session was last marked active (ms); the lookup moves it on (hits still mark the session active once a minute). */
  lastActiveAt: number;
}

interface Entry {
  session: CachedSession;
  /** Past this (ms) the entry is not used: the TTL, or the token's or the session's expiry if sooner. */
  validUntil: number;
}

/** Where the invalidations stood when a lookup began. */
export interface Ticket {
  sequence: number;
  at: number;
}

/** A lookup slower than this stores nothing (the record of invalidations goes back this far only). */
const LOOKUP_WINDOW_MS = 30_000;

export interface SessionCacheOptions {
  /** How long an entry is trusted without news (0 turns the cache off). Bounds staleness when an invalidation is lost. */
  ttlMs: number;
  /** At most this many tokens are held; the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * This instance's memory of which access tokens are valid and whose they are (issue 18, §5), so
 * that an authenticated read needs no database round trip. Keyed by the token's hash. Entries
 * live `ttlMs` at most; `forgetSession` / `forgetUser` drop them at once (the `session.revoked`
 * event calls them on every instance).
 *
 * A lookup that was already reading the database when an invalidation came must not store what
 * it read (it may predate the change): callers take a `ticket` before reading and hand it to
 * `remember`, which refuses when that user (or everything) was invalidated since.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Numbers the invalidations; a ticket is the number when a lookup began. */
  private sequence = 0;
  private clearedAt = 0;
  /** The last invalidation of each user lately (oldest first), to refuse lookups that began before it. */
  private readonly forgotten = new Map<string, { sequence: number; at: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: SessionCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Taken before a lookup reads the database, for `remember`. */
  ticket(): Ticket {
    return { sequence: this.sequence, at: this.now() };
  }

  /** The session of a token hash while its entry is fresh, else null (and the entry goes). */
  get(tokenHash: string): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.validUntil > this.now()) return entry.session;
    this.delete(tokenHash, entry.session.user.id);
    return null;
  }

  /**
   * Keeps a session that a lookup found, unless its user (or everything) was invalidated since the
   * lookup took its ticket (what it saw may be what the invalidation ended), or the cache is off.
   */
  remember(tokenHash: string, session: CachedSession, ticket: Ticket): void {
    if (this.opts.ttlMs <= 0 || this.staleSince(session.user.id, ticket)) return;
    const validUntil = Math.min(this.now() + this.opts.ttlMs, session.expiresAt.getTime(), session.sessionExpiresAt.getTime());
    if (validUntil <= this.now()) return;
    const old = this.entries.get(tokenHash);
    if (old) this.delete(tokenHash, old.session.user.id);
    while (this.entries.size >= this.opts.maxEntries) {
      const [oldestHash, oldest] = this.entries.entries().next().value as [string, Entry];
      this.delete(oldestHash, oldest.session.user.id);
    }
    this.entries.set(tokenHash, { session, validUntil });
    const tokens = this.byUser.get(session.user.id);
    if (tokens) tokens.add(tokenHash);
    else this.byUser.set(session.user.id, new Set([tokenHash]));
  }

  /** Drops the tokens of one session of a user. */
  forgetSession(userId: string, sessionId: string): void {
    this.noteForgotten(userId);
    for (const hash of [...(this.byUser.get(userId) ?? [])]) {
      if (this.entries.get(hash)?.session.sessionId === sessionId) this.delete(hash, userId);
    }
  }

  /** Drops every token of a user (all sessions ended, or the user's row changed). */
  forgetUser(userId: string): void {
    this.noteForgotten(userId);
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.delete(hash, userId);
  }

  /** Drops everything (invalidations may have been lost). */
  clear(): void {
    this.clearedAt = ++this.sequence;
    this.entries.clear();
    this.byUser.clear();
    this.forgotten.clear();
  }

  private staleSince(userId: string, ticket: Ticket): boolean {
    // Records of invalidations are kept LOOKUP_WINDOW_MS: a lookup older than that is not trusted.
    if (this.now() - ticket.at > LOOKUP_WINDOW_MS || this.clearedAt > ticket.sequence) return true;
    return (this.forgotten.get(userId)?.sequence ?? 0) > ticket.sequence;
  }

  private noteForgotten(userId: string): void {
    const now = this.now();
    this.forgotten.delete(userId);
    this.forgotten.set(userId, { sequence: ++this.sequence, at: now });
    for (const [id, record] of this.forgotten) {
      if (now - record.at <= LOOKUP_WINDOW_MS) break;
      this.forgotten.delete(id);
    }
  }

  private delete(tokenHash: string, userId: string): void {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}

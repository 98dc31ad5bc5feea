import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_MS } from '@app/shared/app/constants';
import { preparedPerDatabase, type Database, type Executor } from '../../db/client';
import { accessTokens, refreshTokens, sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashToken, newToken } from '../../lib/secure-tokens';
import { describeUserAgent } from '../../lib/user-agent';
import type { RequestAuth } from '../../context';
import type { DomainEvents } from '../../events/bus';
import { SessionCache, type CachedSession } from './session-cache';
import type { SessionUserRow } from '../users';

/** Where a session was opened from; kept on the session row for the settings' sessions list. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
}

// lastActive is refreshed at most this often, so that reads don't each become a write.
const TOUCH_INTERVAL_MS = 60_000;

async function issueTokens(tx: Executor, sessionId: string, refreshTtlMs: number): Promise<IssuedTokens> {
  const now = Date.now();
  const accessToken = newToken('at');
  const refreshToken = newToken('rt');
  const accessExpiresAt = new Date(now + ACCESS_TOKEN_TTL_MS);
  await tx.insert(accessTokens).values({ tokenHash: hashToken(accessToken), sessionId, expiresAt: accessExpiresAt });
  await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId, expiresAt: new Date(now + refreshTtlMs) });
  return { sessionId, accessToken, refreshToken, accessExpiresAt };
}

/** Opens a session for a user who has just proved who they are. */
export async function openSession(
  tx: Executor,
  input: { userId: string; method: 'password' | 'oidc'; client: ClientInfo; refreshTtlMs: number },
): Promise<IssuedTokens> {
  const { device, browser, os } = describeUserAgent(input.client.userAgent);
  const [session] = await tx
    .insert(sessions)
    .values({
      userId: input.userId,
      method: input.method,
      device,
      browser,
      os,
      ip: input.client.ip,
      userAgent: input.client.userAgent.slice(0, 512),
      expiresAt: new Date(Date.now() + input.refreshTtlMs),
    })
    .returning({ id: sessions.id });
  return issueTokens(tx, session!.id, input.refreshTtlMs);
}

// Every authenticated request that the session cache can't answer runs this lookup (bench/
// measured it at a third of the unprepared cost).
const accessTokenLookup = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      sessionId: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: accessTokens.expiresAt,
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(accessTokens.expiresAt, sql`now()`),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('access_token_lookup'),
);

async function findAccessToken(db: Database, tokenHash: string): Promise<CachedSession | null> {
  const [row] = await accessTokenLookup(db).execute({ tokenHash });
  return row ? { ...row, lastActiveAt: row.lastActiveAt.getTime() } : null;
}

/** Marks the session active (and from where) at most once a minute, so that reads don't each become a write. */
async function touch(db: Database, session: CachedSession, ip: string): Promise<void> {
  const now = Date.now();
  if (now - session.lastActiveAt <= TOUCH_INTERVAL_MS) return;
  session.lastActiveAt = now;
  await db
    .update(sessions)
    .set({ lastActiveAt: new Date(now), ip })
    .where(eq(sessions.id, session.sessionId));
}

// Each request gets its own copy of the user: a route that changed it would otherwise change the cache.
const authOf = (session: CachedSession, accessToken: string): RequestAuth => ({
  user: { ...session.user },
  sessionId: session.sessionId,
  accessToken,
  expiresAt: session.expiresAt,
});

/** Finds who holds an access token in the database; null when it is unknown, expired, or its session has ended. */
export async function authenticateAccessToken(db: Database, accessToken: string, ip: string): Promise<RequestAuth | null> {
  const session = await findAccessToken(db, hashToken(accessToken));
  if (!session) return null;
  await touch(db, session, ip);
  return authOf(session, accessToken);
}

/**
 * The session lookup of one instance, with its cache (decision 024): a token seen lately is
 * answered from memory for at most `ttlMs`. Every instance drops a session or a user on the
 * events that end sessions or change what the cache holds of the user; a write of the user's own
 * (`forgetUser`, called by the auth plugin) drops them here.
 */
export class SessionAuthenticator {
  readonly cache: SessionCache;

  constructor(events: DomainEvents, opts: { ttlMs: number; maxEntries?: number }) {
    this.cache = new SessionCache({ ttlMs: opts.ttlMs, maxEntries: opts.maxEntries ?? 50_000 });
    events.subscribeEverywhere('session.revoked', 'session-cache', ({ payload }) =>
      payload.sessionId ? this.cache.forgetSession(payload.userId, payload.sessionId) : this.cache.forgetUser(payload.userId),
    );
    // The tier and the verified address are on the cached user row, and change without a write of the user's own.
    events.subscribeEverywhere('subscription.changed', 'session-cache', ({ payload }) => this.cache.forgetUser(payload.userId));
    events.subscribeEverywhere('user.email_verified', 'session-cache', ({ payload }) => this.cache.forgetUser(payload.userId));
    events.subscribeEverywhere('user.changed', 'session-cache', ({ payload }) => this.cache.forgetUser(payload.userId));
  }

  /** The live session of an access token, or null (the auth plugin's `session`). */
  readonly lookup = async (db: Database, accessToken: string, ip: string): Promise<RequestAuth | null> => {
    const tokenHash = hashToken(accessToken);
    let session = this.cache.get(tokenHash);
    if (!session) {
      const ticket = this.cache.ticket();
      session = await findAccessToken(db, tokenHash);
      if (!session) return null;
      this.cache.remember(tokenHash, session, ticket);
    }
    await touch(db, session, ip);
    return authOf(session, accessToken);
  };

  /** Drops what this instance holds of a user (their row may have changed). */
  readonly forgetUser = (userId: string): void => this.cache.forgetUser(userId);
}

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; user: SessionUserRow }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  /** The session that the reuse ended (the caller tells the instances: `session.revoked`). */
  | { ok: false; reason: 'reused'; ended: { userId: string; sessionId: string } };

/**
 * Trades a refresh token for new tokens. A token is good once: presenting one that was already
 * rotated means it was copied, so the whole session (every token of its family) is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  client: ClientInfo,
  refreshTtlMs: number,
): Promise<RotateResult> {
  const result = await db.transaction(async (tx): Promise<RotateResult | { reuseOf: { userId: string; sessionId: string } }> => {
    // The row lock makes two simultaneous uses of one token meet here one after the other.
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: sessions.revokedAt,
        sessionExpiresAt: sessions.expiresAt,
        userId: sessions.userId,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.rotatedAt) return { reuseOf: { userId: row.userId, sessionId: row.sessionId } };
    const now = new Date();
    if (row.expiresAt <= now || row.sessionExpiresAt <= now) return { ok: false, reason: 'expired' };

    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    await tx
      .update(sessions)
      .set({ lastActiveAt: now, ip: client.ip, expiresAt: new Date(now.getTime() + refreshTtlMs) })
      .where(eq(sessions.id, row.sessionId));
    const tokens = await issueTokens(tx, row.sessionId, refreshTtlMs);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    return { ok: true, tokens, user: user! };
  });
  if ('reuseOf' in result) {
    // Outside the transaction above, so that the revocation is not rolled back with anything.
    await revokeSession(db, result.reuseOf.sessionId, 'refresh_token_reused');
    return { ok: false, reason: 'reused', ended: result.reuseOf };
  }
  return result;
}

/**
 * Ends a session: its access tokens stop working and its refresh tokens can't be used. Answers
 * its user when this call ended it (null when it had ended already), for the caller to publish
 * `session.revoked` so that no instance answers from its cache for it any longer.
 */
export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<string | null> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  await db.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
  return ended?.userId ?? null;
}

/** A user's sessions that can still be used (not ended, not expired), the most recently active first. */
export async function listActiveSessions(db: Executor, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastActiveAt));
}

/** How many sessions of the user other than `keepSessionId` can still be used. */
export async function countOtherActiveSessions(db: Executor, userId: string, keepSessionId: string): Promise<number> {
  const rows = await listActiveSessions(db, userId);
  return rows.filter((s) => s.id !== keepSessionId).length;
}

/**
 * Ends every session of the user but `keepSessionId`, in one statement: their access tokens stop
 * working and their refresh tokens are refused at once. Answers the ids of those that ended.
 */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string, reason: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  if (ids.length > 0) await db.delete(accessTokens).where(inArray(accessTokens.sessionId, ids));
  return ids;
}

/**
 * Ends every session of the user at once (an admin's ban): their access tokens stop working and
 * their refresh tokens are refused. Answers how many ended.
 */
export async function revokeAllSessions(db: Executor, userId: string, reason: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  if (ids.length > 0) await db.delete(accessTokens).where(inArray(accessTokens.sessionId, ids));
  return ids.length;
}

/**
 * Ends one session of the user; false when the user has no such session that can still be used
 * (another user's session is "not found" too).
 */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string, reason: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return false;
  await db.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
  return true;
}

/** The session a refresh token belongs to (used or not), to end it on a forced logout. */
export async function sessionOfRefreshToken(db: Database, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  return row?.sessionId ?? null;
}

/** Deletes what can never be used again: expired access tokens, and refresh tokens of ended sessions. */
export async function deleteExpiredTokens(db: Database): Promise<{ accessTokens: number; sessions: number }> {
  const expiredAccess = await db
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, sql`now()`))
    .returning({ h: accessTokens.tokenHash });
  // Ended sessions stay a while for the security view; their tokens go with them after 30 days.
  const oldSessions = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < now() - interval '30 days' or ${sessions.revokedAt} < now() - interval '30 days'`)
    .returning({ id: sessions.id });
  return { accessTokens: expiredAccess.length, sessions: oldSessions.length };
}

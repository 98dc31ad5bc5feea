import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_MS } from '@app/shared/app/constants';
import { preparedPerDatabase, type Database, type Executor } from '../../db/client';
import { accessTokens, refreshTokens, sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { hashToken, newToken } from '../../lib/secure-tokens';
import { describeUserAgent } from '../../lib/user-agent';
import type { RequestAuth } from '../../context';
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

// Every authenticated request runs this lookup (bench/ measured it at a third of the unprepared cost).
const accessTokenLookup = preparedPerDatabase((db) =>
  db
    .select({ user: users, sessionId: sessions.id, lastActiveAt: sessions.lastActiveAt, expiresAt: accessTokens.expiresAt })
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

/** Finds who holds an access token; null when it is unknown, expired, or its session has ended. */
export async function authenticateAccessToken(db: Database, accessToken: string, ip: string): Promise<RequestAuth | null> {
  const [row] = await accessTokenLookup(db).execute({ tokenHash: hashToken(accessToken) });
  if (!row) return null;
  if (Date.now() - row.lastActiveAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastActiveAt: new Date(), ip }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId, accessToken, expiresAt: row.expiresAt };
}

export type RotateResult =
  { ok: true; tokens: IssuedTokens; user: SessionUserRow } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

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
  const result = await db.transaction(async (tx): Promise<RotateResult | { reuseOf: string }> => {
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
    if (row.rotatedAt) return { reuseOf: row.sessionId };
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
    await revokeSession(db, result.reuseOf, 'refresh_token_reused');
    return { ok: false, reason: 'reused' };
  }
  return result;
}

/** Ends a session: its access tokens stop working at once and its refresh tokens can't be used. */
export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
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
 * working and their refresh tokens are refused at once. Answers how many ended.
 */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string, reason: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
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

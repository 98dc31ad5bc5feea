import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_PREFIX, INTEGRATION_ERROR_CODES, INTEGRATION_LIMITS, INTEGRATION_MESSAGES } from '@app/shared/integrations/schemas';
import type { ApiKey, ApiKeyCreated, ApiKeyScope } from '@app/shared/integrations/schemas';
import type { RequestAuth } from '../../context';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema/integrations';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/http-errors';
import { hashToken, newToken } from '../../lib/secure-tokens';
import { requiredScope } from './api-key-scopes';

type ApiKeyRow = typeof apiKeys.$inferSelect;

// last_used_at is written at most this often, so that a busy key does not turn every read into a write.
const TOUCH_INTERVAL_MS = 60_000;
// `cck_` and the first 8 characters of the random part: enough to tell keys apart, far too few to guess the rest.
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions as ApiKeyScope[],
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's keys that still work, newest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKey);
}

/**
 * A new key: `cck_` + 256 random bits, stored only as its SHA-256 hash. The user row is locked
 * while counting, so that simultaneous creations cannot pass the limit together.
 */
export async function createApiKey(
  db: Database,
  userId: string,
  input: { name: string; permissions: ApiKeyScope[] },
): Promise<ApiKeyCreated> {
  const key = newToken(API_KEY_PREFIX.slice(0, -1));
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= INTEGRATION_LIMITS.apiKeysPerUser)
      throw new AppError(409, INTEGRATION_ERROR_CODES.LIMIT_REACHED, INTEGRATION_MESSAGES.apiKeyLimit);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        permissions: input.permissions,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        keyHash: hashToken(key),
      })
      .returning();
    return inserted!;
  });
  const { lastUsedAt: _unused, ...shown } = toApiKey(row);
  return { ...shown, key };
}

/** Revokes one of the user's keys; another user's (or an unknown or already revoked one) is 404. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw notFound(INTEGRATION_MESSAGES.apiKeyNotFound);
}

/** True for a bearer token that is an API key rather than a session's access token. */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

/** Who holds an API key (and what it may do); null when it is unknown or revoked. */
export async function authenticateApiKey(db: Database, key: string): Promise<RequestAuth | null> {
  const [row] = await db
    .select({ user: users, id: apiKeys.id, permissions: apiKeys.permissions, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return {
    user: row.user,
    // A key has no session: the routes that need one (sessions, logout) are closed to keys.
    sessionId: row.id,
    accessToken: '',
    expiresAt: new Date(8.64e15),
    apiKey: { id: row.id, scopes: row.permissions as ApiKeyScope[] },
  };
}

/** What the auth plugin needs to recognise API keys (handed to it where the app is built). */
export const apiKeyAuthenticator = { isKey: isApiKeyToken, authenticate: authenticateApiKey, requiredScope };

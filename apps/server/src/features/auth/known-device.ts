import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/auth';

/**
 * The device cookie of OWASP's "slow down online guessing" (decision 037): a browser that has
 * signed in to an account carries a signed cookie naming it, and its sign-ins to that account
 * are not slowed down while strangers' guesses are.
 */
export const KNOWN_DEVICE_COOKIE = 'known_device';
const COOKIE_PATH = '/api/auth';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** An address counts as the account's own while one of its sessions was used from it this recently. */
const KNOWN_ADDRESS_DAYS = 30;
// Looked up for unknown emails too, so that the answer takes as long whether the account exists.
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Marks this browser as one that signed in to the account (signed, httpOnly, only sent to the auth routes). */
export function setKnownDevice(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, `${userId}.${randomBytes(16).toString('base64url')}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: COOKIE_MAX_AGE_S,
  });
}

/** The account that this browser's device cookie names, when the cookie is ours and intact. */
function knownDeviceUser(request: FastifyRequest): string | null {
  const raw = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!raw || raw.length > 256) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return unsigned.value.split('.')[0] ?? null;
}

/**
 * True when the request comes from a device or an address the account has signed in from: its
 * device cookie, or an address one of its sessions was used from in the last 30 days.
 */
export async function isKnownClient(db: Database, request: FastifyRequest, userId: string | null): Promise<boolean> {
  if (userId && knownDeviceUser(request) === userId) return true;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId ?? NO_USER),
        gt(sessions.lastActiveAt, sql`now() - ${`${KNOWN_ADDRESS_DAYS} days`}::interval`),
        eq(sessions.ip, request.ip),
      ),
    )
    .limit(1);
  return Boolean(row);
}

import { and, eq, ne, sql } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { SOCIAL_NETWORKS, type AccountProfile, type ProfilePatch, type SocialLinks } from '@app/shared/account/schemas';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/http-errors';

type UserRow = typeof users.$inferSelect;

/** Missing networks read as empty, so the answer always names all four. */
function socialLinksOf(stored: Record<string, string> | null | undefined): SocialLinks {
  return Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, typeof stored?.[n] === 'string' ? stored[n] : ''])) as SocialLinks;
}

export function toAccountProfile(row: UserRow): AccountProfile {
  return {
    id: row.id,
    displayName: row.displayName,
    username: row.username,
    bio: row.bio,
    location: row.location,
    website: row.website,
    socialLinks: socialLinksOf(row.socialLinks),
    avatarUrl: row.avatarUrl,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function userRow(db: Executor, userId: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/** Whether a username (any case) belongs to someone other than `userId`. */
export async function usernameTakenByOther(db: Executor, username: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

const usernameTaken = () => conflict('USERNAME_TAKEN', SETTINGS_MESSAGES.usernameTaken, 'username');

/** PostgreSQL's unique violation, as both drivers report it (possibly wrapped by drizzle). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Applies a validated profile patch. Social links merge network by network. The username is
 * checked first for a clear answer, and the unique index settles a race between two users.
 */
export async function updateProfile(db: Executor, userId: string, patch: ProfilePatch): Promise<AccountProfile> {
  if (patch.username !== undefined && (await usernameTakenByOther(db, patch.username, userId))) throw usernameTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const current = await userRow(tx, userId, { forUpdate: true });
      const { socialLinks, ...fields } = patch;
      const [updated] = await tx
        .update(users)
        .set({
          ...fields,
          ...(socialLinks ? { socialLinks: { ...socialLinksOf(current.socialLinks), ...socialLinks } } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      return updated ?? current;
    });
    return toAccountProfile(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

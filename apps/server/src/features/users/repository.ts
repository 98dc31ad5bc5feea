import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import type { SessionUserRow } from './serialize';

export async function findUserByEmail(db: Executor, email: string): Promise<SessionUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<SessionUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Usernames are unique whatever their letter case. */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** Which unique index a PostgreSQL unique violation (23505) broke, if that is what `err` is. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const pgErr = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return pgErr ? (pgErr.constraint ?? 'unknown') : null;
}

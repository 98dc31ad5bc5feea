import type { SessionUser } from '@app/shared/auth/schemas';
import type { UserRow } from '../../db/schema/users';

export type SessionUserRow = UserRow;

/** The user as the session answer shows it: never the password hash. */
export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    tier: row.tier,
    emailVerified: row.emailVerifiedAt !== null,
    isDemo: row.isDemo,
    avatarUrl: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

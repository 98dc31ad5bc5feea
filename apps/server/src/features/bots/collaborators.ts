import { and, asc, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type CollaboratorRole } from '@app/shared/bots/constants';
import type { Collaborator } from '@app/shared/bots/schemas';
import type { Executor } from '../../db/client';
import { botCollaborators } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import type { BotRow } from './access';

const userColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  avatarUrl: users.avatarUrl,
  email: users.email,
};

function toCollaborator(
  botId: string,
  user: Collaborator['user'],
  role: CollaboratorRole,
  joinedAt: Date,
  showEmail: boolean,
): Collaborator {
  const { email, ...rest } = user;
  return {
    botId,
    user: showEmail ? { ...rest, email } : rest,
    role,
    permissions: ROLE_PERMISSIONS[role],
    joinedAt: joinedAt.toISOString(),
  };
}

/** The owner first, then editors and viewers by join date. Emails only for the owner's eyes. */
export async function listCollaborators(db: Executor, bot: BotRow, viewerIsOwner: boolean): Promise<Collaborator[]> {
  const [owner] = await db.select(userColumns).from(users).where(eq(users.id, bot.createdBy)).limit(1);
  const rows = await db
    .select({ user: userColumns, role: botCollaborators.role, joinedAt: botCollaborators.createdAt })
    .from(botCollaborators)
    .innerJoin(users, eq(users.id, botCollaborators.userId))
    .where(eq(botCollaborators.botId, bot.id))
    .orderBy(asc(botCollaborators.createdAt));
  return [
    toCollaborator(bot.id, owner!, 'owner', bot.createdAt, viewerIsOwner),
    ...rows.map((r) => toCollaborator(bot.id, r.user, r.role, r.joinedAt, viewerIsOwner)),
  ];
}

export async function findCollaborator(db: Executor, botId: string, userId: string) {
  const [row] = await db
    .select({ user: userColumns, role: botCollaborators.role, joinedAt: botCollaborators.createdAt })
    .from(botCollaborators)
    .innerJoin(users, eq(users.id, botCollaborators.userId))
    .where(and(eq(botCollaborators.botId, botId), eq(botCollaborators.userId, userId)))
    .limit(1);
  return row ? toCollaborator(botId, row.user, row.role, row.joinedAt, true) : null;
}

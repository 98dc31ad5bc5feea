import { and, eq } from 'drizzle-orm';
import type { CollaboratorRole } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import type { Executor } from '../../db/client';
import { botCollaborators, bots } from '../../db/schema/bots';
import { forbidden, notFound } from '../../lib/http-errors';

export type BotRow = typeof bots.$inferSelect;

/**
 * What a call needs: read (see it), member (be among its collaborators: versions, collaborator
 * list, statistics), write (edit its content), owner (publish, delete, collaborators).
 */
export type BotNeed = 'read' | 'member' | 'write' | 'owner';

/** Who is asking; null for an anonymous visitor. */
export interface Caller {
  id: string;
  role: 'user' | 'admin';
}

/**
 * The one place that decides who may do what with a bot (issue 3):
 * - the creator is the owner: everything;
 * - collaborators by role: editor reads and edits, viewer reads;
 * - admins read any bot (moderation), and change nothing they do not own;
 * - everyone else reads public bots, and unlisted ones by id.
 * A bot the caller may not see answers 404 (its existence is not revealed); one they may see
 * but not change answers 403.
 */
export function roleOn(bot: Pick<BotRow, 'createdBy' | 'visibility'>, caller: Caller | null, collaboratorRole: CollaboratorRole | null) {
  if (caller && bot.createdBy === caller.id) return 'owner' as const;
  return collaboratorRole;
}

export function allows(role: CollaboratorRole | null, need: BotNeed): boolean {
  if (need === 'read' || need === 'member') return role !== null;
  if (need === 'write') return role === 'owner' || role === 'editor';
  return role === 'owner';
}

export async function collaboratorRole(db: Executor, botId: string, userId: string): Promise<'editor' | 'viewer' | null> {
  const [row] = await db
    .select({ role: botCollaborators.role })
    .from(botCollaborators)
    .where(and(eq(botCollaborators.botId, botId), eq(botCollaborators.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Loads a bot for a call that needs `need`, or throws 404/403.
 * @example const { bot, role } = await requireBot(db, id, caller, 'write');
 */
export async function requireBot(
  db: Executor,
  botId: string,
  caller: Caller | null,
  need: BotNeed,
  opts: { forUpdate?: boolean } = {},
): Promise<{ bot: BotRow; role: CollaboratorRole | null }> {
  const query = db.select().from(bots).where(eq(bots.id, botId)).limit(1);
  const [bot] = opts.forUpdate ? await query.for('update') : await query;
  if (!bot) throw notFound(BOT_MESSAGES.botNotFound);
  const collab = caller && bot.createdBy !== caller.id ? await collaboratorRole(db, bot.id, caller.id) : null;
  const role = roleOn(bot, caller, collab);
  const visible = role !== null || caller?.role === 'admin' || (bot.visibility !== 'private' && bot.isActive);
  if (!visible) throw notFound(BOT_MESSAGES.botNotFound);
  if (need !== 'read' && !allows(role, need)) {
    // A visitor of a public bot learns nothing new from a 403; one that may not see it gets the 404 above.
    throw forbidden();
  }
  return { bot, role };
}

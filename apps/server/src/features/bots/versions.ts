import { desc, eq, sql } from 'drizzle-orm';
import type { BotVersion } from '@app/shared/bots/schemas';
import { ZBotFields } from '@app/shared/bots/validation';
import type { Executor } from '../../db/client';
import { botVersions } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import type { BotRow } from './access';
import { fieldsOf } from './repository';

/** Saves the bot's editable fields as the next version, with a changelog. */
export async function createVersion(db: Executor, bot: BotRow, authorId: string, changelog: string) {
  const [row] = await db
    .insert(botVersions)
    .values({
      botId: bot.id,
      // The bot row is locked by the caller, so two saves cannot take the same number.
      version: sql`(select coalesce(max(${botVersions.version}), 0) + 1 from ${botVersions} where ${botVersions.botId} = ${bot.id})`,
      changelog,
      snapshot: fieldsOf(bot),
      authorId,
    })
    .returning();
  return row!;
}

/** Newest first; the newest is the current one, the others archived. */
export async function listVersions(db: Executor, botId: string): Promise<BotVersion[]> {
  const rows = await db
    .select({
      id: botVersions.id,
      version: botVersions.version,
      changelog: botVersions.changelog,
      createdAt: botVersions.createdAt,
      snapshot: botVersions.snapshot,
      author: { id: users.id, username: users.username, displayName: users.displayName },
    })
    .from(botVersions)
    .innerJoin(users, eq(users.id, botVersions.authorId))
    .where(eq(botVersions.botId, botId))
    .orderBy(desc(botVersions.version));
  return rows.map((r, i) => toVersion(r, i === 0));
}

export function toVersion(
  r: { id: string; version: number; changelog: string; createdAt: Date; snapshot: Record<string, unknown>; author: BotVersion['author'] },
  current: boolean,
): BotVersion {
  return {
    id: r.id,
    version: r.version,
    changelog: r.changelog,
    status: current ? 'current' : 'archived',
    createdAt: r.createdAt.toISOString(),
    author: r.author,
    name: typeof r.snapshot.name === 'string' ? r.snapshot.name : '',
  };
}

/**
 * The fields a restore writes back: the snapshot as validated today (a snapshot from an older
 * rule set cannot write an invalid bot), without visibility, which only the owner's publish and
 * unpublish change, and without the avatar, whose old file is deleted once it is replaced.
 */
export function restorableFields(snapshot: Record<string, unknown>) {
  const { visibility: _visibility, avatarUrl: _avatarUrl, ...fields } = ZBotFields.parse(snapshot);
  return fields;
}

import { and, eq, inArray } from 'drizzle-orm';
import { BOT_ERROR_CODES, BOT_MESSAGES } from '@app/shared/bots/messages';
import { BOT_LIMITS } from '@app/shared/bots/constants';
import type { Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { AppError, notFound } from '../../lib/http-errors';
import type { BotRow } from './access';
import { fieldsOf, insertBot } from './repository';

/** Publish rules of §5: an avatar, then at least one tag. */
export function assertPublishable(bot: Pick<BotRow, 'avatarUrl' | 'tags'>) {
  if (!bot.avatarUrl) throw new AppError(400, BOT_ERROR_CODES.PUBLISH_ERROR, BOT_MESSAGES.publishNeedsAvatar, 'avatar');
  if (bot.tags.length === 0) throw new AppError(400, BOT_ERROR_CODES.PUBLISH_ERROR, BOT_MESSAGES.publishNeedsTags, 'tags');
}

export async function setVisibility(db: Executor, id: string, visibility: BotRow['visibility']): Promise<BotRow> {
  const [row] = await db.update(bots).set({ visibility, updatedAt: new Date() }).where(eq(bots.id, id)).returning();
  return row!;
}

/** '{name} (Copy)', cut so that it stays within the 50-character name limit. */
export function copyName(name: string): string {
  const suffix = ' (Copy)';
  return name.length + suffix.length <= BOT_LIMITS.nameMax
    ? `${name}${suffix}`
    : `${name.slice(0, BOT_LIMITS.nameMax - suffix.length).trimEnd()}${suffix}`;
}

/**
 * Clone (§3 clone request, §4): a copy owned by the caller, private unless they ask otherwise
 * about their own bot, without statistics unless they own the source and ask for them.
 */
export async function cloneBot(
  db: Executor,
  source: BotRow,
  callerId: string,
  opts: { name?: string; makePrivate: boolean; includeStats: boolean; avatarUrl: string | null },
): Promise<BotRow> {
  const own = source.createdBy === callerId;
  const fields = { ...fieldsOf(source), name: opts.name ?? copyName(source.name), avatarUrl: opts.avatarUrl };
  fields.visibility = own && !opts.makePrivate ? source.visibility : 'private';
  const stats =
    own && opts.includeStats
      ? {
          totalChats: source.totalChats,
          totalMessages: source.totalMessages,
          totalImagesGenerated: source.totalImagesGenerated,
          totalVideosGenerated: source.totalVideosGenerated,
          avgRating: source.avgRating,
          ratingCount: source.ratingCount,
          popularity: source.popularity,
        }
      : {};
  return insertBot(db, callerId, fields, { ...stats, cardSource: source.cardSource });
}

/**
 * The bots of a bulk call, all owned by the caller, locked for the change; if any id is missing
 * or not theirs the whole call is refused with 404 and nothing changes.
 */
export async function lockOwnedBots(db: Executor, ids: string[], ownerId: string): Promise<BotRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(bots)
    .where(and(inArray(bots.id, unique), eq(bots.createdBy, ownerId)))
    .for('update');
  if (rows.length !== unique.length) throw notFound(BOT_MESSAGES.botNotFound);
  return rows;
}

import type { BotVisibility } from '@app/shared/bots/schemas';
import type { RecordEvent } from '../../events/bus';

interface BotFacts {
  id: string;
  name: string;
  createdBy: string;
  visibility: BotVisibility;
}

/**
 * What a bot's visibility change tells the other areas: `bot.visibility_changed` whenever it
 * changed (from null for a new bot), and `bot.published` too when the bot became public.
 */
export function recordVisibilityChange(record: RecordEvent, from: BotVisibility | null, bot: BotFacts): void {
  if (from === bot.visibility) return;
  record('bot.visibility_changed', { botId: bot.id, ownerId: bot.createdBy, name: bot.name, from, to: bot.visibility });
  if (bot.visibility === 'public' && from !== 'public') record('bot.published', { botId: bot.id, ownerId: bot.createdBy });
}

/** `bot.deleted`, with the name that can no longer be read once the row is gone. */
export function recordBotDeleted(record: RecordEvent, bot: BotFacts): void {
  record('bot.deleted', { botId: bot.id, ownerId: bot.createdBy, name: bot.name });
}

/** `bot.version_created`: a new version (or a restore) of a bot, for its favoriters' notifications. */
export function recordVersionCreated(
  record: RecordEvent,
  bot: BotFacts,
  version: { id: string; version: number; changelog: string; authorId: string },
): void {
  record('bot.version_created', {
    botId: bot.id,
    ownerId: bot.createdBy,
    authorId: version.authorId,
    name: bot.name,
    versionId: version.id,
    version: version.version,
    changelog: version.changelog,
  });
}

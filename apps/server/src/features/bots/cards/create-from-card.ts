import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_BYTES } from '@app/shared/bots/constants';
import { ZBotFields } from '@app/shared/bots/validation';
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../lib/http-errors';
import { processAvatar } from '../../../lib/images';
import type { FileStorage } from '../../../lib/storage';
import { adoptCardBook } from '../../lorebooks';
import type { BotRow } from '../access';
import { insertBot } from '../repository';
import { cardToBotFields, type ParsedCard } from './character-card';

/** A card's portrait as a stored avatar; one that can't be read leaves the bot without one. */
export async function storePortrait(storage: FileStorage, png: Buffer): Promise<string | undefined> {
  try {
    const image = await processAvatar(png, 'file', IMPORT_MAX_BYTES);
    return await storage.put(`bots/imports/${randomUUID()}.webp`, image.data, image.contentType);
  } catch {
    return undefined;
  }
}

/** A card's fields checked as a new private bot's, or a 400 naming the first field that fails. */
export function checkedCardFields(card: ParsedCard) {
  const { fields, cardSource } = cardToBotFields(card);
  const checked = ZBotFields.safeParse({ ...fields, visibility: 'private' });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw badRequest(issue.message, String(issue.path[0] ?? 'file'));
  }
  return { fields: checked.data, cardSource };
}

/**
 * A new private bot of `ownerId` from a card (the card import, and the SillyTavern folder
 * import): its portrait becomes the avatar, its character_book the bot's lorebook (decision 030).
 * A failure after the portrait is stored deletes it again.
 */
export async function createBotFromCard(
  db: Executor,
  storage: FileStorage,
  ownerId: string,
  card: ParsedCard,
  portrait: Buffer | null,
): Promise<BotRow> {
  const { fields, cardSource } = checkedCardFields(card);
  const avatarUrl = portrait ? await storePortrait(storage, portrait) : undefined;
  try {
    const row = await insertBot(db, ownerId, { ...fields, avatarUrl: avatarUrl ?? null }, { cardSource });
    // The row as inserted (its answer shows the card's book as it came); lorebookId says where the book went.
    const lorebookId = await adoptCardBook(db, row);
    return { ...row, lorebookId: lorebookId ?? row.lorebookId };
  } catch (err) {
    if (avatarUrl) await storage.delete(avatarUrl).catch(() => undefined);
    throw err;
  }
}

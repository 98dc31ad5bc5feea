import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IMPORT_MAX_BYTES } from '@app/shared/bots/constants';
import type { Executor } from '../../../db/client';
import { processAvatar } from '../../../lib/images';
import { pngPicture } from '../../../lib/png-text';
import { UPLOADS_PREFIX, type FileStorage } from '../../../lib/storage';
import { bots } from '../../../db/schema/bots';
import { adoptCardBook } from '../../lorebooks';
import type { BotRow } from '../access';
import { insertBot, insertBots } from '../repository';
import { checkedCardFields, type ParsedCard } from './character-card';

/** A card's portrait as a stored avatar; one that can't be read leaves the bot without one. */
export async function storePortrait(storage: FileStorage, png: Buffer): Promise<string | undefined> {
  try {
    const image = await processAvatar(png, 'file', IMPORT_MAX_BYTES);
    return await storage.put(`bots/imports/${randomUUID()}.webp`, image.data, image.contentType);
  } catch {
    return undefined;
  }
}

// Where a portrait kept as it is waits for its WebP (optimizeImportedAvatars), and the largest one kept so.
const PNG_PORTRAITS = 'bots/imports/png/';
const MAX_KEPT_SIDE = 4096;

/**
 * A card's portrait stored as it came, without the card's text (no decoding: a tenth of a
 * millisecond instead of tens), for an import of thousands; optimizeImportedAvatars makes it a
 * WebP later. A PNG that can't be walked, or is larger than 4096 px a side, goes the usual way.
 */
async function storePortraitAsIs(storage: FileStorage, png: Buffer): Promise<string | undefined> {
  let picture;
  try {
    picture = pngPicture(png);
  } catch {
    return undefined;
  }
  if (picture.width < 1 || picture.height < 1 || picture.width > MAX_KEPT_SIDE || picture.height > MAX_KEPT_SIDE) {
    return storePortrait(storage, png);
  }
  return storage.put(`${PNG_PORTRAITS}${randomUUID()}.png`, picture.data, 'image/png');
}

/**
 * The portraits that bots of an import kept as PNG, made 512 px WebP like every avatar; a bot whose
 * avatar changed meanwhile keeps its new one. Runs after the import, in the background.
 */
export async function optimizeImportedAvatars(db: Executor, storage: FileStorage, botIds: string[]): Promise<number> {
  let done = 0;
  for (const id of botIds) {
    const [bot] = await db.select({ avatarUrl: bots.avatarUrl }).from(bots).where(eq(bots.id, id));
    const old = bot?.avatarUrl;
    if (!old?.startsWith(`${UPLOADS_PREFIX}${PNG_PORTRAITS}`)) continue;
    const png = await storage.read(old);
    // A picture that doesn't decode is not kept (the card import would not have taken it either): no avatar.
    const url = png ? ((await storePortrait(storage, png)) ?? null) : null;
    const changed = await db
      .update(bots)
      .set({ avatarUrl: url })
      .where(and(eq(bots.id, id), eq(bots.avatarUrl, old)))
      .returning({ id: bots.id });
    if (changed.length > 0) await storage.delete(old);
    else if (url) await storage.delete(url);
    done += changed.length;
  }
  return done;
}

/**
 * A new private bot of `ownerId` from a card (the card import, and the SillyTavern folder
 * import): its portrait becomes the avatar, its character_book the bot's lorebook (decision 030).
 * With `portraitAsIs` the portrait is kept as its PNG, to be made a WebP later
 * (optimizeImportedAvatars). A failure after the portrait is stored deletes it again.
 */
export async function createBotFromCard(
  db: Executor,
  storage: FileStorage,
  ownerId: string,
  card: ParsedCard,
  portrait: Buffer | null,
  opts: { portraitAsIs?: boolean } = {},
): Promise<BotRow> {
  const { fields, cardSource } = checkedCardFields(card);
  const avatarUrl = portrait ? await (opts.portraitAsIs ? storePortraitAsIs : storePortrait)(storage, portrait) : undefined;
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

/** A card checked as a new bot's (checkedCardFields) with its portrait, for createBotsFromCards. */
export interface CheckedCard {
  fields: ReturnType<typeof checkedCardFields>['fields'];
  cardSource: ReturnType<typeof checkedCardFields>['cardSource'];
  portrait: Buffer | null;
}

/**
 * Many new private bots of `ownerId` from checked cards in one insert (a folder import of
 * thousands), their portraits kept as PNG (optimizeImportedAvatars makes them WebP later), their
 * books adopted as lorebooks. Answers the rows in order, each with where its book went.
 */
export async function createBotsFromCards(db: Executor, storage: FileStorage, ownerId: string, cards: CheckedCard[]): Promise<BotRow[]> {
  const avatars = await Promise.all(cards.map((c) => (c.portrait ? storePortraitAsIs(storage, c.portrait) : undefined)));
  try {
    const rows = await insertBots(
      db,
      ownerId,
      cards.map((c, i) => ({ id: randomUUID(), fields: { ...c.fields, avatarUrl: avatars[i] ?? null }, cardSource: c.cardSource })),
    );
    const out: BotRow[] = [];
    for (const row of rows) {
      const lorebookId = row.characterBook ? await adoptCardBook(db, row) : null;
      out.push({ ...row, lorebookId: lorebookId ?? row.lorebookId });
    }
    return out;
  } catch (err) {
    await Promise.all(avatars.map((url) => (url ? storage.delete(url).catch(() => undefined) : undefined)));
    throw err;
  }
}

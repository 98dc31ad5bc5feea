import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ZLoreEntries,
  ZLoreSettings,
  type LoreEntry,
  type LoreSettings,
  type ChatLorebooks,
  type Lorebook,
  type LorebookSummary,
} from '@app/shared/lorebooks/schemas';
import { LORE_LIMITS, LORE_MESSAGES as M } from '@app/shared/lorebooks/rules';
import { queryRows, type Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { chatLorebooks, chats } from '../../db/schema/chats';
import { lorebooks } from '../../db/schema/lorebooks';
import { badRequest, notFound } from '../../lib/http-errors';
import type { ScanBook } from './activation';
import { fromCharacterBook, lorebookFromFile, toCharacterBook } from './formats';

type LorebookRow = typeof lorebooks.$inferSelect;

/** The caller's lorebook, or 404 (another user's is never told apart from none). */
export async function requireLorebook(db: Executor, id: string, ownerId: string): Promise<LorebookRow> {
  const [row] = await db
    .select()
    .from(lorebooks)
    .where(and(eq(lorebooks.id, id), eq(lorebooks.ownerId, ownerId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Where a book is attached, as its owner sees it: their bots, and their chats. */
async function attachments(db: Executor, ids: string[], ownerId: string) {
  if (ids.length === 0) return new Map<string, { botIds: string[]; chatIds: string[] }>();
  const botRows = await db
    .select({ id: bots.id, lorebookId: bots.lorebookId })
    .from(bots)
    .where(and(inArray(bots.lorebookId, ids), eq(bots.createdBy, ownerId)));
  const chatRows = await db
    .select({ id: chatLorebooks.chatId, lorebookId: chatLorebooks.lorebookId })
    .from(chatLorebooks)
    .innerJoin(chats, eq(chats.id, chatLorebooks.chatId))
    .where(and(inArray(chatLorebooks.lorebookId, ids), eq(chats.userId, ownerId)));
  const out = new Map(ids.map((id) => [id, { botIds: [] as string[], chatIds: [] as string[] }]));
  for (const b of botRows) out.get(b.lorebookId!)?.botIds.push(b.id);
  for (const c of chatRows) out.get(c.lorebookId)?.chatIds.push(c.id);
  return out;
}

export async function lorebookView(db: Executor, row: LorebookRow): Promise<Lorebook> {
  const where = (await attachments(db, [row.id], row.ownerId)).get(row.id)!;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    settings: row.settings,
    entries: row.entries,
    ...where,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's books, the latest changed first, without their entries. */
export async function listLorebooks(db: Executor, ownerId: string): Promise<LorebookSummary[]> {
  const rows = await db
    .select({
      id: lorebooks.id,
      name: lorebooks.name,
      description: lorebooks.description,
      settings: lorebooks.settings,
      entryCount: sql<number>`jsonb_array_length(${lorebooks.entries})::int`,
      createdAt: lorebooks.createdAt,
      updatedAt: lorebooks.updatedAt,
    })
    .from(lorebooks)
    .where(eq(lorebooks.ownerId, ownerId))
    .orderBy(desc(lorebooks.updatedAt), desc(lorebooks.id))
    .limit(500);
  const where = await attachments(
    db,
    rows.map((r) => r.id),
    ownerId,
  );
  return rows.map((r) => ({
    ...r,
    ...where.get(r.id)!,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function createLorebook(
  db: Executor,
  ownerId: string,
  book: { name: string; description: string; settings: LoreSettings; entries: LoreEntry[] },
): Promise<LorebookRow> {
  const [row] = await db
    .insert(lorebooks)
    .values({ ownerId, name: book.name, description: book.description, settings: book.settings, entries: book.entries })
    .returning();
  return row!;
}

/** A lorebook read from a file (lorebookFromFile) stored as `ownerId`'s; answers its id only (a book of megabytes is not read back). */
export async function insertLorebook(db: Executor, ownerId: string, book: Parameters<typeof createLorebook>[2]): Promise<string> {
  const [row] = await db
    .insert(lorebooks)
    .values({ ownerId, name: book.name, description: book.description, settings: book.settings, entries: book.entries })
    .returning({ id: lorebooks.id });
  return row!.id;
}

export async function updateLorebook(
  db: Executor,
  row: LorebookRow,
  patch: { name?: string; description?: string; settings?: Partial<LoreSettings>; entries?: LoreEntry[] },
): Promise<LorebookRow> {
  const [updated] = await db
    .update(lorebooks)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.settings ? { settings: ZLoreSettings.parse({ ...row.settings, ...patch.settings }) } : {}),
      ...(patch.entries ? { entries: patch.entries } : {}),
      updatedAt: new Date(),
    })
    .where(eq(lorebooks.id, row.id))
    .returning();
  return updated!;
}

export async function deleteLorebook(db: Executor, row: LorebookRow): Promise<void> {
  await db.delete(lorebooks).where(eq(lorebooks.id, row.id));
}

/** Attaches the caller's book to their bot, or detaches it (null). Only the bot's owner. */
export async function setBotLorebook(db: Executor, botId: string, ownerId: string, lorebookId: string | null) {
  if (lorebookId) await requireLorebook(db, lorebookId, ownerId);
  const [row] = await db
    .update(bots)
    .set({ lorebookId })
    .where(and(eq(bots.id, botId), eq(bots.createdBy, ownerId)))
    .returning({ id: bots.id, lorebookId: bots.lorebookId });
  if (!row) throw notFound();
  return { botId: row.id, lorebookId: row.lorebookId };
}

/** The chat of the caller's, or 404. */
async function requireOwnChat(db: Executor, chatId: string, userId: string) {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)));
  if (!row) throw notFound();
}

/** The books attached to one chat of the caller's, in the order they were attached. */
export async function chatLorebookList(db: Executor, chatId: string, userId: string): Promise<ChatLorebooks> {
  await requireOwnChat(db, chatId, userId);
  return attachedTo(db, chatId);
}

async function attachedTo(db: Executor, chatId: string): Promise<ChatLorebooks> {
  const items = await db
    .select({ id: lorebooks.id, name: lorebooks.name, entryCount: sql<number>`jsonb_array_length(${lorebooks.entries})::int` })
    .from(chatLorebooks)
    .innerJoin(lorebooks, eq(lorebooks.id, chatLorebooks.lorebookId))
    .where(eq(chatLorebooks.chatId, chatId))
    .orderBy(chatLorebooks.createdAt, lorebooks.id);
  return { items };
}

/** Attaches one of the caller's books to one of their chats (again: nothing changes). */
export async function attachToChat(db: Executor, chatId: string, userId: string, lorebookId: string): Promise<ChatLorebooks> {
  await requireOwnChat(db, chatId, userId);
  await requireLorebook(db, lorebookId, userId);
  await db.transaction(async (tx) => {
    // One attach at a time per chat, so the limit holds when many come at once.
    await tx.execute(sql`select 1 from chats where id = ${chatId} for update`);
    const current = await tx.select({ id: chatLorebooks.lorebookId }).from(chatLorebooks).where(eq(chatLorebooks.chatId, chatId));
    if (!current.some((c) => c.id === lorebookId)) {
      if (current.length >= LORE_LIMITS.perChat) throw badRequest(M.chatLimit, 'lorebookId');
      await tx.insert(chatLorebooks).values({ chatId, lorebookId }).onConflictDoNothing();
    }
  });
  return attachedTo(db, chatId);
}

export async function detachFromChat(db: Executor, chatId: string, userId: string, lorebookId: string): Promise<ChatLorebooks> {
  await requireOwnChat(db, chatId, userId);
  await db.delete(chatLorebooks).where(and(eq(chatLorebooks.chatId, chatId), eq(chatLorebooks.lorebookId, lorebookId)));
  return attachedTo(db, chatId);
}

/**
 * A card's character_book as the bot's lorebook, its owner's (decision 030): at import, and for a
 * bot imported before lorebooks existed, the first time a reply needs it. Two at once attach one
 * book (the other is removed). Answers the bot's lorebook id.
 */
export async function adoptCardBook(
  db: Executor,
  bot: { id: string; createdBy: string; name: string; characterBook: Record<string, unknown> | null },
): Promise<string | null> {
  if (!bot.characterBook) return null;
  const card = fromCharacterBook(bot.characterBook);
  // A book this platform can't keep (over the limits) stays the card's, unused.
  if (!ZLoreEntries.safeParse(card.entries).success) return null;
  return db.transaction(async (tx) => {
    const row = await createLorebook(tx, bot.createdBy, {
      name: (card.name ?? bot.name).slice(0, LORE_LIMITS.bookName),
      description: card.description.slice(0, LORE_LIMITS.description),
      settings: card.settings,
      entries: card.entries,
    });
    // Adopted once: the card's book is the lorebook now (a later detach or delete is the owner's choice, and sticks).
    const [taken] = await tx
      .update(bots)
      .set({ lorebookId: row.id, characterBook: null })
      .where(and(eq(bots.id, bot.id), sql`${bots.lorebookId} is null`, sql`${bots.characterBook} is not null`))
      .returning({ id: bots.lorebookId });
    if (taken) return row.id;
    await tx.delete(lorebooks).where(eq(lorebooks.id, row.id));
    const [current] = await tx.select({ id: bots.lorebookId }).from(bots).where(eq(bots.id, bot.id));
    return current?.id ?? null;
  });
}

/**
 * The books a reply in this chat scans, in SillyTavern's order: the chat's own, then the bot's
 * (its card's book becomes it the first time). One query.
 */
export async function booksForChat(
  db: Executor,
  chat: { id: string },
  bot: { id: string; createdBy: string; name: string; lorebookId: string | null; characterBook: Record<string, unknown> | null },
): Promise<ScanBook[]> {
  const lorebookId = bot.lorebookId ?? (bot.characterBook ? await adoptCardBook(db, bot) : null);
  const rows = await queryRows<{ id: string; settings: LoreSettings; entries: LoreEntry[]; attached: boolean }>(
    db,
    sql`select l.id, l.settings, l.entries, true as attached, cl.created_at as at
        from chat_lorebooks cl join lorebooks l on l.id = cl.lorebook_id where cl.chat_id = ${chat.id}
        union all
        select l.id, l.settings, l.entries, false, null from lorebooks l where l.id = ${lorebookId}
        order by attached desc, at`,
  );
  return rows.map((r) => ({ id: r.id, settings: ZLoreSettings.parse(r.settings), entries: r.entries }));
}

/** A bot's lorebook as its card's character_book (the card export), or null when it has none. */
export async function lorebookForCard(db: Executor, lorebookId: string | null): Promise<Record<string, unknown> | null> {
  if (!lorebookId) return null;
  const [row] = await db.select().from(lorebooks).where(eq(lorebooks.id, lorebookId));
  return row ? toCharacterBook(row) : null;
}

/**
 * A new lorebook of `ownerId` from a file's JSON: a world file, a card's character_book or a whole
 * card (the import route, and the SillyTavern folder import). 400 when it is none of them, or
 * when its entries are over the limits (lorebookFromFile).
 */
export async function importLorebook(db: Executor, ownerId: string, json: unknown, fallbackName?: string): Promise<LorebookRow> {
  return createLorebook(db, ownerId, lorebookFromFile(json, fallbackName));
}

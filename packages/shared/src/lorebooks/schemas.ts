import { z } from 'zod';
import { LORE_LIMITS as L, LORE_MESSAGES as M } from './rules';

/**
 * A lorebook entry (SillyTavern's "world info" entry) as this platform keeps it. The names follow
 * SillyTavern's editor; `extensions` keeps what an imported file held that is not modelled here
 * (probability, groups, timed effects…), so that an export gives it back.
 */
export const ZLoreEntry = z.strictObject({
  /** Unique within its book (SillyTavern's uid). */
  id: z.number().int(M.wholeNumber).min(0, M.wholeNumber).max(L.maxId, M.wholeNumber),
  /** The title in the editor (SillyTavern's comment, a card's name). */
  name: z.string().max(L.name, M.nameTooLong).default(''),
  /** Primary keys: any one of them in the scanned text activates the entry; `/regex/flags` is a regex. */
  keys: z.array(z.string().max(L.key, M.keyTooLong)).max(L.keys, M.tooManyKeys).default([]),
  /** Optional filter, combined by `selectiveLogic`. */
  secondaryKeys: z.array(z.string().max(L.key, M.keyTooLong)).max(L.keys, M.tooManyKeys).default([]),
  selectiveLogic: z.enum(['andAny', 'notAll', 'notAny', 'andAll']).default('andAny'),
  content: z.string().max(L.content, M.contentTooLong).default(''),
  /** Always in the prompt, whatever was said. */
  constant: z.boolean().default(false),
  enabled: z.boolean().default(true),
  /** Insertion order: a higher order is placed later, nearer the end, and kept first when the budget runs out. */
  order: z.number().int(M.wholeNumber).min(-L.maxOrder, M.orderRange).max(L.maxOrder, M.orderRange).default(100),
  position: z.enum(['beforeChar', 'afterChar', 'atDepth']).default('beforeChar'),
  /** For `atDepth`: how many messages from the end of the history (0: after the last one). */
  depth: z.number().int(M.wholeNumber).min(0, M.wholeNumber).max(L.maxDepth, M.depthRange).default(4),
  /** For `atDepth`: who the inserted message is from. */
  role: z.enum(['system', 'user', 'assistant']).default('system'),
  /** Null: the book's setting. */
  caseSensitive: z.boolean().nullable().default(null),
  matchWholeWords: z.boolean().nullable().default(null),
  scanDepth: z.number().int(M.wholeNumber).min(0, M.wholeNumber).max(L.maxDepth, M.depthRange).nullable().default(null),
  /** Not activated by other entries' content (recursion), only by the chat. */
  excludeRecursion: z.boolean().default(false),
  /** Its content does not activate other entries. */
  preventRecursion: z.boolean().default(false),
  extensions: z.record(z.string(), z.unknown()).default({}),
});
export type LoreEntry = z.infer<typeof ZLoreEntry>;
export type LoreEntryInput = z.input<typeof ZLoreEntry>;

/** How a book is scanned (SillyTavern keeps these as global settings; a card's book carries some). */
export const ZLoreSettings = z.strictObject({
  /** How many of the latest messages are scanned for keys. */
  scanDepth: z.number().int(M.wholeNumber).min(0, M.wholeNumber).max(L.maxDepth, M.depthRange).default(2),
  /** The share of the context the activated entries may take, in percent. */
  budgetPercent: z.number().int(M.wholeNumber).min(1, M.budgetRange).max(100, M.budgetRange).default(25),
  /** Activated entries' content is scanned too, and can activate more entries. */
  recursive: z.boolean().default(false),
  caseSensitive: z.boolean().default(false),
  matchWholeWords: z.boolean().default(false),
});
export type LoreSettings = z.infer<typeof ZLoreSettings>;

/** Entries with unique ids. */
export const ZLoreEntries = z
  .array(ZLoreEntry)
  .max(L.entries, M.tooManyEntries)
  .superRefine((entries, ctx) => {
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      if (seen.has(e.id)) ctx.addIssue({ code: 'custom', message: M.duplicateId, path: [i, 'id'] });
      seen.add(e.id);
    });
  });

const ZName = z.string().trim().min(1, M.bookNameRequired).max(L.bookName, M.nameTooLong);

/** POST /api/lorebooks */
export const ZLorebookBody = z.strictObject({
  name: ZName,
  description: z.string().max(L.description, M.descriptionTooLong).default(''),
  settings: ZLoreSettings.default(ZLoreSettings.parse({})),
  entries: ZLoreEntries.default([]),
});
export type LorebookBody = z.input<typeof ZLorebookBody>;

/** PATCH /api/lorebooks/{id}: any of the fields; `entries` replaces them all (the editor saves the list). */
export const ZLorebookPatch = z
  .strictObject({
    name: ZName.optional(),
    description: z.string().max(L.description, M.descriptionTooLong).optional(),
    settings: ZLoreSettings.partial().optional(),
    entries: ZLoreEntries.optional(),
  })
  .refine((p) => Object.keys(p).length > 0, M.nothingToChange);

export const ZLorebook = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  settings: ZLoreSettings,
  entries: z.array(ZLoreEntry),
  /** The bots this book is attached to that the caller owns, and the chats of the caller's it is attached to. */
  botIds: z.array(z.uuid()),
  chatIds: z.array(z.uuid()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lorebook = z.infer<typeof ZLorebook>;

export const ZLorebookSummary = ZLorebook.omit({ entries: true }).extend({ entryCount: z.number().int() });
export type LorebookSummary = z.infer<typeof ZLorebookSummary>;
export const ZLorebookList = z.object({ items: z.array(ZLorebookSummary) });

/** What the model was sent for one reply: GET /api/chats/{id}/messages/{messageId}/prompt */
export const ZReplyPrompt = z.object({
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
  lore: z.array(z.object({ lorebookId: z.uuid(), entryId: z.number().int(), name: z.string() })),
});
export type ReplyPrompt = z.infer<typeof ZReplyPrompt>;

export const ZLorebookParams = z.object({ id: z.uuid(M.notFound) });

/** POST /api/lorebooks/import as JSON: a world file, a card's character_book or a whole card, parsed. */
export const ZLorebookImportBody = z.strictObject({
  data: z.record(z.string(), z.unknown(), { error: M.notAFile }),
  /** The book's name when the file has none (a world file's is its file name). */
  name: z.string().trim().min(1, M.bookNameRequired).max(L.bookName, M.nameTooLong).optional(),
});

/** GET /api/lorebooks/{id}/export?format= : SillyTavern's world file, or a character_book (Card V2 and V3). */
export const ZLorebookExportQuery = z.object({ format: z.enum(['sillytavern', 'card']).default('sillytavern') });

/** PUT /api/bots/{id}/lorebook */
export const ZBotLorebookBody = z.strictObject({ lorebookId: z.uuid(M.notFound).nullable() });
export const ZBotLorebook = z.object({ botId: z.uuid(), lorebookId: z.uuid().nullable() });

/** POST /api/chats/{id}/lorebooks */
export const ZChatLorebookBody = z.strictObject({ lorebookId: z.uuid(M.notFound) });
export const ZChatLorebookParams = z.object({ id: z.uuid(M.notFound), lorebookId: z.uuid(M.notFound) });
/** The books attached to one chat, in the order they were attached (scanned in that order). */
export const ZChatLorebooks = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), entryCount: z.number().int() })),
});
export type ChatLorebooks = z.infer<typeof ZChatLorebooks>;

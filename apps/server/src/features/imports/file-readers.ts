/**
 * What each file of a SillyTavern folder holds, read from its bytes: the CPU-bound part of an
 * import (UTF-8, JSON, YAML, PNG chunks, a card's and a book's checks, the file's digest). Pure,
 * no database and no I/O: it runs in the import's worker thread (parse.worker.ts), so that one
 * large file never holds the event loop (decision 036). The job writes what it answers.
 */
import { createHash } from 'node:crypto';
import type { Transferable } from 'node:worker_threads';
import { IMPORT_LIMITS, type ImportSkipCode } from '@app/shared/imports/rules';
import { AppError } from '../../lib/http-errors';
import { checkedCardFields, readImport, type ImportKind, type ParsedCard } from '../bots/readers';
import { fillMacros, parseStChat, StChatError, type StChat, type StMessage } from '../chats/readers';
import { lorebookFromFile } from '../lorebooks/readers';
import { stemOf, type FileKind } from './plan';
import { groupOf, isGroup, isSettings, isWorld, personasOf, type StGroup, type StPersona } from './sillytavern';

/** What to read a file as: the step that reads it ('loose': only what kind of file it is). */
export type ReadAs = 'loose' | 'settings' | 'world' | 'character' | 'chat' | 'group';

export interface ReadRequest {
  as: ReadAs;
  name: string;
  bytes: Uint8Array;
}

/** A chat's message as the import writes it: its alternatives with SillyTavern's macros filled (no separate `text`: it is one of them). */
export type ReadMessage = Omit<StMessage, 'text'>;
export type ReadChat = Omit<StChat, 'messages'> & { messages: ReadMessage[] };

export type ReadResult =
  | { as: 'loose'; kind: FileKind }
  | { as: 'settings'; personas: StPersona[] }
  | { as: 'world'; digest: string; book: ReturnType<typeof lorebookFromFile> }
  | {
      as: 'character';
      digest: string;
      checked: ReturnType<typeof checkedCardFields>;
      /** The card's own name, when it has one, and the world SillyTavern links it to (extensions.world). */
      name: string | undefined;
      world: string | undefined;
      /** A PNG card's bytes, handed back for its portrait. */
      portrait: Uint8Array | null;
    }
  | { as: 'chat'; digest: string; chat: ReadChat }
  | { as: 'group'; group: StGroup }
  | { as: ReadAs; skip: ImportSkipCode };

/** The SHA-256 of a file's bytes (items.ts itemKey's digest). */
export const digestOf = (content: Uint8Array | string) => createHash('sha256').update(content).digest('base64url');

/** Reads one file (worker side); the buffers of the answer are listed to be handed over without a copy. */
export function readFile(request: ReadRequest): { value: ReadResult; transfer: Transferable[] } {
  const value = read(request);
  const transfer = 'portrait' in value && value.portrait ? [value.portrait.buffer as ArrayBuffer] : [];
  return { value, transfer };
}

function read({ as, name, bytes }: ReadRequest): ReadResult {
  const skip = (code: ImportSkipCode): ReadResult => ({ as, skip: code });
  switch (as) {
    case 'loose':
      if (/\.(png|ya?ml)$/i.test(name)) return { as, kind: 'character' };
      if (/\.jsonl$/i.test(name)) return { as, kind: isGroupChat(bytes) ? 'groupChat' : 'chat' };
      {
        const json = jsonOf(bytes);
        return { as, kind: isSettings(json) ? 'settings' : isWorld(json) ? 'world' : isGroup(json) ? 'group' : 'character' };
      }
    case 'settings': {
      const json = jsonOf(bytes);
      return isSettings(json) ? { as, personas: personasOf(json) } : skip('unsupported');
    }
    case 'world': {
      const json = jsonOf(bytes);
      if (!isWorld(json)) return skip('notAWorld');
      try {
        return { as, digest: digestOf(bytes), book: lorebookFromFile(json, stemOf(name)) };
      } catch (err) {
        if (!isRefusal(err)) throw err;
        return skip('invalidWorld');
      }
    }
    case 'character':
      return readCharacter(name, bytes);
    case 'chat':
      return readChat(bytes);
    case 'group': {
      const group = groupOf(jsonOf(bytes));
      return group ? { as, group } : skip('unsupported');
    }
  }
}

function readCharacter(name: string, bytes: Uint8Array): ReadResult {
  const kind: ImportKind = /\.png$/i.test(name) ? 'png' : /\.ya?ml$/i.test(name) ? 'yaml' : 'json';
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let card: ParsedCard;
  try {
    card = withoutNul(readImport({ kind, bytes: buffer }));
  } catch (err) {
    if (!isRefusal(err)) throw err;
    return { as: 'character', skip: (err as AppError).statusCode === 413 ? 'tooLong' : 'notACard' };
  }
  let checked: ReturnType<typeof checkedCardFields>;
  try {
    checked = checkedCardFields(card);
  } catch (err) {
    if (!isRefusal(err)) throw err;
    return { as: 'character', skip: 'invalidCard' };
  }
  const world = (card.data.extensions as Record<string, unknown> | undefined)?.world;
  return {
    as: 'character',
    digest: digestOf(bytes),
    checked,
    name: typeof card.data.name === 'string' ? card.data.name : undefined,
    world: typeof world === 'string' && world !== '' ? world : undefined,
    portrait: kind === 'png' ? bytes : null,
  };
}

/** A chat file read, or why it is skipped (broken, empty or too long); the macros of replies filled as SillyTavern shows them. */
function readChat(bytes: Uint8Array): ReadResult {
  let chat: StChat;
  try {
    chat = parseStChat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (err) {
    if (!(err instanceof StChatError)) throw err;
    return { as: 'chat', skip: 'brokenChat' };
  }
  const oversized = (m: StMessage) =>
    m.swipes.length > IMPORT_LIMITS.maxSwipes || m.swipes.some((text) => text.length > IMPORT_LIMITS.maxMessageChars);
  if (chat.messages.length === 0) return { as: 'chat', skip: 'emptyChat' };
  if (chat.messages.length > IMPORT_LIMITS.maxMessages || chat.messages.some(oversized)) return { as: 'chat', skip: 'tooLong' };
  const userName = chat.userName ?? chat.messages.find((m) => m.isUser)?.name ?? 'User';
  const messages = chat.messages.map(({ text: _text, ...m }): ReadMessage => {
    // SillyTavern fills {{user}} and {{char}} when it shows a text; a greeting's other swipes keep them raw in the file.
    const fill = (text: string) => (text.includes('{{') ? fillMacros(text, m.name, userName) : text);
    return m.isUser ? m : { ...m, swipes: m.swipes.map(fill) };
  });
  return { as: 'chat', digest: digestOf(bytes), chat: { ...chat, messages } };
}

/** A chat file of ours that names more than one character (a group chat's export). */
function isGroupChat(bytes: Uint8Array): boolean {
  const firstLine = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)))
    .toString('utf8')
    .split('\n', 1)[0]!;
  try {
    return (parseStChat(firstLine).own.botIds?.length ?? 0) > 1;
  } catch {
    return false;
  }
}

function jsonOf(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch {
    return null;
  }
}

/** A value with every NUL character taken out of its texts (PostgreSQL's text and jsonb hold none). */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\0/g, '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/\0/g, ''), withoutNul(v)])) as T;
  }
  return value;
}

/** A refusal of the areas' own (a 4xx AppError): the file is skipped. Anything else is a fault (the job retries). */
export const isRefusal = (err: unknown) => err instanceof AppError && err.statusCode < 500;

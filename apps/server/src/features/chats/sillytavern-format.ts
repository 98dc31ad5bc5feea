/**
 * SillyTavern's chat file (JSONL): a header line `{ user_name, character_name, create_date,
 * chat_metadata }` (group chats of older versions have none), then one message per line
 * `{ name, is_user, is_system, send_date, mes, swipes?, swipe_id?, original_avatar?, extra }`.
 * Read leniently as SillyTavern does (its dates come in three formats), written as it writes them.
 */

import { isObject } from '../../lib/json-object';

/** The key under which our own fields ride along in SillyTavern's `chat_metadata` and `extra`. */
export const OWN_KEY = 'charachat';

export interface StMessage {
  name: string;
  isUser: boolean;
  /** The text shown: `mes`. */
  text: string;
  /** A reply's alternatives (swipes) with `text` among them, and which one is shown. */
  swipes: string[];
  swipeId: number;
  sentAt: Date | null;
  /** A group chat's speaker: the character's avatar file (`original_avatar`). */
  avatar: string | null;
  /** Our own fields, when the file is our export (`extra.charachat`). */
  own: { botId?: string; sentAt?: string };
}

export interface StChat {
  userName: string | null;
  characterName: string | null;
  createdAt: Date | null;
  /** Our own fields, when the file is our export (`chat_metadata.charachat`). */
  own: { botIds?: string[]; title?: string; turnOrder?: 'natural' | 'list' | 'manual'; personaId?: string };
  /** The persona locked to the chat (its avatar file) and the chat's lorebook (a world's name). */
  persona: string | null;
  world: string | null;
  messages: StMessage[];
}

export class StChatError extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is not a chat message`);
  }
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/**
 * A send_date as SillyTavern reads it (utils.js parseTimestamp): Unix milliseconds, "June 19,
 * 2023 2:20pm", "2024-7-12@01h31m37s", "2024-6-5 @14h 56m 50s 682ms", and ISO 8601 (newer
 * versions). Times without a zone are taken as UTC: the file doesn't say which zone it meant.
 */
export function parseSendDate(value: unknown): Date | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const ms = Number(value);
    return Number.isFinite(ms) && ms >= 0 ? validDate(new Date(ms)) : null;
  }
  // SillyTavern's dates are short; a long text is not one (and the patterns below must not scan it).
  if (typeof value !== 'string' || !value || value.length > 64) return null;
  const meridiem = /(\w+)\s(\d{1,2}),\s(\d{4})\s(\d{1,2}):(\d{1,2})\s?(am|pm)/i.exec(value);
  if (meridiem) {
    const [, monthName, day, year, hour, minute, half] = meridiem;
    const month = MONTHS.indexOf(monthName!.toLowerCase());
    if (month < 0) return null;
    const hour24 = (Number(hour) % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
    return validDate(new Date(`${year}-${pad(month + 1)}-${pad(day!)}T${pad(hour24)}:${pad(minute!)}:00Z`));
  }
  const humanized = /(\d{4})-(\d{1,2})-(\d{1,2})\s?@(\d{1,2})h\s?(\d{1,2})m\s?(\d{1,2})s(?:\s(\d{1,3})ms)?/.exec(value);
  if (humanized) {
    const [, y, mo, d, h, mi, s, ms] = humanized;
    return validDate(new Date(`${pad(y!, 4)}-${pad(mo!)}-${pad(d!)}T${pad(h!)}:${pad(mi!)}:${pad(s!)}.${pad(ms ?? 0, 3)}Z`));
  }
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? validDate(new Date(value)) : null;
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "November 27, 2026 6:44pm": what SillyTavern writes in send_date (getMessageTimeStamp), in UTC. */
export function formatSendDate(date: Date): string {
  const month = MONTHS[date.getUTCMonth()]!;
  const hours = date.getUTCHours();
  return `${month[0]!.toUpperCase()}${month.slice(1)} ${date.getUTCDate()}, ${date.getUTCFullYear()} ${hours % 12 || 12}:${pad(date.getUTCMinutes())}${hours < 12 ? 'am' : 'pm'}`;
}

/** "2026-11-27@18h44m42s": SillyTavern's create_date and chat names (humanizedDateTime), in UTC. */
export function formatCreateDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}@${pad(date.getUTCHours())}h${pad(date.getUTCMinutes())}m${pad(date.getUTCSeconds())}s`;
}

// PostgreSQL's text holds no NUL character: a file may carry one (\u0000), and it is dropped.
const textOf = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v)).replace(/\0/g, '');

/**
 * A chat file read whole, or StChatError at the first line that isn't a message (a file cut off
 * in the middle of a line included): a broken file is refused whole, never imported in part.
 * Empty lines are ignored, as SillyTavern ignores them, and so are its notices (system messages
 * with a type); a hidden message (is_system without a type) is kept, as a message.
 */
export function parseStChat(text: string): StChat {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const chat: StChat = { userName: null, characterName: null, createdAt: null, own: {}, persona: null, world: null, messages: [] };
  let first = true;
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new StChatError(index + 1);
    }
    if (!isObject(value)) throw new StChatError(index + 1);
    if (first && !('mes' in value)) {
      chat.userName = typeof value.user_name === 'string' ? textOf(value.user_name) : null;
      chat.characterName =
        typeof value.character_name === 'string' && value.character_name !== 'unused' ? textOf(value.character_name) : null;
      chat.createdAt = parseSendDate(value.create_date);
      const metadata = isObject(value.chat_metadata) ? value.chat_metadata : {};
      chat.persona = typeof metadata.persona === 'string' && metadata.persona ? metadata.persona : null;
      chat.world = typeof metadata.world_info === 'string' && metadata.world_info ? metadata.world_info : null;
      const own = metadata[OWN_KEY];
      if (isObject(own)) {
        chat.own = {
          botIds: Array.isArray(own.botIds) ? own.botIds.filter((id): id is string => typeof id === 'string') : undefined,
          title: typeof own.title === 'string' ? textOf(own.title) : undefined,
          turnOrder: own.turnOrder === 'natural' || own.turnOrder === 'list' || own.turnOrder === 'manual' ? own.turnOrder : undefined,
          personaId: typeof own.personaId === 'string' ? own.personaId : undefined,
        };
      }
      first = false;
      continue;
    }
    first = false;
    if (!('mes' in value)) throw new StChatError(index + 1);
    // SillyTavern's own notices ("Group chat created...", help, bookmarks): never part of the conversation.
    if (value.is_system === true && isObject(value.extra) && typeof value.extra.type === 'string') continue;
    chat.messages.push(messageOf(value));
  }
  return chat;
}

function messageOf(value: Record<string, unknown>): StMessage {
  const isUser = value.is_user === true;
  const text = textOf(value.mes);
  // Only a character's reply has alternatives here; SillyTavern keeps `mes` as the one shown.
  let swipes = !isUser && Array.isArray(value.swipes) && value.swipes.length > 0 ? value.swipes.map(textOf) : [text];
  let swipeId = typeof value.swipe_id === 'number' && Number.isInteger(value.swipe_id) ? value.swipe_id : swipes.indexOf(text);
  if (swipeId < 0 || swipeId >= swipes.length) swipeId = Math.max(0, swipes.indexOf(text));
  if (swipes[swipeId] !== text) swipes = swipes.map((s, i) => (i === swipeId ? text : s));
  const extra = isObject(value.extra) ? value.extra : {};
  const own = isObject(extra[OWN_KEY]) ? extra[OWN_KEY] : {};
  return {
    name: textOf(value.name),
    isUser,
    text,
    swipes,
    swipeId,
    sentAt: parseSendDate(typeof own.sentAt === 'string' ? own.sentAt : value.send_date),
    avatar: typeof value.original_avatar === 'string' ? value.original_avatar : null,
    own: { botId: typeof own.botId === 'string' ? own.botId : undefined },
  };
}

export interface StWriteMessage {
  name: string;
  isUser: boolean;
  sentAt: Date;
  /** The alternatives in order, and which one is shown. */
  swipes: string[];
  swipeId: number;
  /** A group chat's speaker. */
  botId: string | null;
  avatar: string | null;
}

/**
 * A chat as SillyTavern writes it, one JSON value per line. The exact send time rides in
 * `extra.charachat.sentAt` (SillyTavern's own send_date keeps only minutes), the chat's title and
 * characters in `chat_metadata.charachat`: importing the file here again gives back the same chat,
 * and SillyTavern keeps the fields it doesn't know.
 */
export function writeStChat(chat: {
  userName: string;
  characterName: string;
  createdAt: Date;
  title: string;
  botIds: string[];
  /** A group's turn order, and the chat's own persona (ours: read back by our import only). */
  turnOrder?: 'natural' | 'list' | 'manual' | null;
  personaId?: string | null;
  messages: Iterable<StWriteMessage>;
}): string {
  const lines = [
    JSON.stringify({
      user_name: chat.userName,
      character_name: chat.characterName,
      create_date: formatCreateDate(chat.createdAt),
      chat_metadata: {
        [OWN_KEY]: {
          title: chat.title,
          botIds: chat.botIds,
          ...(chat.turnOrder ? { turnOrder: chat.turnOrder } : {}),
          ...(chat.personaId ? { personaId: chat.personaId } : {}),
        },
      },
    }),
  ];
  for (const m of chat.messages) {
    const line: Record<string, unknown> = {
      name: m.name,
      is_user: m.isUser,
      is_system: false,
      send_date: formatSendDate(m.sentAt),
      mes: m.swipes[m.swipeId] ?? '',
    };
    if (!m.isUser) {
      line.swipes = m.swipes;
      line.swipe_id = m.swipeId;
      line.swipe_info = m.swipes.map(() => ({ send_date: line.send_date, extra: {} }));
    }
    if (m.avatar) line.original_avatar = m.avatar;
    line.extra = { [OWN_KEY]: { sentAt: m.sentAt.toISOString(), ...(m.botId ? { botId: m.botId } : {}) } };
    lines.push(JSON.stringify(line));
  }
  return `${lines.join('\n')}\n`;
}

import type { Chat } from '@app/shared/chats/schemas';
import { dateTimeFormat } from '@/lib/intl';

/**
 * What tells a chat from the others with the same character(s). The server titles a new chat, and
 * each of its branches, with the character's name, and a group chat with its characters' names
 * (chats/routes.ts, branch.ts, group.ts): such a title says nothing more than the header does. An
 * imported SillyTavern chat keeps the file's name ("Mira - 2025-05-12@18h 52m 25s") or the title
 * it was exported with, and that title is what tells it apart. Otherwise the chat's start does.
 */
export type ChatSubtitle = { kind: 'title'; text: string } | { kind: 'started'; date: string };

/** The name the list and the header show first: a group's title (its characters' names), or the character's. */
export const chatName = (chat: Chat) => (chat.group ? chat.title : chat.bot.name);

/** The chat's own title, when it is more than its character's name (a group's title is its name already). */
export function ownTitle(chat: Chat): string | null {
  if (chat.group) return null;
  const title = chat.title.trim();
  return title && title.toLocaleLowerCase() !== chat.bot.name.trim().toLocaleLowerCase() ? title : null;
}

/** "May 12, 6:52 PM", "12 мая, 08:52": the year only when it is not this one, seconds when asked for. */
export function startDate(iso: string, language: string, withSeconds = false, now: Date = new Date()): string {
  const date = new Date(iso);
  if (!Number.isFinite(date.getTime())) return '';
  // "02:03" where the clock runs to 24 (as the language's own short time has it), "2:03 AM" where it runs to 12.
  const { hourCycle } = dateTimeFormat(language, { hour: 'numeric' }).resolvedOptions();
  return dateTimeFormat(language, {
    year: date.getFullYear() !== now.getFullYear() ? 'numeric' : undefined,
    month: 'short',
    day: 'numeric',
    hour: hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
  }).format(date);
}

/** The header's second line: the chat's own title, else when it began. */
export function headerSubtitle(chat: Chat, language: string, now?: Date): ChatSubtitle {
  const title = ownTitle(chat);
  return title ? { kind: 'title', text: title } : { kind: 'started', date: startDate(chat.createdAt, language, false, now) };
}

/**
 * The list's second line of each chat, by id, where one is needed: a chat's own title always; its
 * start when another chat on the page has the same name, to the second when the minute is shared too.
 */
export function listSubtitles(chats: readonly Chat[], language: string, now?: Date): Map<string, ChatSubtitle> {
  const subtitles = new Map<string, ChatSubtitle>();
  const named = new Map<string, number>();
  for (const chat of chats) named.set(chatName(chat), (named.get(chatName(chat)) ?? 0) + 1);
  // A title shared by chats of the same name tells nothing (the chats of a bot renamed since they began carry its old name).
  const titled = new Map<string, number>();
  for (const chat of chats) {
    const title = ownTitle(chat);
    if (title) titled.set(`${chatName(chat)}|${title}`, (titled.get(`${chatName(chat)}|${title}`) ?? 0) + 1);
  }
  const dated = chats.filter((chat) => {
    const title = ownTitle(chat);
    if (title && titled.get(`${chatName(chat)}|${title}`) === 1) {
      subtitles.set(chat.id, { kind: 'title', text: title });
      return false;
    }
    return named.get(chatName(chat))! > 1;
  });
  const minute = (chat: Chat) => `${chatName(chat)}|${startDate(chat.createdAt, language, false, now)}`;
  const sameMinute = new Map<string, number>();
  for (const chat of dated) sameMinute.set(minute(chat), (sameMinute.get(minute(chat)) ?? 0) + 1);
  for (const chat of dated) {
    const seconds = sameMinute.get(minute(chat))! > 1;
    subtitles.set(chat.id, { kind: 'started', date: startDate(chat.createdAt, language, seconds, now) });
  }
  return subtitles;
}

/** A subtitle as text: the title, or when the chat began in the caller's words ("Started …"). */
export const subtitleText = (subtitle: ChatSubtitle, started: (date: string) => string) =>
  subtitle.kind === 'title' ? subtitle.text : started(subtitle.date);

import { ZChat, ZMessagePage, type Chat } from '@app/shared/chats/schemas';
import type { ChatAddress } from './open-chat';

/** What the page's early script (scripts/chat-early.js, in dist/chat.html) asked for as the page started. */
interface EarlyChat {
  path: string;
  answer: Promise<{ chat: unknown; messages?: Promise<{ chatId: string; page: unknown } | undefined> } | undefined>;
}

type MessagePage = ReturnType<typeof ZMessagePage.parse>;

let early: EarlyChat | undefined = typeof window === 'undefined' ? undefined : (window as { __chatEarly?: EarlyChat }).__chatEarly;
let messages: Promise<{ chatId: string; page: unknown } | undefined> | undefined;

/**
 * The chat that the page's early script found for this address, taken once: the chat (null when
 * the bot has none with this user yet), or undefined when it has nothing to give (no early call,
 * another address, a failure): then the page asks itself, and shows what goes wrong.
 */
export async function takeEarlyChat({ chatId, botId, fresh }: ChatAddress): Promise<Chat | null | undefined> {
  const taken = early;
  early = undefined;
  if (!taken || fresh || taken.path.replace(/\/$/, '') !== (chatId ? `/chats/${chatId}` : `/chat/${botId}`)) return undefined;
  const answer = await taken.answer.catch(() => undefined);
  if (!answer) return undefined;
  messages = answer.messages;
  // A chat's own address gets its chat beside its messages (a promise), a bot's its newest chat.
  const found: unknown = await Promise.resolve(answer.chat).catch(() => undefined);
  if (found === null && !chatId) return null;
  const chat = ZChat.safeParse(found);
  return chat.success ? chat.data : undefined;
}

/** The chat's newest page of messages that the early script asked for, taken once, or undefined. */
export function takeEarlyMessages(chatId: string): Promise<MessagePage | undefined> | undefined {
  const taken = messages;
  messages = undefined;
  return taken?.then(
    (got) => {
      const page = got?.chatId === chatId ? ZMessagePage.safeParse(got.page) : undefined;
      return page?.success ? page.data : undefined;
    },
    () => undefined,
  );
}

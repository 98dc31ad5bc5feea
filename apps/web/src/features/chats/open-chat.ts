import type { QueryClient } from '@tanstack/react-query';
import { appInfoQuery } from '@/lib/app-info';
import { fetchMessages, getChat, latestChatWith, startChat } from './api';
import { takeEarlyChat, takeEarlyMessages } from './early-chat';

type MessagePage = Awaited<ReturnType<typeof fetchMessages>>;

/** What a chat page's address names: a given chat (/chats/{id}), or the newest or a new one with a bot (/chat/{botId}). */
export interface ChatAddress {
  chatId?: string;
  botId?: string;
  /** ?new=1: always a new chat. */
  fresh: boolean;
}

// A chat's newest page of messages is asked for as soon as the chat's id is known, so that it
// travels while the page renders instead of after (the conversation takes it once). A page left
// untaken (the user went elsewhere) is not served later: it would be out of date.
const FIRST_PAGE_KEPT_MS = 10_000;
const firstPages = new Map<string, { page: Promise<MessagePage>; at: number }>();

function prefetchFirstPage(chatId: string): void {
  const kept = firstPages.get(chatId);
  if (kept && Date.now() - kept.at < FIRST_PAGE_KEPT_MS) return;
  // The page's early script's, if it asked for this chat's (dist/chat.html), else a call now.
  const page = takeEarlyMessages(chatId)?.then((got) => got ?? fetchMessages(chatId)) ?? fetchMessages(chatId);
  const entry = { page, at: Date.now() };
  // A failed page is not kept: the conversation's own call asks again, and reports a failure.
  page.catch(() => {
    if (firstPages.get(chatId) === entry) firstPages.delete(chatId);
  });
  firstPages.set(chatId, entry);
}

/** The newest page of a chat: the one already asked for, if it is recent, or a new call. */
export function takeFirstPage(chatId: string): Promise<MessagePage> {
  const kept = firstPages.get(chatId);
  firstPages.delete(chatId);
  return kept && Date.now() - kept.at < FIRST_PAGE_KEPT_MS ? kept.page : fetchMessages(chatId);
}

/**
 * The chat page's query: the chat its address names, starting one when there is none. On its first
 * load (nothing in `client`'s cache yet) it also asks for the chat's newest messages; a refetch in
 * the background (the chats were invalidated) leaves them to the conversation on screen.
 */
export function openChatQuery({ chatId, botId, fresh }: ChatAddress, client?: QueryClient) {
  const queryKey = ['chats', 'open', chatId ?? botId, fresh] as const;
  const first = () => client === undefined || client.getQueryData(queryKey) === undefined;
  return {
    queryKey,
    queryFn: async () => {
      // On the first load, what the page's early script found, if anything (early-chat.ts).
      const early = first() ? await takeEarlyChat({ chatId, botId, fresh }) : undefined;
      if (chatId) {
        if (first()) prefetchFirstPage(chatId);
        return early ?? getChat(chatId);
      }
      const chat = (fresh ? null : early !== undefined ? early : await latestChatWith(botId!)) ?? (await startChat(botId!));
      if (first()) prefetchFirstPage(chat.id);
      return chat;
    },
    staleTime: Infinity,
    retry: false,
  };
}

/** The chat an address names, or null when the address is no chat page's. */
export function chatAddressOf(pathname: string, search: string): ChatAddress | null {
  const match = /^\/chat(s?)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const fresh = new URLSearchParams(search).get('new') === '1';
  return match[1] ? { chatId: match[2], fresh } : { botId: match[2], fresh };
}

/**
 * Called by main.tsx when the page loads on a chat's address: the chat and its messages are asked
 * for now, beside the session's refresh (calls wait for it), instead of after the app's first render.
 */
export function prefetchOpenChat(queryClient: QueryClient, address = chatAddressOf(location.pathname, location.search)): void {
  if (!address) return;
  void queryClient.prefetchQuery(openChatQuery(address, queryClient));
  // The page's notice of the offline responder waits for it.
  void queryClient.prefetchQuery(appInfoQuery);
}

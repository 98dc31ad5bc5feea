import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZChat,
  ZChatMessage,
  ZChatPage,
  ZMessagePage,
  ZRateResult,
  type Chat,
  type ChatMessage,
  type TurnOrder,
} from '@app/shared/chats/schemas';
import { api } from '@/lib/api-client';

export const chatKeys = {
  all: ['chats'] as const,
  lists: ['chats', 'list'] as const,
  list: (q: string) => ['chats', 'list', q] as const,
  one: (id: string) => ['chats', id] as const,
  /** The chat pages' own queries (open-chat.ts). */
  open: ['chats', 'open'] as const,
};

export function useChats(q: string) {
  return useQuery({
    queryKey: chatKeys.list(q),
    queryFn: () => api(`/api/chats?limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, { schema: ZChatPage }),
  });
}

export const getChat = (id: string) => api(`/api/chats/${id}`, { schema: ZChat });
/** A new chat with the history up to a message, linked to this one (issue 20 §4). */
export const branchChat = (chatId: string, messageId: string) =>
  api(`/api/chats/${chatId}/branch`, { method: 'POST', body: { messageId }, schema: ZChat });
export const startChat = (botId: string) => api('/api/chats', { method: 'POST', body: { botId }, schema: ZChat });
/** Group chats (issue 20 §3). */
export const startGroupChat = (botIds: string[], turnOrder: TurnOrder) =>
  api('/api/chats', { method: 'POST', body: { botIds, turnOrder }, schema: ZChat });
export const addGroupBot = (chatId: string, botId: string) =>
  api(`/api/chats/${chatId}/bots`, { method: 'POST', body: { botId }, schema: ZChat });
export const removeGroupBot = (chatId: string, botId: string) =>
  api(`/api/chats/${chatId}/bots/${botId}`, { method: 'DELETE', schema: ZChat });
export const setTurnOrder = (chatId: string, turnOrder: TurnOrder) =>
  api(`/api/chats/${chatId}`, { method: 'PATCH', body: { turnOrder }, schema: ZChat });
/** The newest chat with a bot, if any. */
export const latestChatWith = async (botId: string) =>
  (await api(`/api/chats?botId=${botId}&limit=1`, { schema: ZChatPage })).items[0] ?? null;
export const fetchMessages = (chatId: string, before?: string) =>
  api(`/api/chats/${chatId}/messages?limit=50${before ? `&before=${before}` : ''}`, { schema: ZMessagePage });
export const selectVariant = (chatId: string, messageId: string) =>
  api(`/api/chats/${chatId}/messages/${messageId}`, { method: 'PATCH', body: { selected: true }, schema: ZChatMessage });
export const editMessage = (chatId: string, messageId: string, content: string) =>
  api(`/api/chats/${chatId}/messages/${messageId}`, { method: 'PATCH', body: { content }, schema: ZChatMessage });
export const deleteMessage = (chatId: string, messageId: string) => api(`/api/chats/${chatId}/messages/${messageId}`, { method: 'DELETE' });
/** Tells the server that a reply finished while this tab was hidden: the user gets a "new message" notification. */
export const reportUnseenReply = (chatId: string, messageId: string) =>
  api(`/api/chats/${chatId}/messages/${messageId}/unseen`, { method: 'POST' });

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/chats/${id}`, { method: 'DELETE' }),
    // The lists are asked again; an open chat page's query is left alone (refetching an open
    // /chat/{botId}?new=1 would start another chat), the deleted chat's own dropped.
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.open, predicate: (q) => (q.state.data as Chat | undefined)?.id === id });
      return queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

export function useRateBot() {
  return useMutation({
    mutationFn: ({ botId, rating }: { botId: string; rating: number }) =>
      api(`/api/bots/${botId}/rate`, { method: 'POST', body: { rating }, schema: ZRateResult }),
  });
}

export type { Chat, ChatMessage };

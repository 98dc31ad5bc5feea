import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZChatLorebooks,
  ZLorebook,
  ZLorebookList,
  type ChatLorebooks,
  type LorebookBody,
  type LoreEntry,
  type LoreSettings,
} from '@app/shared/lorebooks/schemas';
import { api, apiDownload, apiUpload } from '@/lib/api-client';

export const lorebookKeys = {
  all: ['lorebooks'] as const,
  one: (id: string) => ['lorebooks', id] as const,
  /** The books attached to one chat (issue 20 §1), in the order they are scanned. */
  chats: ['chat-lorebooks'] as const,
  chat: (chatId: string) => ['chat-lorebooks', chatId] as const,
};

/** The caller's lorebooks, without their entries. */
export function useLorebooks(enabled = true) {
  return useQuery({ queryKey: lorebookKeys.all, queryFn: () => api('/api/lorebooks', { schema: ZLorebookList }), enabled });
}

/** One lorebook with its entries. */
export function useLorebook(id: string | null) {
  return useQuery({
    queryKey: lorebookKeys.one(id ?? 'none'),
    queryFn: () => api(`/api/lorebooks/${id}`, { schema: ZLorebook }),
    enabled: id !== null,
  });
}

export function useCreateLorebook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LorebookBody) => api('/api/lorebooks', { method: 'POST', body, schema: ZLorebook }),
    onSuccess: (book) => {
      client.setQueryData(lorebookKeys.one(book.id), book);
      void client.invalidateQueries({ queryKey: lorebookKeys.all, exact: true });
    },
  });
}

/** Imports a SillyTavern world file or a card (JSON or PNG). */
export function useImportLorebook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiUpload('/api/lorebooks/import', 'file', file, ZLorebook),
    onSuccess: (book) => {
      client.setQueryData(lorebookKeys.one(book.id), book);
      void client.invalidateQueries({ queryKey: lorebookKeys.all, exact: true });
    },
  });
}

export interface LorebookChange {
  name?: string;
  description?: string;
  settings?: Partial<LoreSettings>;
  entries?: LoreEntry[];
}

export function useSaveLorebook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LorebookChange) => api(`/api/lorebooks/${id}`, { method: 'PATCH', body: change, schema: ZLorebook }),
    onSuccess: (book) => {
      client.setQueryData(lorebookKeys.one(book.id), book);
      void client.invalidateQueries({ queryKey: lorebookKeys.all, exact: true });
      // A chat's list shows the book's name and entry count.
      void client.invalidateQueries({ queryKey: lorebookKeys.chats });
    },
  });
}

export function useDeleteLorebook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/lorebooks/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: lorebookKeys.one(id) });
      void client.invalidateQueries({ queryKey: lorebookKeys.all, exact: true });
      // A deleted book leaves every chat it was attached to.
      void client.invalidateQueries({ queryKey: lorebookKeys.chats });
    },
  });
}

export const downloadLorebook = (id: string, name: string, format: 'sillytavern' | 'card') =>
  apiDownload(`/api/lorebooks/${id}/export?format=${format}`, `${name}.json`);

/** The books attached to one chat of the caller's: scanned before its bot's own. */
export function useChatLorebooks(chatId: string) {
  return useQuery({
    queryKey: lorebookKeys.chat(chatId),
    queryFn: () => api(`/api/chats/${chatId}/lorebooks`, { schema: ZChatLorebooks }),
  });
}

/** Attaches one of the caller's books to a chat, or detaches one; both answer the chat's books. */
export function useChatLorebookChange(chatId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lorebookId, attach }: { lorebookId: string; attach: boolean }) =>
      attach
        ? api(`/api/chats/${chatId}/lorebooks`, { method: 'POST', body: { lorebookId }, schema: ZChatLorebooks })
        : api(`/api/chats/${chatId}/lorebooks/${lorebookId}`, { method: 'DELETE', schema: ZChatLorebooks }),
    onSuccess: (books: ChatLorebooks) => {
      client.setQueryData(lorebookKeys.chat(chatId), books);
      // The books' own `chatIds` changed.
      void client.invalidateQueries({ queryKey: lorebookKeys.all });
    },
  });
}

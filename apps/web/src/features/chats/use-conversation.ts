import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@app/shared/chats/schemas';
import { tokenBalanceKey } from '@/features/tokens/api';
import { apiStream, type StreamEvent } from '@/lib/api-client';
import { chatKeys, deleteMessage, editMessage, fetchMessages, reportUnseenReply, selectVariant } from './api';
import { takeFirstPage } from './open-chat';

/** Puts a message in place (same id) or at the end. */
export function upsert(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const i = messages.findIndex((m) => m.id === message.id);
  return i < 0 ? [...messages, message] : messages.map((m, j) => (j === i ? message : m));
}

const placeholder = (chatId: string, id: string, botId: string | null = null): ChatMessage => ({
  id,
  chatId,
  role: 'assistant',
  content: '',
  status: 'streaming',
  error: null,
  variants: [id],
  variantIndex: 0,
  botId,
  speaker: null,
  createdAt: new Date().toISOString(),
  editedAt: null,
  copied: false,
});

/**
 * A conversation on screen: the newest page, older pages on demand, and replies that stream in
 * token by token. Stop aborts the stream (the server keeps what came); the balance in the header
 * refreshes after each reply.
 */
export function useConversation(chatId: string) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const controller = useRef<AbortController | null>(null);

  const apply = useCallback((page: { items: ChatMessage[]; hasMore: boolean }) => {
    setMessages(page.items);
    setHasMore(page.hasMore);
    setLoading(false);
  }, []);
  const fail = useCallback((err: unknown) => {
    setLoadError(err as Error);
    setLoading(false);
  }, []);
  useEffect(() => {
    let live = true;
    takeFirstPage(chatId).then(
      (page) => live && apply(page),
      (err: unknown) => live && fail(err),
    );
    return () => {
      live = false;
      controller.current?.abort();
    };
  }, [chatId, apply, fail]);
  const load = async () => {
    setLoading(true);
    setLoadError(null);
    await fetchMessages(chatId).then(apply, fail);
  };

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await fetchMessages(chatId, first.id);
    setMessages((current) => [...page.items, ...current]);
    setHasMore(page.hasMore);
  };

  /** Runs one streamed reply; `replacing` is the reply being regenerated (the new one takes its place). */
  const run = async (path: string, body: unknown, replacing?: string) => {
    setError(null);
    setStreaming(true);
    const abort = new AbortController();
    controller.current = abort;
    let liveId = replacing ?? '';
    const onEvent = ({ event, data }: StreamEvent) => {
      const d = data as {
        id?: string;
        text?: string;
        message?: ChatMessage;
        error?: { message: string };
        botId?: string | null;
      } & ChatMessage;
      if (event === 'user') setMessages((m) => upsert(m, d));
      else if (event === 'start') {
        const id = d.id!;
        const live = placeholder(chatId, id, d.botId ?? null);
        setMessages((m) => (replacing ? m.map((x) => (x.id === replacing ? live : x)) : [...m, live]));
        liveId = id;
      } else if (event === 'token') setMessages((m) => m.map((x) => (x.id === liveId ? { ...x, content: x.content + d.text } : x)));
      else if (event === 'done' || event === 'error') {
        if (d.message) setMessages((m) => upsert(m, d.message!));
        // Finished while the user looked elsewhere: the bell (and push or email, per the settings) tells them.
        if (event === 'done' && d.message && document.visibilityState === 'hidden') {
          reportUnseenReply(chatId, d.message.id).catch(() => undefined);
        }
        if (event === 'error') setError(new Error(d.error?.message ?? 'The reply could not be completed'));
      }
    };
    try {
      await apiStream(path, body, onEvent, abort.signal);
    } catch (err) {
      if (!abort.signal.aborted) setError(err as Error);
      else if (liveId) setMessages((m) => m.map((x) => (x.id === liveId ? { ...x, status: 'stopped' } : x)));
    } finally {
      setStreaming(false);
      controller.current = null;
      void queryClient.invalidateQueries({ queryKey: tokenBalanceKey });
      // The lists only: the open chat's own query would start another chat on /chat/{botId}?new=1.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    }
  };

  return {
    messages,
    hasMore,
    loading,
    loadError,
    reload: load,
    loadOlder,
    streaming,
    error,
    clearError: () => setError(null),
    /** `botId`: in a group chat, who replies ("Reply as"); otherwise the turn order picks. */
    send: (content: string, botId?: string) => run(`/api/chats/${chatId}/messages`, { content, ...(botId ? { botId } : {}) }),
    regenerate: (messageId: string) => run(`/api/chats/${chatId}/messages/${messageId}/regenerate`, {}, messageId),
    stop: () => controller.current?.abort(),
    async showVariant(message: ChatMessage, index: number) {
      const id = message.variants[index];
      if (!id) return;
      const shown = await selectVariant(chatId, id);
      setMessages((m) => m.map((x) => (x.id === message.id ? shown : x)));
    },
    async edit(messageId: string, content: string) {
      const edited = await editMessage(chatId, messageId, content);
      setMessages((m) => upsert(m, edited));
    },
    async remove(messageId: string) {
      await deleteMessage(chatId, messageId);
      setMessages((m) => m.filter((x) => x.id !== messageId));
    },
  };
}
export type Conversation = ReturnType<typeof useConversation>;

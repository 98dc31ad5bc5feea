import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZInAppNotification,
  ZNotificationList,
  ZNotificationsCleared,
  type InAppNotification,
  type NotificationFilter,
  type NotificationList,
} from '@app/shared/notifications/schemas';
import { api } from '@/lib/api-client';

/** Every list of the bell and the page lives under this key, so that one change refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const BELL_PAGE_SIZE = 10;
/** Rows per page of the /notifications page's infinite scroll. */
export const FEED_PAGE_SIZE = 20;

const ZReadAll = z.object({ updated: z.number(), unreadCount: z.number() });

/**
 * A page of the bell's notifications. Nothing polls: the live stream (features/live) marks the
 * lists stale when a notification is created, and they are read again on window focus.
 */
export function useNotificationList(opts: { page?: number; limit?: number; unreadOnly?: boolean; enabled?: boolean } = {}) {
  const { page = 1, limit = BELL_PAGE_SIZE, unreadOnly = false, enabled = true } = opts;
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, { page, limit, unreadOnly }],
    queryFn: ({ signal }) =>
      api(`/api/user/notifications?page=${page}&limit=${limit}&unreadOnly=${unreadOnly}`, { schema: ZNotificationList, signal }),
    enabled,
    refetchOnWindowFocus: true,
    // Focus events come often; a list younger than this is not fetched again for one.
    staleTime: 20_000,
    placeholderData: (previous) => previous,
  });
}

/** The /notifications page: one type filter (or all), unread or all, page after page by cursor. */
export function useNotificationFeed(opts: { type: NotificationFilter | null; unreadOnly: boolean }) {
  const { type, unreadOnly } = opts;
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'feed', { type, unreadOnly }],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE), unreadOnly: String(unreadOnly) });
      if (type) query.set('type', type);
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/user/notifications?${query.toString()}`, { schema: ZNotificationList, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: true,
    staleTime: 20_000,
  });
}

type Cached = NotificationList | InfiniteData<NotificationList> | undefined;

/** Applies a change to every cached list, the bell's pages and the feed's pages alike. */
function updateLists(queryClient: QueryClient, change: (list: NotificationList) => NotificationList) {
  queryClient.setQueriesData<Cached>({ queryKey: NOTIFICATIONS_KEY }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map(change) };
    return change(data);
  });
}

/** Marks read and refreshes the lists; the answered notification updates the cached pages at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/user/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', schema: ZInAppNotification }),
    onSuccess: (updated) => {
      // Every list knows the unread count; the first list that held it unread says whether it changes.
      let wasUnread: boolean | null = null;
      queryClient.getQueriesData<Cached>({ queryKey: NOTIFICATIONS_KEY }).forEach(([, data]) => {
        const lists = !data ? [] : 'pages' in data ? data.pages : [data];
        const found = lists.flatMap((l) => l.items).find((n: InAppNotification) => n.id === updated.id);
        if (found && wasUnread === null) wasUnread = !found.read;
      });
      updateLists(queryClient, (list) => ({
        ...list,
        items: list.items.map((n) => (n.id === updated.id ? updated : n)),
        unreadCount: wasUnread ? Math.max(0, list.unreadCount - 1) : list.unreadCount,
      }));
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/notifications/read-all', { method: 'POST', schema: ZReadAll }),
    onSuccess: () => {
      updateLists(queryClient, (list) => ({ ...list, unreadCount: 0, items: list.items.map((n) => ({ ...n, read: true })) }));
      // A list of unread ones only is empty now.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/user/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      updateLists(queryClient, (list) => ({ ...list, items: list.items.filter((n) => n.id !== id) }));
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

/** The bell's Clear all: every notification of the user, read or not. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/notifications', { method: 'DELETE', schema: ZNotificationsCleared }),
    onSuccess: () => {
      updateLists(queryClient, (list) => ({ ...list, items: [], total: 0, unreadCount: 0, nextCursor: null }));
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

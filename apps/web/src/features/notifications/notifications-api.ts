import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZInAppNotification, ZNotificationList, type NotificationList } from '@app/shared/notifications/schemas';
import { api } from '@/lib/api-client';

/** Every list of the bell and the page lives under this key, so that one change refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The bell polls once a minute (one read of the 50 per minute that the client allows) and on window focus. */
export const BELL_POLL_MS = 60_000;
export const BELL_PAGE_SIZE = 10;

const ZReadAll = z.object({ updated: z.number(), unreadCount: z.number() });

export function useNotificationList(opts: { page?: number; limit?: number; unreadOnly?: boolean; poll?: boolean; enabled?: boolean } = {}) {
  const { page = 1, limit = BELL_PAGE_SIZE, unreadOnly = false, poll = false, enabled = true } = opts;
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, { page, limit, unreadOnly }],
    queryFn: ({ signal }) =>
      api(`/api/user/notifications?page=${page}&limit=${limit}&unreadOnly=${unreadOnly}`, { schema: ZNotificationList, signal }),
    enabled,
    refetchInterval: poll ? BELL_POLL_MS : false,
    // Also while the tab is hidden: that is when the desktop notification of the In-App tab matters.
    refetchIntervalInBackground: poll,
    refetchOnWindowFocus: true,
    // Focus events come often; a list younger than this is not fetched again for one.
    staleTime: 20_000,
    placeholderData: (previous) => previous,
  });
}

/** Marks read and refreshes the lists; the answered notification updates the cached pages at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/user/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', schema: ZInAppNotification }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<NotificationList>({ queryKey: NOTIFICATIONS_KEY }, (list) => {
        if (!list) return list;
        const was = list.items.find((n) => n.id === updated.id);
        return {
          ...list,
          items: list.items.map((n) => (n.id === updated.id ? updated : n)),
          unreadCount: was && !was.read ? Math.max(0, list.unreadCount - 1) : list.unreadCount,
        };
      });
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/notifications/read-all', { method: 'POST', schema: ZReadAll }),
    onSuccess: () => {
      queryClient.setQueriesData<NotificationList>({ queryKey: NOTIFICATIONS_KEY }, (list) =>
        list ? { ...list, unreadCount: 0, items: list.items.map((n) => ({ ...n, read: true })) } : list,
      );
    },
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/user/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

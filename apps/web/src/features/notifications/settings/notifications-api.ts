import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZNotificationTestResult, type TestChannel } from '@app/shared/notifications/schemas';
import { ZNotificationSettings, type NotificationPatch, type NotificationSettings } from '@app/shared/notifications/settings';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from '@/features/notifications/notifications-api';
import { useLocalSettings } from '@/features/settings/local-settings';

export const NOTIFICATION_SETTINGS_KEY = ['settings', 'notifications'] as const;

/** The browser's IANA zone, in which the server reads the digest's time. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function useStoreNotifications() {
  const queryClient = useQueryClient();
  return (values: NotificationSettings) => {
    queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, values);
    useLocalSettings.getState().setNotifications(values);
  };
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: async () => {
      const values = await api('/api/user/settings/notifications', { schema: ZNotificationSettings });
      useLocalSettings.getState().setNotifications(values);
      return values;
    },
  });
}

/** Saves the changes; with the digest on, also tells the server this browser's time zone (the digest's clock). */
export function useSaveNotifications() {
  const store = useStoreNotifications();
  return useMutation({
    mutationFn: async (patch: NotificationPatch) => {
      const saved = await api('/api/user/settings/notifications', { method: 'PATCH', body: patch, schema: ZNotificationSettings });
      if (saved.digest.enabled) await api('/api/user/time-zone', { method: 'PUT', body: { timeZone: browserTimeZone() } });
      return saved;
    },
    onSuccess: store,
  });
}

export function useResetNotifications() {
  const store = useStoreNotifications();
  return useMutation({
    mutationFn: () => api('/api/user/settings/notifications/reset', { method: 'POST', schema: ZNotificationSettings }),
    onSuccess: store,
  });
}

export function useTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: TestChannel) =>
      api('/api/user/notifications/test', { method: 'POST', body: { type }, schema: ZNotificationTestResult }),
    // An in-app test shows in the bell at once.
    onSuccess: (_result, type) => {
      if (type === 'inApp') void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

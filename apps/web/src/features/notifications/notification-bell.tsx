import { Bell, CheckCheck, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NOTIFICATION_POPOVER_HEIGHT_PX } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import type { InAppNotification } from '@app/shared/notifications/schemas';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useLocalSettings } from '@/features/settings/local-settings';
import { announceArrival } from './arrival-effects';
import { ClearNotificationsDialog } from './clear-notifications-dialog';
import { NotificationItem } from './notification-item';
import { NotificationListStates } from './notification-list-states';
import { useMarkAllRead, useMarkRead, useNotificationList } from './notifications-api';
import './texts';

/** The header's bell (signed-in users only): the unread count, and the newest notifications in a popover. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useNotificationList();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [confirmClear, setConfirmClear] = useState(false);
  const unread = list.data?.unreadCount ?? 0;
  const hasAny = (list.data?.items.length ?? 0) > 0;
  const failed = () => toast.error(t('notificationsBell.actionFailed'));
  useArrivalEffects(list.data?.unreadCount, list.data?.items[0]);

  const openNotification = (n: InAppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) {
      setOpen(false);
      void navigate(n.link);
    }
  };

  const label = unread > 0 ? t('notificationsBell.labelUnread', { count: unread }) : t('notificationsBell.label');
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="ghost" size="icon" className="relative" aria-label={label} data-testid="notification-bell">
            <Bell />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-solid px-1 text-[10px] font-semibold leading-none text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-label={t('notificationsBell.title')}
            className="z-50 flex w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none"
            style={{ maxHeight: NOTIFICATION_POPOVER_HEIGHT_PX }}
          >
            <div className="flex items-center justify-between gap-1 border-b py-2 pl-3 pr-1">
              <h2 className="text-sm font-semibold">{t('notificationsBell.title')}</h2>
              <div className="flex items-center">
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  disabled={unread === 0 || markAll.isPending}
                  onClick={() => markAll.mutate(undefined, { onError: failed })}
                >
                  <CheckCheck />
                  {t('notificationsBell.markAllRead')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  disabled={!hasAny}
                  onClick={() => {
                    setOpen(false);
                    setConfirmClear(true);
                  }}
                >
                  <Trash2 />
                  {t('notificationsBell.clearAll')}
                </Button>
              </div>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto p-1">
              <NotificationListStates
                list={list}
                skeletonRows={3}
                isEmpty={list.data?.items.length === 0}
                empty={t('notificationsBell.empty')}
              >
                <ul className="grid gap-0.5">
                  {(list.data?.items ?? []).map((n) => (
                    <NotificationItem
                      key={n.id}
                      notification={n}
                      compact
                      onOpen={openNotification}
                      onMarkRead={(x) => markRead.mutate(x.id, { onError: failed })}
                    />
                  ))}
                </ul>
              </NotificationListStates>
            </div>
            <div className="border-t p-1">
              <Button variant="ghost" size="sm" className="w-full" asChild>
                <Link to={ROUTES.notifications} onClick={() => setOpen(false)}>
                  {t('notificationsBell.viewAll')}
                </Link>
              </Button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <ClearNotificationsDialog open={confirmClear} onOpenChange={setConfirmClear} />
    </>
  );
}

/** Sound, vibration and the desktop notification when the list, read again, has more unread than before (not on the first load). */
function useArrivalEffects(unreadCount: number | undefined, newest: InAppNotification | undefined) {
  const previous = useRef<number | undefined>(undefined);
  const inApp = useLocalSettings((s) => s.notifications?.inApp ?? null);
  useEffect(() => {
    if (unreadCount === undefined) return;
    if (previous.current !== undefined && unreadCount > previous.current) announceArrival(inApp, newest);
    previous.current = unreadCount;
  }, [unreadCount, newest, inApp]);
}

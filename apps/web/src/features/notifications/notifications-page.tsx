import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { InAppNotification } from '@app/shared/notifications/schemas';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { NotificationItem } from './notification-item';
import { NotificationListStates } from './notification-list-states';
import { useDeleteNotification, useMarkAllRead, useMarkRead, useNotificationList } from './notifications-api';

const PAGE_SIZE = 20;

/** /notifications: every notification of the bell, paged, with an unread filter. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const list = useNotificationList({ page, limit: PAGE_SIZE, unreadOnly: filter === 'unread' });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const unread = list.data?.unreadCount ?? 0;

  const open = (n: InAppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) void navigate(n.link);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Bell className="size-5" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{t('notificationsPage.title')}</h1>
            <p className="text-sm text-muted-foreground">{t('notificationsPage.unreadCount', { count: unread })}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckCheck />
            {t('notificationsBell.markAllRead')}
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/settings/notifications">{t('notificationsPage.settings')}</Link>
          </Button>
        </div>
      </header>

      <Tabs
        value={filter}
        onValueChange={(v) => {
          setFilter(v as 'all' | 'unread');
          setPage(1);
        }}
      >
        <TabsList>
          <TabsTrigger value="all">{t('notificationsPage.all')}</TabsTrigger>
          <TabsTrigger value="unread">{t('notificationsPage.unread')}</TabsTrigger>
        </TabsList>

        {/* The list is the chosen tab's panel, so each tab controls an element that exists. */}
        <TabsContent value={filter} className="mt-5 grid gap-5">
          <Card>
            <CardContent className="p-2 sm:p-3">
              <NotificationListStates
                list={list}
                roomy
                skeletonRows={5}
                isEmpty={list.data?.items.length === 0}
                empty={filter === 'unread' ? t('notificationsPage.noUnread') : t('notificationsBell.empty')}
              >
                <ul className="grid gap-1">
                  {(list.data?.items ?? []).map((n) => (
                    <NotificationItem
                      key={n.id}
                      notification={n}
                      onOpen={open}
                      onMarkRead={(x) => markRead.mutate(x.id)}
                      onDelete={(x) => remove.mutate(x.id)}
                    />
                  ))}
                </ul>
              </NotificationListStates>
            </CardContent>
          </Card>
          {list.data ? <Pagination page={page} total={list.data.total} limit={PAGE_SIZE} onPage={setPage} /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

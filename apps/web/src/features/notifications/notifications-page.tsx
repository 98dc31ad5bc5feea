import { Bell, CheckCheck, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { NOTIFICATION_FILTER_NAMES, type InAppNotification, type NotificationFilter } from '@app/shared/notifications/schemas';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { ClearNotificationsDialog } from './clear-notifications-dialog';
import { NotificationItem } from './notification-item';
import { NotificationListStates } from './notification-list-states';
import { useDeleteNotification, useMarkAllRead, useMarkRead, useNotificationFeed } from './notifications-api';
import './texts';

const isFilter = (value: string | null): value is NotificationFilter =>
  value !== null && (NOTIFICATION_FILTER_NAMES as string[]).includes(value);

/**
 * /notifications: every notification, newest first, filtered by type (kept in the address, ?type=)
 * and read state, loading the next page as the end of the list comes into view (a button does it
 * too, for the keyboard and for browsers without IntersectionObserver).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isFilter(typeParam) ? typeParam : null;
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const feed = useNotificationFeed({ type, unreadOnly: show === 'unread' });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const [confirmClear, setConfirmClear] = useState(false);
  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unreadCount ?? 0;
  const failed = () => toast.error(t('notificationsBell.actionFailed'));

  const open = (n: InAppNotification) => {
    if (!n.read) markRead.mutate(n.id, { onError: failed });
    if (n.link) void navigate(n.link);
  };
  const choose = (next: NotificationFilter | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('type', next);
        else copy.delete('type');
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-3xl gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Bell className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">{t('notificationsPage.title')}</h1>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('notificationsPage.unreadCount', { count: unread })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: failed })}
          >
            <CheckCheck />
            {t('notificationsBell.markAllRead')}
          </Button>
          <Button variant="outline" size="sm" disabled={items.length === 0} onClick={() => setConfirmClear(true)}>
            <Trash2 />
            {t('notificationsBell.clearAll')}
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/settings/notifications">{t('notificationsPage.settings')}</Link>
          </Button>
        </div>
      </header>

      <nav aria-label={t('notificationsPage.filterLabel')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {[null, ...NOTIFICATION_FILTER_NAMES].map((name) => {
          const active = name === type;
          return (
            <Button
              key={name ?? 'all'}
              type="button"
              size="sm"
              variant={active ? 'default' : 'outline'}
              className={cn('shrink-0 rounded-full', !active && 'text-muted-foreground')}
              aria-pressed={active}
              onClick={() => choose(name)}
              data-testid={`notification-filter-${name ?? 'all'}`}
            >
              {t(`notificationsPage.filters.${name ?? 'all'}`)}
            </Button>
          );
        })}
      </nav>

      <Tabs value={show} onValueChange={(v) => setShow(v as 'all' | 'unread')}>
        <TabsList aria-label={t('notificationsPage.showLabel')}>
          <TabsTrigger value="all">{t('notificationsPage.all')}</TabsTrigger>
          <TabsTrigger value="unread">{t('notificationsPage.unread')}</TabsTrigger>
        </TabsList>

        {/* The list is the chosen tab's panel, so each tab controls an element that exists. */}
        <TabsContent value={show} className="mt-5 grid gap-3">
          <Card>
            <CardContent className="p-2 sm:p-3">
              <NotificationListStates
                // A failed next page keeps the rows shown (MoreRows says it); only a failed first page replaces them.
                list={{ isPending: feed.isPending, isError: feed.isError && !feed.data, refetch: feed.refetch }}
                roomy
                skeletonRows={5}
                isEmpty={items.length === 0}
                empty={
                  show === 'unread'
                    ? t('notificationsPage.noUnread')
                    : type
                      ? t('notificationsPage.noneOfType')
                      : t('notificationsBell.empty')
                }
              >
                <ul className="grid gap-1" data-testid="notification-list">
                  {items.map((n) => (
                    <NotificationItem
                      key={n.id}
                      notification={n}
                      onOpen={open}
                      onMarkRead={(x) => markRead.mutate(x.id, { onError: failed })}
                      onDelete={(x) => remove.mutate(x.id, { onError: failed })}
                    />
                  ))}
                </ul>
              </NotificationListStates>
            </CardContent>
          </Card>
          {items.length > 0 ? <MoreRows feed={feed} /> : null}
        </TabsContent>
      </Tabs>

      <ClearNotificationsDialog open={confirmClear} onOpenChange={setConfirmClear} />
    </div>
  );
}

interface Feed {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/** The end of the list: loads the next page when it scrolls into view, or on its button; says when there is no more. */
function MoreRows({ feed }: { feed: Feed }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!hasNextPage) return <p className="py-2 text-center text-sm text-muted-foreground">{t('notificationsPage.end')}</p>;
  return (
    <div ref={sentinel} className="grid justify-items-center gap-2 py-2" data-testid="notification-more">
      {isFetchNextPageError ? (
        <p className="text-sm text-muted-foreground" role="alert">
          {t('notificationsBell.loadError')}
        </p>
      ) : null}
      <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
        {isFetchingNextPage ? t('notificationsPage.loadingMore') : t('notificationsPage.loadMore')}
      </Button>
    </div>
  );
}

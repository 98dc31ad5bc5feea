import { Check, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InAppNotification } from '@app/shared/notifications/schemas';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { NotificationKindIcon } from './notification-kind';
import { relativeTime } from './relative-time';
import './texts';

/**
 * One notification: its kind's icon (with the unread dot), title, text and age; opening it marks
 * it read and follows its link. Mark-read and delete are buttons of their own, so that the keyboard reaches each.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
  onDelete,
  compact,
}: {
  notification: InAppNotification;
  onOpen(n: InAppNotification): void;
  onMarkRead(n: InAppNotification): void;
  onDelete?(n: InAppNotification): void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={cn('group relative flex items-start gap-2.5 rounded-lg px-2 py-2 hover:bg-muted/60', !n.read && 'bg-primary/5')}
      data-testid="notification-item"
      data-read={n.read}
    >
      <NotificationKindIcon type={n.type} unread={!n.read} className="mt-0.5" />
      <button
        type="button"
        className="grid min-w-0 flex-1 gap-0.5 rounded text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        onClick={() => onOpen(n)}
      >
        <span className={cn('break-words text-sm', n.read ? 'font-normal' : 'font-semibold')}>
          {n.read ? null : <span className="sr-only">{t('notificationsBell.unread')}: </span>}
          {n.title}
        </span>
        {n.body ? <span className={cn('break-words text-sm text-muted-foreground', compact && 'line-clamp-2')}>{n.body}</span> : null}
        <time className="text-xs text-muted-foreground" dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString(i18n.language)}>
          {relativeTime(n.createdAt, i18n.language)}
        </time>
      </button>
      <div className="flex shrink-0 items-center">
        {n.read ? null : (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => onMarkRead(n)}
            aria-label={t('notificationsBell.markRead', { title: n.title })}
          >
            <Check />
          </Button>
        )}
        {onDelete ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => onDelete(n)}
            aria-label={t('notificationsBell.delete', { title: n.title })}
          >
            <Trash2 />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

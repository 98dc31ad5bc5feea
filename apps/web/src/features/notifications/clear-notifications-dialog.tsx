import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useClearNotifications } from './notifications-api';
import './texts';

/** "Clear all notifications?": on confirm every notification is deleted, with a toast either way (the bell and /notifications). */
export function ClearNotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const clear = useClearNotifications();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('notificationsBell.clearTitle')}
      description={t('notificationsBell.clearDescription')}
      confirmLabel={t('notificationsBell.clearAll')}
      destructive
      pending={clear.isPending}
      onConfirm={() =>
        clear.mutate(undefined, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success(t('notificationsBell.cleared'));
          },
          onError: () => toast.error(t('notificationsBell.actionFailed')),
        })
      }
    />
  );
}

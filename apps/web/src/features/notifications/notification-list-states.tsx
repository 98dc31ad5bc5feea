import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import './texts';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

/**
 * The loading, error and empty states of a notification list (the bell's popover and the
 * /notifications page), around the list itself.
 */
export function NotificationListStates({
  list,
  empty,
  isEmpty,
  skeletonRows,
  roomy,
  children,
}: {
  list: ListQuery;
  empty: string;
  isEmpty: boolean;
  skeletonRows: number;
  /** The page's larger padding, instead of the popover's. */
  roomy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) {
    return (
      <div className={cn('grid p-2', roomy ? 'gap-4' : 'gap-3')} aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <div key={i} className="grid gap-1.5">
            <Skeleton className={cn('h-4', roomy ? 'w-2/3' : 'w-3/4')} />
            <Skeleton className={cn('h-3', roomy ? 'w-1/3' : 'w-1/2')} />
          </div>
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div
        className={cn('grid justify-items-center text-center text-sm text-muted-foreground', roomy ? 'gap-3 p-8' : 'gap-2 p-6')}
        role="alert"
      >
        {t('notificationsBell.loadError')}
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          <RefreshCw />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className={cn('text-center text-sm text-muted-foreground', roomy ? 'p-8' : 'p-6')}>{empty}</p>;
  return <>{children}</>;
}

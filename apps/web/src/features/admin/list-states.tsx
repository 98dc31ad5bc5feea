import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A console list's body, so that its panels wait, fail and come up empty alike: the failed read
 * with Try again, three skeleton rows of the list's height, the empty text, or the list.
 */
export function ListStates<T>({
  query,
  loadFailed,
  empty,
  emptyTestId,
  rowClassName,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  loadFailed: string;
  empty: string;
  emptyTestId?: string;
  /** The skeleton rows' height, as the loaded rows will be. */
  rowClassName: string;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Alert variant="destructive">
        <AlertCircle />
        <div className="flex flex-1 flex-wrap items-center justify-between gap-2">
          <span>{loadFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  if (query.isPending)
    return (
      <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className={rowClassName} />
        ))}
      </div>
    );
  if (isEmpty(query.data))
    return (
      <p className="py-8 text-center text-sm text-muted-foreground" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return children(query.data);
}

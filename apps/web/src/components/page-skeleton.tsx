import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** What a page shows while its data (or the session) loads. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" role="status" aria-label={t('common.loading')}>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-40" />
        ))}
      </div>
    </div>
  );
}

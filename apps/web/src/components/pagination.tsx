import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous / Page N of M / Next, shown only when there is more than one page; it wraps on a phone (in Russian the three don't fit 375 px inside a card). */
export function Pagination({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="flex flex-wrap items-center justify-center gap-2" aria-label={t('common.pagination')}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft />
        {t('common.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{t('common.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
        <ChevronRight />
      </Button>
    </nav>
  );
}

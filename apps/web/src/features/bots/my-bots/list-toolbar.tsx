import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { MY_BOTS_SORTS } from '@app/shared/bots/constants';
import { SearchInput } from '@/components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebounced } from '@/lib/use-debounced';
import { useCategories } from '../api';
import { CategoryOptions } from '../components/category-options';
import type { MyBotsFilters } from './my-bots-query';
import './texts';

const ALL = 'all';

/** Search (name and description), category, visibility and the five sorts of §2. */
export function ListToolbar({ filters, onChange }: { filters: MyBotsFilters; onChange(change: Partial<MyBotsFilters>): void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [search, setSearch] = useState(filters.q);
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== filters.q) onChange({ q: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the typed text moves the URL
  }, [debounced]);

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_minmax(12rem,auto)_minmax(10rem,auto)_minmax(12rem,auto)]">
      <SearchInput
        className="sm:col-span-2 lg:col-span-1"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('myBots.search')}
      />
      <Select value={filters.category || ALL} onValueChange={(v) => onChange({ category: v === ALL ? '' : v })}>
        <SelectTrigger aria-label={t('myBots.category')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('myBots.allCategories')}</SelectItem>
          <CategoryOptions categories={categories.data?.items ?? []} />
        </SelectContent>
      </Select>
      <Select
        value={filters.visibility || ALL}
        onValueChange={(v) => onChange({ visibility: v === ALL ? '' : (v as MyBotsFilters['visibility']) })}
      >
        <SelectTrigger aria-label={t('myBots.visibility')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('myBots.allVisibilities')}</SelectItem>
          {(['public', 'unlisted', 'private'] as const).map((v) => (
            <SelectItem key={v} value={v}>
              {t(`botDetail.visibility.${v}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filters.sortBy} onValueChange={(v) => onChange({ sortBy: v as MyBotsFilters['sortBy'] })}>
        <SelectTrigger aria-label={t('myBots.sort')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {MY_BOTS_SORTS.map((s) => (
            <SelectItem key={s} value={s}>
              {t(`myBots.sorts.${s}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

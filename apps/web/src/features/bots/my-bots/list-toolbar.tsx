import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { MY_BOTS_SORTS } from '@app/shared/bots/constants';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDebounced } from '@/lib/use-debounced';
import { useCategories } from '../api';
import { CategoryIcon } from '../components/category-icon';
import type { MyBotsFilters } from './my-bots-query';

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
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_10rem_12rem]">
      <div className="relative sm:col-span-2 lg:col-span-1">
        <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('myBots.search')}
          aria-label={t('myBots.search')}
          className="pl-9"
        />
      </div>
      <Select value={filters.category || ALL} onValueChange={(v) => onChange({ category: v === ALL ? '' : v })}>
        <SelectTrigger aria-label={t('myBots.category')}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('myBots.allCategories')}</SelectItem>
          {categories.data?.items.map((c) => (
            <SelectItem key={c.id} value={c.id}>
              <span className="flex items-center gap-2">
                <CategoryIcon icon={c.icon} className="size-4" />
                {t(`categories.${c.id}`, { defaultValue: c.name })}
              </span>
            </SelectItem>
          ))}
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

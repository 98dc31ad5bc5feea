import { useTranslation } from 'react-i18next';
import { PUBLIC_BOTS_SORTS } from '@app/shared/bots/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { ExploreQuery } from './explore-query';

// The explore page's two Radix controls, a chunk of their own: the home page is interactive before
// it has loaded (the web budget), with look-alikes in their place meanwhile (explore-page.tsx).

/** The order of the list. */
export function SortSelect({ value, onChange }: { value: ExploreQuery['sortBy']; onChange(value: ExploreQuery['sortBy']): void }) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ExploreQuery['sortBy'])}>
      <SelectTrigger className="md:w-auto md:min-w-48" aria-label={t('explore.sortLabel')}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PUBLIC_BOTS_SORTS.map((s) => (
          <SelectItem key={s} value={s}>
            {t(`explore.sort.${s}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A signed-in viewer's NSFW opt-in. */
export function NsfwSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange(on: boolean): void }) {
  return <Switch id={id} checked={checked} onCheckedChange={onChange} />;
}

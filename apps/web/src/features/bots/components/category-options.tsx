import { useTranslation } from 'react-i18next';
import type { Category } from '@app/shared/bots/schemas';
import { SelectItem } from '@/components/ui/select';
import { CategoryIcon } from './category-icon';

/** The categories as select options, each with its icon and translated name. */
export function CategoryOptions({ categories }: { categories: Pick<Category, 'id' | 'name' | 'icon'>[] }) {
  const { t } = useTranslation();
  return categories.map((c) => (
    <SelectItem key={c.id} value={c.id}>
      <span className="flex items-center gap-2">
        <CategoryIcon icon={c.icon} className="size-4" />
        {t(`categories.${c.id}`, { defaultValue: c.name })}
      </span>
    </SelectItem>
  ));
}

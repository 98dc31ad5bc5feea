import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '@app/shared/app/constants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useThemeStore } from '@/lib/theme';
import { THEME_ICONS, ThemeButton } from './theme-button';

/** Theme: system (follows the device), light or dark. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeStore();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <ThemeButton data-testid="theme-menu" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[9rem]">
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
          {THEMES.map((value) => {
            const ItemIcon = THEME_ICONS[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <ItemIcon />
                {t(`theme.${value}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

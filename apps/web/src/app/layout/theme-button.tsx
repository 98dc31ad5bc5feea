import type { ComponentProps } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useThemeStore } from '@/lib/theme';

export const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** The header's theme button: the menu's trigger, and its look-alike while the menu loads. */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  const Icon = THEME_ICONS[useThemeStore((s) => s.theme)];
  return (
    <Button variant="ghost" size="icon" aria-label={t('header.theme')} {...props}>
      <Icon />
    </Button>
  );
}

import { useEffect } from 'react';
import { create } from 'zustand';
import { THEMES, type Theme } from '@app/shared/app/constants';

const STORAGE_KEY = 'theme';

function savedTheme(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && (THEMES as readonly string[]).includes(value) ? (value as Theme) : 'system';
  } catch {
    return 'system';
  }
}

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Puts the theme on <html>: `system` follows the device's dark-mode preference. */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && prefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

/** The appearance settings other than theme and language (settings-and-referrals.md §3). */
export interface DisplayOptions {
  fontSize: 'small' | 'medium' | 'large';
  compactMode: boolean;
  showAnimations: boolean;
}

/**
 * Puts font size, compact mode and animations on <html> as the attributes that styles.css reads
 * (theme-init.js sets the same ones before the first paint). Medium, off and on leave no attribute.
 */
export function applyDisplayOptions({ fontSize, compactMode, showAnimations }: DisplayOptions): void {
  const root = document.documentElement;
  if (fontSize === 'medium') root.removeAttribute('data-font-size');
  else root.setAttribute('data-font-size', fontSize);
  if (compactMode) root.setAttribute('data-compact', 'true');
  else root.removeAttribute('data-compact');
  if (showAnimations) root.removeAttribute('data-animations');
  else root.setAttribute('data-animations', 'off');
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

/** The chosen theme (system, dark or light), saved where theme-init.js reads it before the first paint. */
export const useThemeStore = create<ThemeState>((set) => ({
  theme: savedTheme(),
  setTheme(theme) {
    try {
      localStorage.setItem(STORAGE_KEY, theme);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    applyTheme(theme);
    set({ theme });
  },
}));

/** Keeps <html> in step with the store and, for `system`, with the device's preference as it changes. */
export function useThemeSync(): void {
  const theme = useThemeStore((s) => s.theme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@app/shared/app/constants';
import { DEFAULT_APPEARANCE, ZAppearanceSettings, type AppearanceSettings } from '@app/shared/account/sections';
import { ZNotificationSettings } from '@app/shared/notifications/settings';
import { useAuthStore } from '@/features/auth/store';
import { NOTIFICATIONS_KEY } from '@/features/notifications/notifications-api';
import { api } from '@/lib/api-client';
import i18n, { setLanguage } from '@/lib/i18n';
import { applyDisplayOptions, useThemeStore } from '@/lib/theme';
import { useLocalSettings } from '@/features/settings/local-settings';

/**
 * Makes the page show an account's appearance: the local copy first (so the theme store and the
 * language menu, which watch for changes, see nothing to send back), then the theme, the language
 * and the <html> attributes of font size, compact mode and animations.
 */
export async function adoptAppearance(values: AppearanceSettings): Promise<void> {
  useLocalSettings.getState().setAppearance(values);
  applyDisplayOptions(values);
  if (useThemeStore.getState().theme !== values.theme) useThemeStore.getState().setTheme(values.theme);
  if (i18n.language !== values.language) await setLanguage(values.language);
}

const isUntouched = (values: AppearanceSettings) =>
  (Object.keys(DEFAULT_APPEARANCE) as (keyof AppearanceSettings)[]).every((key) => values[key] === DEFAULT_APPEARANCE[key]);

/**
 * The account's appearance to show after sign-in. An account still on the spec's defaults takes
 * this browser's theme and language (someone who picked Russian on the sign-in page keeps it, and
 * the account remembers it for their other devices); otherwise the account's choices win.
 */
async function appearanceAfterSignIn(values: AppearanceSettings): Promise<AppearanceSettings> {
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : values.language;
  const browser = { theme: useThemeStore.getState().theme, language };
  if (!isUntouched(values) || (browser.theme === values.theme && browser.language === values.language)) return values;
  return api('/api/user/settings/appearance', { method: 'PATCH', body: browser, schema: ZAppearanceSettings });
}

const signedInUserId = () => {
  const { isAuthenticated, session } = useAuthStore.getState();
  return isAuthenticated ? (session?.user.id ?? null) : null;
};

/**
 * Keeps the page's appearance and the account's in step:
 * - at start the local copy applies (theme-init.js did so before the first paint);
 * - once a user is signed in, the account's values are read and applied (see appearanceAfterSignIn),
 *   and its notification switches copied for the bell; signed out, the account's choices are forgotten;
 * - a theme picked in the header's menu, or a language in the sidebar's, is saved to the account
 *   when signed in (signed out, it stays in this browser only).
 */
export function AppearanceSync() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.session?.user.id ?? null) : null));

  useEffect(() => {
    const local = useLocalSettings.getState().appearance;
    if (local) applyDisplayOptions(local);
  }, []);

  useEffect(() => {
    if (!userId) {
      useLocalSettings.getState().forgetAccount();
      return;
    }
    let cancelled = false;
    // The bell plays sounds and shows desktop notifications by the in-app switches of the local copy.
    api('/api/user/settings/notifications', { schema: ZNotificationSettings })
      .then((values) => {
        if (!cancelled && signedInUserId() === userId) useLocalSettings.getState().setNotifications(values);
      })
      .catch(() => undefined);
    api('/api/user/settings/appearance', { schema: ZAppearanceSettings })
      .then(appearanceAfterSignIn)
      .then((values) => {
        if (!cancelled && signedInUserId() === userId) void adoptAppearance(values);
      })
      .catch(() => {
        // The local copy stays in effect; the next start tries again.
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(() => {
    const unsubscribeTheme = useThemeStore.subscribe((state, previous) => {
      const local = useLocalSettings.getState().appearance;
      if (state.theme === previous.theme || !signedInUserId() || !local || local.theme === state.theme) return;
      useLocalSettings.getState().setAppearance({ ...local, theme: state.theme });
      void api('/api/user/settings/appearance', { method: 'PATCH', body: { theme: state.theme }, schema: ZAppearanceSettings })
        .then((saved) => useLocalSettings.getState().setAppearance(saved))
        .catch(() => undefined);
    });
    const onLanguage = (language: string) => {
      if (!signedInUserId()) return;
      const local = useLocalSettings.getState().appearance;
      // The bell shows each notice in the account's language: it is asked again once the account
      // has this one, at once when the change came from the account (an import, a reset, a preset).
      const refetch = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      if (!local || local.language === language || (language !== 'en' && language !== 'ru')) return void refetch();
      useLocalSettings.getState().setAppearance({ ...local, language });
      void api('/api/user/language', { method: 'POST', body: { language } })
        .then(refetch)
        .catch(() => undefined);
    };
    i18n.on('languageChanged', onLanguage);
    return () => {
      unsubscribeTheme();
      i18n.off('languageChanged', onLanguage);
    };
  }, [queryClient]);

  return null;
}

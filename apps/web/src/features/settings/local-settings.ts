import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AppearanceSettings, PrivacySettings } from '@app/shared/account/sections';
import type { NotificationSettings } from '@app/shared/notifications/settings';

import { LOCAL_SETTINGS_KEY } from './local-settings-key';

export { LOCAL_SETTINGS_KEY };

interface LocalSettingsState {
  appearance: AppearanceSettings | null;
  /** Kept with an empty block list (§3: the block list is never persisted locally). */
  privacy: PrivacySettings | null;
  notifications: NotificationSettings | null;
  setAppearance(values: AppearanceSettings): void;
  setPrivacy(values: PrivacySettings): void;
  setNotifications(values: NotificationSettings): void;
  /** On sign-out: the account's privacy and notification choices leave this browser (the look stays until the next account's). */
  forgetAccount(): void;
}

/**
 * The locally persisted part of the settings (§3): appearance, privacy and notifications, as the
 * server last answered them. The server stays the source of truth; this copy lets the appearance
 * apply before the first call answers, and the sections open with the last known values.
 */
export const useLocalSettings = create<LocalSettingsState>()(
  persist(
    (set) => ({
      appearance: null,
      privacy: null,
      notifications: null,
      setAppearance: (appearance) => set({ appearance }),
      setPrivacy: (privacy) => set({ privacy: { ...privacy, blockList: [] } }),
      setNotifications: (notifications) => set({ notifications }),
      forgetAccount: () => set({ privacy: null, notifications: null }),
    }),
    {
      name: LOCAL_SETTINGS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ appearance, privacy, notifications }) => ({ appearance, privacy, notifications }),
    },
  ),
);

/** The fixed key of settings-and-referrals.md §3 under which the browser keeps its part of the settings (local-settings.ts). */
export const LOCAL_SETTINGS_KEY = 'settings-storage';

import { z } from 'zod';
import { LANGUAGES, THEMES } from '../app/constants';
import { DEFAULT_DATA, ZDataPatch, type DataSettings } from '../account-data/settings';
import { DEFAULT_NOTIFICATIONS, ZNotificationPatch, type NotificationSettings } from '../notifications/settings';

/**
 * The four settings sections that a user saves, import and export (settings-and-referrals.md §3),
 * with the spec's defaults exactly: privacy and appearance here, notifications and data in their
 * areas' folders. The server stores only what the user saved and reads it merged
 * over these defaults; a PATCH is a deep partial that refuses unknown keys and values outside the sets.
 */

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const PROFILE_VISIBILITIES = ['public', 'private'] as const;
export const DIRECT_MESSAGE_AUDIENCES = ['everyone', 'friends', 'none'] as const;

export const ZPrivacySettings = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  showEmail: z.boolean(),
  showLocation: z.boolean(),
  showOnlineStatus: z.boolean(),
  allowFriendRequests: z.boolean(),
  allowDirectMessages: z.enum(DIRECT_MESSAGE_AUDIENCES),
  /** The ids of blocked users. Read-only here: it changes through POST/DELETE /api/user/block. */
  blockList: z.array(z.string()),
  shareActivityStatus: z.boolean(),
  shareStatistics: z.boolean(),
});
export type PrivacySettings = z.infer<typeof ZPrivacySettings>;

export const ZAppearanceSettings = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  fontSize: z.enum(FONT_SIZES),
  compactMode: z.boolean(),
  showAnimations: z.boolean(),
});
export type AppearanceSettings = z.infer<typeof ZAppearanceSettings>;

export const DEFAULT_PRIVACY: PrivacySettings = {
  profileVisibility: 'public',
  showEmail: false,
  showLocation: false,
  showOnlineStatus: true,
  allowFriendRequests: true,
  allowDirectMessages: 'friends',
  blockList: [],
  shareActivityStatus: true,
  shareStatistics: false,
};

export const DEFAULT_APPEARANCE: AppearanceSettings = {
  theme: 'system',
  language: 'en',
  fontSize: 'medium',
  compactMode: false,
  showAnimations: true,
};

export const SAVED_SECTIONS = ['privacy', 'notifications', 'appearance', 'data'] as const;
export type SavedSection = (typeof SAVED_SECTIONS)[number];

export const SECTION_DEFAULTS = {
  privacy: DEFAULT_PRIVACY,
  notifications: DEFAULT_NOTIFICATIONS,
  appearance: DEFAULT_APPEARANCE,
  data: DEFAULT_DATA,
} as const;

/** A PATCH body: any part of the section, nested objects partial too; unknown keys are refused. */
export const ZPrivacyPatch = ZPrivacySettings.omit({ blockList: true }).partial().strict();
export const ZAppearancePatch = ZAppearanceSettings.partial().strict();
export type PrivacyPatch = z.infer<typeof ZPrivacyPatch>;
export type AppearancePatch = z.infer<typeof ZAppearancePatch>;

export const SECTION_PATCHES = {
  privacy: ZPrivacyPatch,
  notifications: ZNotificationPatch,
  appearance: ZAppearancePatch,
  data: ZDataPatch,
} as const;

/** All four saved sections, as GET answers them (privacy with its block list). */
export interface AllSettings {
  privacy: PrivacySettings;
  notifications: NotificationSettings;
  appearance: AppearanceSettings;
  data: DataSettings;
}

/**
 * The settings file of export, import, backups and presets (§3: a version plus the four parts).
 * Each part is optional and partial; a privacy part may carry the block list of an export, which
 * import leaves alone (blocking goes through its own calls).
 */
export const SETTINGS_FILE_VERSION = '1.0';
export const ZSettingsData = z
  .object({
    privacy: ZPrivacyPatch.extend({ blockList: z.array(z.string()).optional() }).strict(),
    notifications: ZNotificationPatch,
    appearance: ZAppearancePatch,
    data: ZDataPatch,
  })
  .partial()
  .strict();
export type SettingsData = z.infer<typeof ZSettingsData>;

/**
 * Deep-merges a patch into a section's values (plain objects merge key by key; anything else
 * replaces). Pure: answers a new object.
 *
 * @example
 * mergeSection({ email: { enabled: true, marketing: false } }, { email: { marketing: true } })
 * // → { email: { enabled: true, marketing: true } }
 */
export function mergeSection<T extends object>(current: T, patch: object): T {
  const out: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const existing = out[key];
    out[key] = isPlainObject(existing) && isPlainObject(value) ? mergeSection(existing, value) : (value as unknown);
  }
  return out as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

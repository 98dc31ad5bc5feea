import { z } from 'zod';
import { LANGUAGES, THEMES } from '../app/constants';

/**
 * The four settings sections that a user saves, import and export (settings-and-referrals.md §3),
 * with the spec's defaults exactly. The server stores only what the user saved and reads it merged
 * over these defaults; a PATCH is a deep partial that refuses unknown keys and values outside the sets.
 */

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const DIGEST_TIMES = ['06:00', '09:00', '12:00', '18:00', '21:00'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const PROFILE_VISIBILITIES = ['public', 'private'] as const;
export const DIRECT_MESSAGE_AUDIENCES = ['everyone', 'friends', 'none'] as const;
/** How long messages are kept when auto-delete is on; forever is the spec's default. */
export const DATA_RETENTION_PERIODS = ['30d', '90d', '180d', '365d', 'forever'] as const;
export const RETENTION_DAYS: Record<(typeof DATA_RETENTION_PERIODS)[number], number | null> = {
  '30d': 30,
  '90d': 90,
  '180d': 180,
  '365d': 365,
  forever: null,
};

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

export const ZNotificationSettings = z.object({
  email: z.object({
    enabled: z.boolean(),
    newMessage: z.boolean(),
    newFollower: z.boolean(),
    friendRequest: z.boolean(),
    botUpdate: z.boolean(),
    systemUpdate: z.boolean(),
    marketing: z.boolean(),
  }),
  push: z.object({
    enabled: z.boolean(),
    newMessage: z.boolean(),
    newFollower: z.boolean(),
    botUpdate: z.boolean(),
    achievements: z.boolean(),
  }),
  inApp: z.object({
    sound: z.boolean(),
    desktop: z.boolean(),
    vibration: z.boolean(),
    newMessage: z.boolean(),
    newFollower: z.boolean(),
    botUpdate: z.boolean(),
    achievements: z.boolean(),
    systemAlerts: z.boolean(),
  }),
  digest: z.object({
    enabled: z.boolean(),
    frequency: z.enum(DIGEST_FREQUENCIES),
    time: z.enum(DIGEST_TIMES),
    includeStats: z.boolean(),
    includeRecommendations: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZAppearanceSettings = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  fontSize: z.enum(FONT_SIZES),
  compactMode: z.boolean(),
  showAnimations: z.boolean(),
});
export type AppearanceSettings = z.infer<typeof ZAppearanceSettings>;

export const ZDataSettings = z.object({
  autoDeleteMessages: z.boolean(),
  dataRetentionPeriod: z.enum(DATA_RETENTION_PERIODS),
  allowDataCollection: z.boolean(),
  allowAnalytics: z.boolean(),
});
export type DataSettings = z.infer<typeof ZDataSettings>;

/** GET /api/user/settings/data: the saved choices plus the danger zone's state (§3), which only its calls change. */
export const ZDataSettingsAnswer = ZDataSettings.extend({
  exportDataRequested: z.boolean(),
  deleteAccountRequested: z.boolean(),
  /** ISO date when a scheduled deletion takes effect, or null. */
  scheduledDeletion: z.string().nullable(),
});
export type DataSettingsAnswer = z.infer<typeof ZDataSettingsAnswer>;

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

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: {
    enabled: true,
    newMessage: true,
    newFollower: true,
    friendRequest: true,
    botUpdate: false,
    systemUpdate: true,
    marketing: false,
  },
  push: { enabled: false, newMessage: true, newFollower: true, botUpdate: false, achievements: true },
  inApp: {
    sound: true,
    desktop: true,
    vibration: true,
    newMessage: true,
    newFollower: true,
    botUpdate: true,
    achievements: true,
    systemAlerts: true,
  },
  digest: { enabled: false, frequency: 'weekly', time: '09:00', includeStats: true, includeRecommendations: true },
};

export const DEFAULT_APPEARANCE: AppearanceSettings = {
  theme: 'system',
  language: 'en',
  fontSize: 'medium',
  compactMode: false,
  showAnimations: true,
};

export const DEFAULT_DATA: DataSettings = {
  autoDeleteMessages: false,
  dataRetentionPeriod: 'forever',
  allowDataCollection: true,
  allowAnalytics: true,
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
export const ZNotificationPatch = z
  .object({
    email: ZNotificationSettings.shape.email.partial().strict(),
    push: ZNotificationSettings.shape.push.partial().strict(),
    inApp: ZNotificationSettings.shape.inApp.partial().strict(),
    digest: ZNotificationSettings.shape.digest.partial().strict(),
  })
  .partial()
  .strict();
export const ZAppearancePatch = ZAppearanceSettings.partial().strict();
export const ZDataPatch = ZDataSettings.partial().strict();
export type PrivacyPatch = z.infer<typeof ZPrivacyPatch>;
export type NotificationPatch = z.infer<typeof ZNotificationPatch>;
export type AppearancePatch = z.infer<typeof ZAppearancePatch>;
export type DataPatch = z.infer<typeof ZDataPatch>;

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

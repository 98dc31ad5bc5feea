import { z } from 'zod';
import { LANGUAGES } from '../app/constants';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, USER_FIELD_MESSAGES, ZDisplayName, ZUsername } from '../users/fields';
import { BIO_MAX_LENGTH, SETTINGS_MESSAGES } from '../settings/messages';
import { DEFAULT_APPEARANCE, DEFAULT_PRIVACY, SAVED_SECTIONS, ZAppearanceSettings, ZPrivacySettings, ZSettingsData } from './sections';
import { DEFAULT_DATA, ZDataSettings } from '../account-data/settings';
import { DEFAULT_NOTIFICATIONS, ZNotificationSettings } from '../notifications/settings';

/**
 * Contracts of the account part of the settings (settings-and-referrals.md §2–§7): the profile,
 * the avatar, username and email checks, the block list, the language, and the settings as a
 * whole (export, import, reset, backups and presets).
 */

export const ACCOUNT_MESSAGES = {
  websiteInvalid: 'Website must be a link starting with http:// or https://',
  locationTooLong: 'Location must be at most 100 characters',
  socialLinkTooLong: 'A social link must be at most 200 characters',
  cannotBlockSelf: 'You cannot block yourself',
  userNotFound: 'User not found',
  backupNotFound: 'Backup not found',
  presetNotFound: 'Preset not found',
  builtInPreset: 'Built-in presets cannot be deleted',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 60 characters',
  tooManyBackups: 'You can keep at most 50 backups. Delete one first.',
  tooManyPresets: 'You can keep at most 50 presets. Delete one first.',
} as const;

export const LOCATION_MAX_LENGTH = 100;
export const WEBSITE_MAX_LENGTH = 200;
export const SOCIAL_LINK_MAX_LENGTH = 200;
export const SNAPSHOT_NAME_MAX_LENGTH = 60;
/** How many backups, and how many own presets, one user keeps at most. */
export const MAX_BACKUPS = 50;
export const MAX_PRESETS = 50;
/** The wait of the live username check after the last keystroke. */
export const USERNAME_CHECK_DEBOUNCE_MS = 400;

export const SOCIAL_NETWORKS = ['twitter', 'github', 'discord', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const ZSocialLink = z.string().trim().max(SOCIAL_LINK_MAX_LENGTH, ACCOUNT_MESSAGES.socialLinkTooLong);
export const ZSocialLinks = z.object({
  twitter: z.string(),
  github: z.string(),
  discord: z.string(),
  instagram: z.string(),
});
export type SocialLinks = z.infer<typeof ZSocialLinks>;

const ZHttpUrl = z.url({ protocol: /^https?$/, hostname: /^[^\s/]+$/ });

/**
 * A web address with http or https, or empty (no website).
 * @example isWebsite('https://example.com') // → true; isWebsite('javascript:x') // → false
 */
export function isWebsite(value: string): boolean {
  return value === '' || ZHttpUrl.safeParse(value).success;
}

/** GET /api/user/profile, and the answer of PATCH. */
export const ZAccountProfile = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  socialLinks: ZSocialLinks,
  avatarUrl: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AccountProfile = z.infer<typeof ZAccountProfile>;

/** PATCH /api/user/profile: any of the profile's fields; a given name or username may not be empty. */
export const ZProfilePatch = z
  .object({
    displayName: ZDisplayName,
    username: ZUsername,
    bio: z.string().trim().max(BIO_MAX_LENGTH, SETTINGS_MESSAGES.bioTooLong),
    location: z.string().trim().max(LOCATION_MAX_LENGTH, ACCOUNT_MESSAGES.locationTooLong),
    website: z.string().trim().max(WEBSITE_MAX_LENGTH, ACCOUNT_MESSAGES.websiteInvalid).refine(isWebsite, ACCOUNT_MESSAGES.websiteInvalid),
    socialLinks: z.object({ twitter: ZSocialLink, github: ZSocialLink, discord: ZSocialLink, instagram: ZSocialLink }).partial().strict(),
  })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof ZProfilePatch>;

export const ZAvatarUrl = z.object({ url: z.string() });

export const ZUsernameCheckQuery = z.object({ username: ZUsername });
export const ZUsernameCheck = z.object({ available: z.boolean() });
export type UsernameCheck = z.infer<typeof ZUsernameCheck>;

/** POST /api/user/email/validate: the spec's format check only (never whether an address is in use). */
export const ZEmailValidateBody = z.object({ email: z.string().max(1000) });
export const ZEmailValidation = z.object({ valid: z.boolean(), message: z.string().optional() });
export type EmailValidation = z.infer<typeof ZEmailValidation>;

/**
 * The spec's email check (§5: text, @, text, dot, text, no spaces) with its messages.
 * @example validateEmailFormat('a@b.co') // → { valid: true }
 */
export function validateEmailFormat(raw: string): EmailValidation {
  const email = raw.trim();
  if (email === '') return { valid: false, message: USER_FIELD_MESSAGES.emailRequired };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return { valid: false, message: USER_FIELD_MESSAGES.emailInvalid };
  return { valid: true };
}

export const ZBlockBody = z.object({ userId: z.uuid(ACCOUNT_MESSAGES.userNotFound) });
export const ZBlockParams = ZBlockBody;

export const ZLanguageBody = z.object({ language: z.enum(LANGUAGES) });

/** All four sections as GET answers them. */
export const ZAllSettings = z.object({
  privacy: ZPrivacySettings,
  notifications: ZNotificationSettings,
  appearance: ZAppearanceSettings,
  data: ZDataSettings,
});

/** POST /api/user/settings/import: a settings file (§3: a version string plus the settings). */
export const ZSettingsImportBody = z
  .object({
    version: z.string().trim().min(1).max(20),
    /** Present in an exported file; not needed to import. */
    exportedAt: z.string().max(40).optional(),
    settings: ZSettingsData,
  })
  .strict();
export type SettingsImportBody = z.infer<typeof ZSettingsImportBody>;

/** GET /api/user/settings/export: the file that import reads back. */
export const ZSettingsExport = z.object({ version: z.string(), exportedAt: z.string(), settings: ZSettingsData });
export type SettingsExport = z.infer<typeof ZSettingsExport>;

export const ZSectionParams = z.object({ section: z.enum(SAVED_SECTIONS) });

/** A section as reset answers it. */
export const ZAnySection = z.union([ZPrivacySettings, ZNotificationSettings, ZAppearanceSettings, ZDataSettings]);

const ZSnapshotName = z
  .string({ error: ACCOUNT_MESSAGES.nameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.nameRequired)
  .max(SNAPSHOT_NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong);

/** POST /api/user/settings/backups and /presets: a name plus the settings part of a settings file. */
export const ZSnapshotBody = z.object({ name: ZSnapshotName, data: ZSettingsData }).strict();
export type SnapshotBody = z.infer<typeof ZSnapshotBody>;

export const ZBackup = z.object({ id: z.string(), name: z.string(), data: ZSettingsData, createdAt: z.string() });
export type Backup = z.infer<typeof ZBackup>;
export const ZBackupList = z.object({ items: z.array(ZBackup) });

export const ZPreset = z.object({
  id: z.string(),
  name: z.string(),
  /** A short description of a built-in preset; empty for the user's own. */
  description: z.string(),
  builtIn: z.boolean(),
  data: ZSettingsData,
  createdAt: z.string().nullable(),
});
export type Preset = z.infer<typeof ZPreset>;
export const ZPresetList = z.object({ items: z.array(ZPreset) });

export const ZSnapshotParams = z.object({ id: z.string().trim().min(1).max(100) });

/** Restore and apply answer the settings to import (§4: both go through import). */
export const ZSettingsToImport = z.object({ version: z.string(), settings: ZSettingsData });
export type SettingsToImport = z.infer<typeof ZSettingsToImport>;

/** Built-in presets: ids start with this prefix, so they never meet a stored preset's uuid. */
export const BUILT_IN_PRESET_PREFIX = 'builtin-';

/** The built-in presets, offered to everyone. Each is a whole settings file's part, applied through import. */
export const BUILT_IN_PRESETS: readonly Preset[] = [
  {
    id: `${BUILT_IN_PRESET_PREFIX}defaults`,
    name: 'Defaults',
    description: 'Every setting as it comes out of the box.',
    builtIn: true,
    data: {
      privacy: withoutBlockList(DEFAULT_PRIVACY),
      notifications: DEFAULT_NOTIFICATIONS,
      appearance: DEFAULT_APPEARANCE,
      data: DEFAULT_DATA,
    },
    createdAt: null,
  },
  {
    id: `${BUILT_IN_PRESET_PREFIX}privacy-first`,
    name: 'Privacy first',
    description: 'A private profile, nothing shared, no analytics, messages deleted after 90 days.',
    builtIn: true,
    data: {
      privacy: {
        profileVisibility: 'private',
        showEmail: false,
        showLocation: false,
        showOnlineStatus: false,
        allowFriendRequests: false,
        allowDirectMessages: 'none',
        shareActivityStatus: false,
        shareStatistics: false,
      },
      data: { autoDeleteMessages: true, dataRetentionPeriod: '90d', allowDataCollection: false, allowAnalytics: false },
    },
    createdAt: null,
  },
  {
    id: `${BUILT_IN_PRESET_PREFIX}quiet`,
    name: 'Quiet',
    description: 'No push, no sounds, no marketing; one weekly digest by email.',
    builtIn: true,
    data: {
      notifications: {
        email: { newMessage: false, newFollower: false, friendRequest: true, botUpdate: false, systemUpdate: true, marketing: false },
        push: { enabled: false },
        inApp: { sound: false, desktop: false, vibration: false },
        digest: { enabled: true, frequency: 'weekly' },
      },
    },
    createdAt: null,
  },
  {
    id: `${BUILT_IN_PRESET_PREFIX}accessible`,
    name: 'Accessible',
    description: 'Large text and no animations.',
    builtIn: true,
    data: { appearance: { fontSize: 'large', showAnimations: false, compactMode: false } },
    createdAt: null,
  },
];

function withoutBlockList<T extends { blockList: string[] }>(privacy: T): Omit<T, 'blockList'> {
  const { blockList: _omitted, ...rest } = privacy;
  return rest;
}

/**
 * The settings area's texts of settings-and-referrals.md §5 and §8, written once for the server
 * (as `failureMessage` of its routes and as validation messages) and the screens (fallbacks of the
 * red error box, confirmation prompts).
 */
export const SETTINGS_FAILURES = {
  getProfile: 'Failed to get user profile',
  updateProfile: 'Failed to update profile',
  uploadAvatar: 'Failed to upload avatar',
  removeAvatar: 'Failed to remove avatar',
  privacy: 'Failed to get or update privacy settings',
  blockUser: 'Failed to block user',
  unblockUser: 'Failed to unblock user',
  notifications: 'Failed to get or update notification settings',
  testNotification: 'Failed to send test notification',
  appearance: 'Failed to get or update appearance settings',
  changeLanguage: 'Failed to change language',
  changePassword: 'Failed to change password',
  setup2fa: 'Failed to setup two-factor authentication',
  disable2fa: 'Failed to disable two-factor authentication',
  getSessions: 'Failed to get sessions',
  terminateSession: 'Failed to terminate session',
  terminateAllSessions: 'Failed to terminate all sessions',
  data: 'Failed to get or update data settings',
  exportData: 'Failed to export data',
  deleteAccount: 'Failed to delete account',
  cancelDeletion: 'Failed to cancel account deletion',
  connectService: 'Failed to connect service',
  disconnectService: 'Failed to disconnect service',
  createApiKey: 'Failed to create API key',
  revokeApiKey: 'Failed to revoke API key',
  webhook: 'Failed to create, update, delete or test a webhook',
  importSettings: 'Failed to import settings',
  resetSection: 'Failed to reset section',
  resetAll: 'Failed to reset all settings',
  backup: 'Failed to create, restore or delete a backup',
  getBackups: 'Failed to get backups',
  getPresets: 'Failed to get presets',
  applyPreset: 'Failed to apply preset',
  savePreset: 'Failed to save preset',
  deletePreset: 'Failed to delete preset',
  checkUsername: 'Failed to check username',
  validateEmail: 'Failed to validate email',
} as const;

/** The settings store's error codes (§8). */
export const SETTINGS_ERROR_CODES = {
  LOAD_PROFILE_ERROR: 'LOAD_PROFILE_ERROR',
  UPDATE_PROFILE_ERROR: 'UPDATE_PROFILE_ERROR',
  UPLOAD_AVATAR_ERROR: 'UPLOAD_AVATAR_ERROR',
  REMOVE_AVATAR_ERROR: 'REMOVE_AVATAR_ERROR',
  UPDATE_PRIVACY_ERROR: 'UPDATE_PRIVACY_ERROR',
  UPDATE_NOTIFICATIONS_ERROR: 'UPDATE_NOTIFICATIONS_ERROR',
  UPDATE_APPEARANCE_ERROR: 'UPDATE_APPEARANCE_ERROR',
  CHANGE_PASSWORD_ERROR: 'CHANGE_PASSWORD_ERROR',
  SETUP_2FA_ERROR: 'SETUP_2FA_ERROR',
  DISABLE_2FA_ERROR: 'DISABLE_2FA_ERROR',
  UPDATE_DATA_ERROR: 'UPDATE_DATA_ERROR',
  IMPORT_SETTINGS_ERROR: 'IMPORT_SETTINGS_ERROR',
  RESET_SECTION_ERROR: 'RESET_SECTION_ERROR',
  RESET_ALL_ERROR: 'RESET_ALL_ERROR',
  RESTORE_BACKUP_ERROR: 'RESTORE_BACKUP_ERROR',
  APPLY_PRESET_ERROR: 'APPLY_PRESET_ERROR',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  IMPORT_ERROR: 'IMPORT_ERROR',
} as const;

/** Validation and other texts of §5. */
export const SETTINGS_MESSAGES = {
  avatarTooLarge: 'File size must be less than 2MB',
  avatarNotImage: 'Please select an image file',
  bioTooLong: 'Bio must be at most 160 characters',
  usernameTaken: 'Username is already taken',
  fixErrors: 'Please fix the errors before saving',
  passwordMismatch: 'New password and confirmation do not match',
  passwordsDoNotMatch: 'Passwords do not match',
  importFailed: 'Failed to import settings. Please check the file format.',
  recommend2fa: 'Two-factor authentication is recommended',
  considerHidingEmail: 'Consider hiding your email for public profiles',
} as const;

/** The confirmation prompts of §5, asked before each of these actions. */
export const SETTINGS_CONFIRMATIONS = {
  signOutAll: 'Sign out of all other sessions?',
  deleteNow: 'Delete your account now? This cannot be undone.',
  scheduleDeletion: 'Schedule your account for deletion? You will have 30 days to cancel.',
  resetSection: 'Reset this section to its defaults?',
  restoreBackup: 'Restore this backup? It overwrites your current settings.',
  deleteBackup: 'Delete this backup?',
  applyPreset: 'Apply this preset? It overwrites your current settings.',
  deletePreset: 'Delete this preset?',
} as const;

/** §9 limits. */
export const AVATAR_MAX_BYTES = 2_097_152;
export const BIO_MAX_LENGTH = 160;
export const DISABLE_CODE_MAX_LENGTH = 6;
export const ACCOUNT_DELETION_DAYS = 30;
export const TWO_FACTOR_METHODS = ['app', 'sms', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

import { z } from 'zod';

/**
 * Contracts of the Data section's actions (settings-and-referrals.md §3, §4, §7): the data
 * export and the account deletion, scheduled, immediate or cancelled. The section's saved
 * choices and its GET answer are in ./sections (ZDataPatch, ZDataSettingsAnswer).
 */

export const DATA_EXPORT_FORMATS = ['json', 'zip'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

/** The name the browser saves an export under (§7: user-data-export.{format}). */
export const dataExportFileName = (format: DataExportFormat) => `user-data-export.${format}`;

/** One export per user in this many seconds: building an archive reads everything the user has. */
export const DATA_EXPORT_INTERVAL_SECONDS = 60;

/** POST /api/user/data/export */
export const ZDataExportRequest = z.object({ format: z.enum(DATA_EXPORT_FORMATS) }).strict();
export type DataExportRequest = z.infer<typeof ZDataExportRequest>;

/** The answer of POST /api/user/data/export: where to download the archive, until when. */
export const ZDataExportResult = z.object({
  id: z.string(),
  /** An API path; only the export's owner can download it (with their access token). */
  downloadUrl: z.string(),
  /** ISO date after which the archive is deleted. */
  expiresAt: z.string(),
  format: z.enum(DATA_EXPORT_FORMATS),
  sizeBytes: z.number().int().nonnegative(),
});
export type DataExportResult = z.infer<typeof ZDataExportResult>;

export const ZDataExportParams = z.object({ id: z.uuid('Data export not found') });

/**
 * DELETE /api/user/account. `immediateDelete` is the spec's payload. `password` is an optional
 * re-authentication: when given it must be the account's password, so a client that asks for it
 * (recommended for the immediate path) gets it checked; the spec's payload alone still works.
 */
export const ZDeleteAccountRequest = z
  .object({
    immediateDelete: z.boolean(),
    password: z.string().min(1).max(128).optional(),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** Scheduled: `{deleted: false, scheduledDeletion: <ISO date>}`; immediate: `{deleted: true, scheduledDeletion: null}`. */
export const ZDeleteAccountResult = z.object({
  deleted: z.boolean(),
  scheduledDeletion: z.string().nullable(),
});
export type DeleteAccountResult = z.infer<typeof ZDeleteAccountResult>;

/** Messages of the Data section's calls beyond the spec's fixed failure texts. */
export const DATA_MESSAGES = {
  exportTooSoon: 'You can request one data export per minute. Please try again shortly.',
  exportNotFound: 'Data export not found',
  exportExpired: 'This data export has expired. Please request a new one.',
  wrongPassword: 'Password is incorrect',
} as const;

/** Codes of the Data section's answers beyond the generic ones. */
export const DATA_ERROR_CODES = {
  EXPORT_EXPIRED: 'EXPORT_EXPIRED',
} as const;

import { z } from 'zod';

/** The data section of the settings (settings-and-referrals.md §3), with the spec's defaults; saved with the account's sections. */

/** How long messages are kept when auto-delete is on; forever is the spec's default. */
export const DATA_RETENTION_PERIODS = ['30d', '90d', '180d', '365d', 'forever'] as const;
export const RETENTION_DAYS: Record<(typeof DATA_RETENTION_PERIODS)[number], number | null> = {
  '30d': 30,
  '90d': 90,
  '180d': 180,
  '365d': 365,
  forever: null,
};

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

export const DEFAULT_DATA: DataSettings = {
  autoDeleteMessages: false,
  dataRetentionPeriod: 'forever',
  allowDataCollection: true,
  allowAnalytics: true,
};

/** A PATCH body: any part of the section; unknown keys are refused. */
export const ZDataPatch = ZDataSettings.partial().strict();
export type DataPatch = z.infer<typeof ZDataPatch>;

import { z } from 'zod';

/** The notifications section of the settings (settings-and-referrals.md §3), with the spec's defaults; saved with the account's sections. */

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const DIGEST_TIMES = ['06:00', '09:00', '12:00', '18:00', '21:00'] as const;

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

/** A PATCH body: any part of the section, nested objects partial too; unknown keys are refused. */
export const ZNotificationPatch = z
  .object({
    email: ZNotificationSettings.shape.email.partial().strict(),
    push: ZNotificationSettings.shape.push.partial().strict(),
    inApp: ZNotificationSettings.shape.inApp.partial().strict(),
    digest: ZNotificationSettings.shape.digest.partial().strict(),
  })
  .partial()
  .strict();
export type NotificationPatch = z.infer<typeof ZNotificationPatch>;

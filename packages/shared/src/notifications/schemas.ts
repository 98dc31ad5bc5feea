import { z } from 'zod';
import type { NotificationSettings } from './settings';

/**
 * Contracts of the notifications part of the settings (settings-and-referrals.md §2, §3, §7):
 * test sends, Web Push subscriptions, the in-app notifications of the header's bell, and the
 * time zone in which the digest's chosen time is read.
 */

export const NOTIFICATION_MESSAGES = {
  pushNotSubscribed: 'Enable push notifications in this browser first',
  pushEndpointInvalid: 'The push endpoint must be an https:// address',
  pushKeysInvalid: 'The push subscription keys are not valid',
  subscriptionNotFound: 'Push subscription not found',
  notificationNotFound: 'Notification not found',
  cursorInvalid: 'Invalid cursor',
  timeZoneInvalid: 'Unknown time zone',
} as const;

/** The three channels of POST /api/user/notifications/test. */
export const TEST_CHANNELS = ['email', 'push', 'inApp'] as const;
export type TestChannel = (typeof TEST_CHANNELS)[number];

export const ZNotificationTestBody = z.strictObject({ type: z.enum(TEST_CHANNELS) });
export type NotificationTestBody = z.infer<typeof ZNotificationTestBody>;
/** How many deliveries the test made: 1 for in-app and email, one per browser subscription for push. */
export const ZNotificationTestResult = z.object({ sent: z.number().int() });
export type NotificationTestResult = z.infer<typeof ZNotificationTestResult>;

/**
 * What a notification is about. Each event maps to the switch of each channel that governs it
 * (null: that channel does not carry the event).
 */
export const NOTIFICATION_EVENTS = [
  'newMessage',
  'newFollower',
  'friendRequest',
  'botUpdate',
  'achievements',
  'systemAlerts',
  'marketing',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

type InAppSwitch = Exclude<keyof NotificationSettings['inApp'], 'sound' | 'desktop' | 'vibration'>;
type EmailSwitch = Exclude<keyof NotificationSettings['email'], 'enabled'>;
type PushSwitch = Exclude<keyof NotificationSettings['push'], 'enabled'>;

/** Which switch of each channel governs an event. In-app 'always' means the in-app bell always shows it. */
export const EVENT_SWITCHES: Record<
  NotificationEvent,
  { inApp: InAppSwitch | 'always' | null; email: EmailSwitch | null; push: PushSwitch | null }
> = {
  newMessage: { inApp: 'newMessage', email: 'newMessage', push: 'newMessage' },
  newFollower: { inApp: 'newFollower', email: 'newFollower', push: 'newFollower' },
  friendRequest: { inApp: 'always', email: 'friendRequest', push: null },
  botUpdate: { inApp: 'botUpdate', email: 'botUpdate', push: 'botUpdate' },
  achievements: { inApp: 'achievements', email: null, push: 'achievements' },
  systemAlerts: { inApp: 'systemAlerts', email: 'systemUpdate', push: null },
  marketing: { inApp: null, email: 'marketing', push: null },
};

/**
 * What a row of the bell is about (its `type`): one kind per fact the product tells, each governed
 * by the switches of one settings event (KIND_EVENT). The five of progress keep the names that
 * gamification.md §2.12 gives them; 'test' is the settings' test send.
 */
export const NOTIFICATION_KINDS = [
  'newMessage',
  'newFollower',
  'botUpdate',
  'systemUpdate',
  'achievement_unlocked',
  'level_up',
  'quest_completed',
  'streak_milestone',
  'reward_available',
  'referralJoined',
  'referralConfirmed',
  'purchasePaid',
  'purchaseRefunded',
  'botModerated',
  'test',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The settings event whose switches govern each kind (decision 022): progress is the Achievements
 * switch; referrals, purchases and moderation outcomes are news about the account, the System
 * switches (in-app System Alerts, email System Updates). Null: never sent by the events (a test).
 */
export const KIND_EVENT: Record<NotificationKind, NotificationEvent | null> = {
  newMessage: 'newMessage',
  newFollower: 'newFollower',
  botUpdate: 'botUpdate',
  systemUpdate: 'systemAlerts',
  achievement_unlocked: 'achievements',
  level_up: 'achievements',
  quest_completed: 'achievements',
  streak_milestone: 'achievements',
  reward_available: 'achievements',
  referralJoined: 'systemAlerts',
  referralConfirmed: 'systemAlerts',
  purchasePaid: 'systemAlerts',
  purchaseRefunded: 'systemAlerts',
  botModerated: 'systemAlerts',
  test: null,
};

/** The type filters of /notifications (GET /api/user/notifications?type=), each a group of kinds. */
export const NOTIFICATION_FILTERS = {
  messages: ['newMessage'],
  social: ['newFollower', 'referralJoined', 'referralConfirmed'],
  bots: ['botUpdate', 'botModerated'],
  progress: ['achievement_unlocked', 'level_up', 'quest_completed', 'streak_milestone', 'reward_available'],
  purchases: ['purchasePaid', 'purchaseRefunded'],
  system: ['systemUpdate', 'test'],
} as const satisfies Record<string, readonly NotificationKind[]>;
export type NotificationFilter = keyof typeof NOTIFICATION_FILTERS;
export const NOTIFICATION_FILTER_NAMES = Object.keys(NOTIFICATION_FILTERS) as NotificationFilter[];

// ——— Web Push ———

export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof ZPushPublicKey>;

const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, NOTIFICATION_MESSAGES.pushKeysInvalid)
    .min(min, NOTIFICATION_MESSAGES.pushKeysInvalid)
    .max(max, NOTIFICATION_MESSAGES.pushKeysInvalid);

/** An https:// address with a host (this package has no URL class: the server parses it again). */
const ZPushEndpoint = z
  .string()
  .max(2000, NOTIFICATION_MESSAGES.pushEndpointInvalid)
  .regex(/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, NOTIFICATION_MESSAGES.pushEndpointInvalid);

/** A browser's PushSubscription.toJSON(): p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes. */
export const ZPushSubscriptionBody = z.object({
  endpoint: ZPushEndpoint,
  // Browsers may add expirationTime; it is not needed to send.
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(86, 90), auth: base64url(20, 24) }),
});
export type PushSubscriptionBody = z.infer<typeof ZPushSubscriptionBody>;
export const ZPushUnsubscribeBody = z.strictObject({ endpoint: z.string().min(1).max(2000) });
export const ZPushSubscribed = z.object({ subscribed: z.boolean() });

// ——— In-app notifications (the header's bell) ———

export const ZInAppNotification = z.object({
  id: z.string(),
  /** The event (NOTIFICATION_EVENTS) or 'test'. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path of this site to open, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InAppNotification = z.infer<typeof ZInAppNotification>;

export const NOTIFICATION_PAGE_MAX = 50;
/**
 * A list's query: `page` (numbered pages, as before) or `cursor` (the `nextCursor` of the page
 * before: the infinite scroll, which a row arriving meanwhile does not shift); `type` one filter.
 */
export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  type: z.enum(NOTIFICATION_FILTER_NAMES as [NotificationFilter, ...NotificationFilter[]]).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, NOTIFICATION_MESSAGES.cursorInvalid)
    .optional(),
});
export const ZNotificationList = z.object({
  items: z.array(ZInAppNotification),
  page: z.number().int(),
  limit: z.number().int(),
  /** How many match the query (type, unread), all pages together. */
  total: z.number().int(),
  unreadCount: z.number().int(),
  /** The cursor of the next page, null on the last one. */
  nextCursor: z.string().nullable(),
});
export const ZNotificationsCleared = z.object({ deleted: z.number().int(), unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof ZNotificationList>;
/** Any id that is not one of the caller's notifications answers 404, malformed or not. */
export const ZNotificationParams = z.object({ id: z.string().min(1).max(100) });
export const ZUnreadCount = z.object({ unreadCount: z.number().int() });

// ——— Time zone of the digest ———

/** True for an IANA time zone name that this runtime's Intl knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z.object({
  timeZone: z.string().refine(isTimeZone, NOTIFICATION_MESSAGES.timeZoneInvalid),
});
export const ZTimeZoneBody = ZTimeZone.strict();
export type TimeZoneBody = z.infer<typeof ZTimeZoneBody>;

import { z } from 'zod';
import { ROOM_STATUSES } from '../challenges/schemas';

/**
 * The live stream of the signed-in user (`GET /api/events`, issue 18 §1): small events that tell
 * the web app what to load again. Each carries ids, never content; the reader reloads what it shows.
 */
export const LIVE_EVENTS = {
  /** A row was added to the bell. */
  'notification.created': z.object({ notificationId: z.string(), type: z.string() }),
  /** A balance moved (tokens or gems). */
  'balance.changed': z.object({ currency: z.enum(['tokens', 'gems']) }),
  /** XP was awarded (quests and the level move with it). */
  'gamification.xp_gained': z.object({ gained: z.number() }),
  'gamification.level_up': z.object({ level: z.number(), prestigeLevel: z.number() }),
  'gamification.achievement_unlocked': z.object({ achievementId: z.string() }),
  'gamification.quest_completed': z.object({ questId: z.string(), runId: z.string() }),
  'gamification.streak_milestone': z.object({ type: z.string(), days: z.number() }),
  'gamification.reward_available': z.object({ rewardId: z.string() }),
  /** One of the caller's bots changed visibility (published, made private, hidden by moderation). */
  'bot.visibility_changed': z.object({ botId: z.string(), to: z.string() }),
  /** A moderator acted on one of the caller's bots. */
  'bot.moderated': z.object({ botId: z.string(), action: z.string() }),
  /** Someone signed up with the caller's referral code, or such a referral was confirmed. */
  'referral.joined': z.object({ referralId: z.string() }),
  'referral.confirmed': z.object({ referralId: z.string() }),
  /**
   * A challenge room the caller plays in changed. It carries the standings (a few numbers per
   * player, which the caller may read anyway), so that the room page updates without a read;
   * `version` orders them (decision 027).
   */
  'challenge.room_updated': z.object({
    roomId: z.string(),
    version: z.number(),
    status: z.enum(ROOM_STATUSES),
    scores: z.array(z.object({ userId: z.string(), score: z.number(), rank: z.number().nullable(), reward: z.number() })),
  }),
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENTS) as LiveEventName[];
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[N]>;

/**
 * Sent first on a stream: `id` is where a later `Last-Event-ID` resumes from. `resumed` false
 * when the stream could not resume where the client asked (too old, or unknown): the client
 * reloads everything it shows.
 */
export const ZLiveReady = z.object({ resumed: z.boolean() });

/** The cookie that lets the browser's EventSource (which can't send headers) open the stream. */
export const LIVE_COOKIE = 'live_token';
/** The stream's path: the cookie travels to it alone. */
export const LIVE_PATH = '/api/events';
/** A comment line every this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How long the stored events stay: a client that was away for less resumes without loss (at least 5 minutes). */
export const LIVE_RETENTION_MS = 10 * 60_000;

/** An event id of the store: a number (PostgreSQL) or a Redis stream id (`<ms>-<seq>`). */
export const ZLiveEventId = z
  .string()
  .max(40)
  .regex(/^[0-9]{1,18}(-[0-9]{1,10})?$/, 'An event id the stream sent');

export const ZLiveEventsQuery = z.object({
  /** Resume after this event (the JSON answer; the stream takes the `Last-Event-ID` header too). */
  lastEventId: ZLiveEventId.optional(),
});

export const ZLiveEvent = z.object({
  id: z.string(),
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof ZLiveEvent>;

/** The JSON answer of `GET /api/events` (without `Accept: text/event-stream`): what is stored after `lastEventId`. */
export const ZLiveEventPage = z.object({
  items: z.array(ZLiveEvent),
  /** Pass as `lastEventId` next time; null when nothing is stored for the caller. */
  lastEventId: z.string().nullable(),
  /** False when `lastEventId` is no longer stored (older than the retention): events may be missing, reload everything. */
  complete: z.boolean(),
});
export type LiveEventPage = z.infer<typeof ZLiveEventPage>;

export const ZLiveCookieAnswer = z.object({ expiresAt: z.string() });
export type LiveCookieAnswer = z.infer<typeof ZLiveCookieAnswer>;

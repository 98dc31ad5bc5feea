import { z } from 'zod';
import { BOT_VISIBILITIES } from '../bots/schemas';
import { REFERRAL_STATUSES } from '../referrals/rules';
import { ROOM_STATUSES } from '../challenges/schemas';

/**
 * The domain events: facts that one area of the server publishes after they are committed, and
 * that other areas react to (webhooks, notifications; later progression, referrals, live updates).
 * This is the one list of them. A name is `area.what_happened`; a payload carries ids, plus only
 * the facts a reader can't load afterwards (the name of a bot that no longer exists). Payloads
 * are plain JSON, so that an event can be carried to other instances as it is.
 */
export const DOMAIN_EVENTS = {
  /**
   * A bot's visibility changed (`from` is null for a bot created with its first visibility). The
   * name is the one it had then, as the webhooks report it.
   */
  'bot.visibility_changed': z.object({
    botId: z.string(),
    ownerId: z.string(),
    name: z.string(),
    from: z.enum(BOT_VISIBILITIES).nullable(),
    to: z.enum(BOT_VISIBILITIES),
  }),
  /**
   * A bot became public, published alongside its `bot.visibility_changed`: for areas that care only
   * about that (progression). The webhooks take both directions from `bot.visibility_changed`.
   */
  'bot.published': z.object({ botId: z.string(), ownerId: z.string() }),
  /** Someone added a bot to their favorites (not when it already was one). */
  'bot.favorited': z.object({ botId: z.string(), ownerId: z.string(), userId: z.string() }),
  /** A bot was deleted, with its chats. */
  'bot.deleted': z.object({ botId: z.string(), ownerId: z.string(), name: z.string() }),
  /** Someone started a chat with a bot. */
  'chat.started': z.object({ chatId: z.string(), botId: z.string(), botOwnerId: z.string(), userId: z.string() }),
  /**
   * A user's message was saved (and paid for) in a chat; published once the reply to it has ended
   * (streamed, failed or stopped), so that the subscribers' work never competes with the reply.
   */
  'message.sent': z.object({ chatId: z.string(), messageId: z.string(), botId: z.string(), userId: z.string() }),
  /** A user started following another (a follow that already existed is no event). */
  'user.followed': z.object({ followerId: z.string(), followeeId: z.string() }),
  /** A completed sign-in opened a session (password, with its second step if any, or OIDC; not the signup's first session). */
  'user.signed_in': z.object({ userId: z.string(), sessionId: z.string(), method: z.enum(['password', 'oidc']) }),
  /**
   * A session was renewed with its refresh token (each page load, then every quarter hour): the
   * user is here. Progression counts the day's login from it, for users who stay signed in.
   */
  'session.refreshed': z.object({ userId: z.string(), sessionId: z.string() }),
  /**
   * An account was created by the signup form (not OIDC, not the seed). `ref` is the referral code
   * it carried, `ip` the client's address as the server saw it: the referral program attaches the
   * account to its referrer (decision 017).
   */
  'user.signed_up': z.object({ userId: z.string(), ref: z.string().nullable(), ip: z.string() }),
  /** A user proved their address through the verification link (first time only). */
  'user.email_verified': z.object({ userId: z.string() }),
  /** A purchase was paid and its gems or tokens credited (once). Amounts in the currency's minor unit. */
  'purchase.paid': z.object({
    purchaseId: z.string(),
    userId: z.string(),
    kind: z.enum(['gems', 'tokens']),
    credits: z.number(),
    amountMinor: z.number(),
    currency: z.string(),
  }),
  /** An admin saved the pricing: every instance drops its cached copy. */
  'pricing.changed': z.object({ updatedBy: z.string() }),
  /** An admin added, changed or removed an API token purchase: every instance drops its cached list. */
  'token-purchases.changed': z.object({ updatedBy: z.string() }),
  /** A paid purchase was refunded: `recovered` credits were taken back, `owed` could not be (already spent). */
  'purchase.refunded': z.object({
    purchaseId: z.string(),
    userId: z.string(),
    kind: z.enum(['gems', 'tokens']),
    recovered: z.number(),
    owed: z.number(),
  }),
  /**
   * A user's subscription changed tier or status (subscribed, upgraded, renewed, set to end,
   * resumed, ended). `tier` is what the user has now ('free' once it ended).
   */
  'subscription.changed': z.object({
    userId: z.string(),
    tier: z.enum(['free', 'premium', 'ultimate']),
    status: z.string(),
    previousTier: z.enum(['free', 'premium', 'ultimate']),
    reason: z.enum(['subscribed', 'upgraded', 'renewed', 'updated', 'cancel_scheduled', 'resumed', 'ended']),
  }),
  /**
   * Progression (gamification) tells what a user reached, for the notifications to say so. Each
   * may be seen more than once (the recount after a claim, a retried event): a reader keys what it
   * does by the payload (the level and prestige, the achievement, the quest's run, the streak's day).
   */
  'gamification.level_up': z.object({ userId: z.string(), level: z.number(), prestigeLevel: z.number() }),
  'gamification.achievement_unlocked': z.object({ userId: z.string(), achievementId: z.string() }),
  /** A quest's objectives all reached 100 % (the user may now complete and claim it). */
  'gamification.quest_completed': z.object({ userId: z.string(), questId: z.string(), runId: z.string() }),
  /** A streak reached one of its milestone lengths on the user's local `day`. */
  'gamification.streak_milestone': z.object({
    userId: z.string(),
    type: z.enum(['daily_login', 'daily_chat']),
    days: z.number(),
    day: z.string(),
  }),
  /** A reward became claimable (the daily bonus, on the first sign-in of the user's local `day`). */
  'gamification.reward_available': z.object({ userId: z.string(), rewardId: z.string(), day: z.string() }),
  /** A user was awarded XP (a message, a login, an admin's grant): the live views reload the level and quests. */
  'gamification.xp_gained': z.object({ userId: z.string(), gained: z.number() }),
  /**
   * The live-events area stored an event for a user's stream (issue 18 §1, decision 021): every
   * instance that holds a stream of that user reads the store after what it last sent.
   */
  'live.event_stored': z.object({ userId: z.string() }),
  /** A row was added to a user's bell (the live stream tells the bell, issue 18). */
  'notification.created': z.object({ userId: z.string(), notificationId: z.string(), type: z.string() }),
  /** A user's tokens or gems balance changed (a posting on the ledger): the live stream tells the badge. */
  'balance.changed': z.object({ userId: z.string(), currency: z.enum(['tokens', 'gems']) }),
  /**
   * Sessions ended before their time (logout, password change, ban, termination, refresh-token
   * reuse): `sessionId` one session, null every session of the user. Each instance drops what it
   * cached about them (issue 18, §5).
   */
  'session.revoked': z.object({ userId: z.string(), sessionId: z.string().nullable() }),
  /**
   * Something an instance holds of a user in its session cache changed, other than by a request of
   * the user's own (which drops it there) or by the events that already say so (`subscription.changed`,
   * `user.email_verified`, `session.revoked`): an admin's change of the role or tier. Every instance
   * drops its copy of the user at once (decision 024).
   */
  'user.changed': z.object({ userId: z.string() }),
  /** An admin sent a system broadcast (`POST /api/admin/broadcast`): notifications tell every user. */
  'system.broadcast': z.object({ broadcastId: z.string(), title: z.string(), message: z.string(), adminId: z.string() }),
  /** A moderator acted on a report or review request of a bot: the creator is told the outcome. */
  'bot.moderated': z.object({
    botId: z.string(),
    ownerId: z.string(),
    name: z.string(),
    requestId: z.string(),
    action: z.enum(['hidden', 'dismissed', 'approved', 'restored']),
    reason: z.string().nullable(),
  }),
  /**
   * A bot's avatar from another host (saved before avatars were uploads only, decision 038) could
   * not be brought into our storage, and the bot is now without one: its owner is told.
   */
  'bot.avatar_removed': z.object({ botId: z.string(), ownerId: z.string(), name: z.string() }),
  /**
   * A bot's reply finished while the user's tab was hidden (the web app says so when the stream
   * ends unseen): notifications tell the user, once per reply.
   */
  'chat.reply_unseen': z.object({ chatId: z.string(), messageId: z.string(), botId: z.string(), userId: z.string() }),
  /** A bot was saved as a new version (or restored to an old one): its favoriters hear of it. */
  'bot.version_created': z.object({
    botId: z.string(),
    ownerId: z.string(),
    authorId: z.string(),
    name: z.string(),
    versionId: z.string(),
    version: z.number(),
    changelog: z.string(),
  }),
  /** Someone signed up with (or applied) a referrer's code; `status` as the fraud rules judged it. */
  'referral.joined': z.object({
    referralId: z.string(),
    referrerId: z.string(),
    referredId: z.string(),
    status: z.enum(REFERRAL_STATUSES),
  }),
  /** A referral was confirmed (the referred user's address proven): the referrer earned `bonus` tokens. */
  'referral.confirmed': z.object({ referralId: z.string(), referrerId: z.string(), referredId: z.string(), bonus: z.number() }),
  /**
   * A challenge room changed (a player joined or left, it started, a score moved, it finished):
   * one event per player still in it (`userId`), with the standings at `version`, for their live
   * stream (issue 19; decision 027).
   */
  'challenge.room_updated': z.object({
    roomId: z.string(),
    userId: z.string(),
    version: z.number(),
    status: z.enum(ROOM_STATUSES),
    scores: z.array(z.object({ userId: z.string(), score: z.number(), rank: z.number().nullable(), reward: z.number() })),
  }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[N]>;

/** One event as subscribers receive it: a unique id (to notice a repeat), its name, payload and time. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  payload: DomainEventPayload<N>;
  /** When it happened (ISO 8601). */
  at: string;
}

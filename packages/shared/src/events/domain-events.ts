import { z } from 'zod';
import { BOT_VISIBILITIES } from '../bots/schemas';

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

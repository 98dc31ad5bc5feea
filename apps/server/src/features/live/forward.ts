import type { LiveEventData, LiveEventName } from '@app/shared/live/schemas';
import type { DomainEventName, DomainEventPayload } from '../../events/bus';

/** What a domain event puts on a user's stream: whose, and the small event the client reacts to. */
export type Forward<N extends DomainEventName> = (p: DomainEventPayload<N>) => { userId: string; data: LiveEventData<LiveEventName> };

/**
 * The domain events the live streams carry, each to the one user it concerns, with ids only (the
 * client reloads what it shows). The stream's event has the domain event's name.
 */
/** The domain events that are also stream events. */
export type ForwardedEvent = DomainEventName & LiveEventName;

export const FORWARDS: { [N in ForwardedEvent]: Forward<N> } = {
  'notification.created': (p) => ({ userId: p.userId, data: { notificationId: p.notificationId, type: p.type } }),
  'balance.changed': (p) => ({ userId: p.userId, data: { currency: p.currency } }),
  'gamification.xp_gained': (p) => ({ userId: p.userId, data: { gained: p.gained } }),
  'gamification.level_up': (p) => ({ userId: p.userId, data: { level: p.level, prestigeLevel: p.prestigeLevel } }),
  'gamification.achievement_unlocked': (p) => ({ userId: p.userId, data: { achievementId: p.achievementId } }),
  'gamification.quest_completed': (p) => ({ userId: p.userId, data: { questId: p.questId, runId: p.runId } }),
  'gamification.streak_milestone': (p) => ({ userId: p.userId, data: { type: p.type, days: p.days } }),
  'gamification.reward_available': (p) => ({ userId: p.userId, data: { rewardId: p.rewardId } }),
  'bot.visibility_changed': (p) => ({ userId: p.ownerId, data: { botId: p.botId, to: p.to } }),
  // The moderator's reason stays out: the client reads the bot (and the notification) itself.
  'bot.moderated': (p) => ({ userId: p.ownerId, data: { botId: p.botId, action: p.action } }),
  'referral.joined': (p) => ({ userId: p.referrerId, data: { referralId: p.referralId } }),
  'referral.confirmed': (p) => ({ userId: p.referrerId, data: { referralId: p.referralId } }),
  // One event per player of the room (the challenges area publishes them so): its standings, for the room page.
  'challenge.room_updated': (p) => ({
    userId: p.userId,
    data: { roomId: p.roomId, version: p.version, status: p.status, scores: p.scores },
  }),
};

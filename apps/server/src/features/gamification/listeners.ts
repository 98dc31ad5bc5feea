import { XP_SOURCES } from '@app/shared/gamification/levels';
import type { AppContext } from '../../context';
import { announceProgress } from './announce';
import { awardXp as award, timeZoneOf, type XpAward } from './awards';
import { localDay } from './local-day';

/**
 * Progress comes only from what the server saw happen: the areas that make it publish their
 * events (chats, bots, auth) and this area awards XP for them, after their transactions committed
 * and off the reply's path (the bus runs listeners in the background). Each award is keyed by what
 * it is for, so a repeated event pays once.
 */
export function listenForProgress(ctx: Pick<AppContext, 'db' | 'events'>): void {
  const { db, events } = ctx;
  const at = (iso: string) => new Date(iso);
  // Every award may reach something: unlock what the user's counts now reach and tell of it (announce.ts).
  const awardXp = async (database: typeof db, a: XpAward) => {
    const result = await award(database, a);
    await announceProgress(ctx, a.userId, { award: a, result });
  };

  events.subscribe('message.sent', 'gamification', async ({ payload, at: when }) => {
    await awardXp(db, { userId: payload.userId, source: 'message', sourceId: payload.messageId, base: XP_SOURCES.message, at: at(when) });
  });
  events.subscribe('chat.started', 'gamification', async ({ payload, at: when }) => {
    // Once per bot: a second chat with the same bot is no first chat.
    await awardXp(db, {
      userId: payload.userId,
      source: 'first_chat_with_bot',
      sourceId: payload.botId,
      base: XP_SOURCES.first_chat_with_bot,
      at: at(when),
    });
  });
  events.subscribe('bot.visibility_changed', 'gamification', async ({ payload, at: when }) => {
    if (payload.from !== null) return;
    await awardXp(db, {
      userId: payload.ownerId,
      source: 'bot_created',
      sourceId: payload.botId,
      base: XP_SOURCES.bot_created,
      at: at(when),
    });
  });
  events.subscribe('bot.published', 'gamification', async ({ payload, at: when }) => {
    // Once per bot: unpublishing and publishing again earns nothing more.
    await awardXp(db, {
      userId: payload.ownerId,
      source: 'bot_published',
      sourceId: payload.botId,
      base: XP_SOURCES.bot_published,
      at: at(when),
    });
  });
  // A day's login: a sign-in, or a session renewed by a page load of someone who stays signed in.
  const dailyLogin = async (userId: string, when: string) => {
    const day = localDay(at(when), await timeZoneOf(db, userId));
    await awardXp(db, { userId, source: 'daily_login', sourceId: day, base: XP_SOURCES.daily_login, at: at(when) });
  };
  events.subscribe('user.signed_in', 'gamification', ({ payload, at: when }) => dailyLogin(payload.userId, when));
  events.subscribe('session.refreshed', 'gamification', ({ payload, at: when }) => dailyLogin(payload.userId, when));
  events.subscribe('bot.favorited', 'gamification', async ({ payload, at: when }) => {
    // The fan's quests count favorites given.
    await announceProgress(ctx, payload.userId);
    // Once per bot and fan (unfavoriting and favoriting again earns nothing more); not for one's own bot.
    if (payload.userId === payload.ownerId) return;
    await awardXp(db, {
      userId: payload.ownerId,
      source: 'favorite_received',
      sourceId: `${payload.botId}:${payload.userId}`,
      base: XP_SOURCES.favorite_received,
      at: at(when),
    });
  });
  events.subscribe('user.followed', 'gamification', async ({ payload }) => {
    await announceProgress(ctx, payload.followeeId);
    await announceProgress(ctx, payload.followerId);
  });
}

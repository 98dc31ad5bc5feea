import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { previousDay } from '@app/shared/gamification/streaks';
import type { NotificationList } from '@app/shared/notifications/schemas';
import { userProgress, xpAwards } from '../../src/db/schema/gamification';
import { localDay } from '../../src/features/gamification/local-day';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

/** §2.12: the five in-app notices of progress, written by notifications from gamification's events. */
describe('in-app notices of progress', () => {
  let t: TestApp;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    const creator = await t.signup();
    botId = (await createBot(t, creator, { visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const notices = async (s: Session, type?: string) => {
    await t.app.ctx.events.settled();
    const page = (await call(t, s, 'GET', '/api/user/notifications?limit=50')).json() as NotificationList;
    return page.items.filter((n) => !type || n.type === type);
  };
  const signIn = (s: Session) => t.app.ctx.events.publish('user.signed_in', { userId: s.user.id, sessionId: 'test', method: 'password' });
  const send = async (s: Session, chatId: string, content: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: t.bearer(s), payload: { content } });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('a first message through the real chat: achievement_unlocked, once however often the event is seen', async () => {
    const u = await t.signup();
    const chat = (await call(t, u, 'POST', '/api/chats', { botId })).json() as Chat;
    await send(u, chat.id, 'Hello');
    const unlocked = await notices(u, 'achievement_unlocked');
    expect(unlocked.map((n) => n.body)).toEqual(expect.arrayContaining(['First Words: claim your reward.']));
    expect(unlocked[0]).toMatchObject({ title: 'Achievement unlocked', link: '/achievements', read: false });
    const count = unlocked.length;
    for (let i = 0; i < 3; i++)
      await t.app.ctx.events.publish('gamification.achievement_unlocked', { userId: u.user.id, achievementId: 'first-words' });
    await call(t, u, 'POST', '/api/gamification/track', { type: 'messages_sent' });
    expect(await notices(u, 'achievement_unlocked')).toHaveLength(count);
    // In Russian, the achievement's name is the catalogue's Russian one.
    await call(t, u, 'POST', '/api/user/language', { language: 'ru' });
    expect((await notices(u, 'achievement_unlocked')).map((n) => n.body)).toEqual(
      expect.arrayContaining(['Первые слова: заберите награду.']),
    );
  });

  it('level_up when an award crosses a level, once per level and prestige; in Russian for a Russian interface', async () => {
    const u = await t.signup();
    await call(t, u, 'POST', '/api/user/language', { language: 'ru' });
    await db().insert(userProgress).values({ userId: u.user.id, totalXp: 995 });
    const chat = (await call(t, u, 'POST', '/api/chats', { botId })).json() as Chat; // +20: level 2
    expect(chat.id).toBeTruthy();
    const levelUps = await notices(u, 'level_up');
    expect(levelUps).toHaveLength(1);
    expect(levelUps[0]).toMatchObject({ title: 'Новый уровень!', body: 'Вы достигли уровня 2.' });
    await t.app.ctx.events.publish('gamification.level_up', { userId: u.user.id, level: 2, prestigeLevel: 0 });
    expect(await notices(u, 'level_up')).toHaveLength(1);
    // After a prestige, level 2 is news again.
    await t.app.ctx.events.publish('gamification.level_up', { userId: u.user.id, level: 2, prestigeLevel: 1 });
    expect(await notices(u, 'level_up')).toHaveLength(2);
  });

  it('reward_available on the first sign-in of the local day (not after the bonus was claimed), and streak_milestone at 3 days', async () => {
    const u = await t.signup();
    const today = localDay(new Date(), 'UTC');
    const yesterday = previousDay(today);
    for (const day of [yesterday, previousDay(yesterday)])
      await db().insert(xpAwards).values({ userId: u.user.id, source: 'daily_login', sourceId: day, base: 20, amount: 20, localDay: day });
    await signIn(u);
    await signIn(u); // the second sign-in of the day is no news
    expect(await notices(u, 'reward_available')).toMatchObject([{ title: 'Daily reward available', link: '/gamification' }]);
    expect(await notices(u, 'streak_milestone')).toMatchObject([{ title: '3-day streak!', body: 'You have signed in 3 days in a row.' }]);

    const claimed = await t.signup();
    expect((await call(t, claimed, 'POST', '/api/gamification/rewards/daily/claim')).statusCode).toBe(200);
    await signIn(claimed);
    expect(await notices(claimed, 'reward_available')).toEqual([]);
    expect(await notices(claimed, 'streak_milestone')).toEqual([]); // a 1-day streak is no milestone
  });

  it('quest_completed when a started quest’s objectives all reach 100 %, once', async () => {
    const u = await t.signup();
    // Find Your People: follow a creator and favorite a character.
    expect((await call(t, u, 'POST', '/api/gamification/quests/tutorial-social/start')).statusCode).toBe(200);
    await call(t, u, 'POST', `/api/bots/${botId}/favorite`);
    expect(await notices(u, 'quest_completed')).toEqual([]); // half done
    await call(t, u, 'POST', `/api/users/${(await t.signup()).user.id}/follow`);
    const done = await notices(u, 'quest_completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ title: 'Quest completed', link: '/missions' });
    await call(t, u, 'POST', '/api/gamification/track', { type: 'x' });
    expect(await notices(u, 'quest_completed')).toHaveLength(1);
  });

  it('the in-app Achievements switch off: no notice of progress at all', async () => {
    const u = await t.signup();
    await call(t, u, 'PATCH', '/api/user/settings/notifications', { inApp: { achievements: false } });
    await db().insert(userProgress).values({ userId: u.user.id, totalXp: 995 });
    const chat = (await call(t, u, 'POST', '/api/chats', { botId })).json() as Chat;
    await send(u, chat.id, 'Hi');
    await signIn(u);
    expect(await notices(u)).toEqual([]);
  });
});

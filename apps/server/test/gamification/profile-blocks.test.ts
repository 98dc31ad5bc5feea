import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { ActivityItem, ActivityPage, ProfileAchievements, ProfileStats } from '@app/shared/gamification/profile';
import { userAchievements, userBadges, userProgress } from '../../src/db/schema/gamification';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe("the profile's gamification blocks: activity, stats, achievements", () => {
  let t: TestApp;
  let owner: Session;
  let fan: Session;
  let publicBotId: string;
  let privateBotId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    owner = await t.signup({ displayName: 'Olga Owner' });
    fan = await t.signup({ displayName: 'Fred Fan' });
    publicBotId = (await createBot(t, owner, { name: 'Lumen', visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
    privateBotId = (await createBot(t, owner, { name: 'Secret', visibility: 'private' })).id;
    // The owner chats with both bots, favorites the public one and follows the fan; the fan follows back.
    for (const botId of [publicBotId, privateBotId]) expect((await call(t, owner, 'POST', '/api/chats', { botId })).statusCode).toBe(201);
    await call(t, owner, 'POST', `/api/bots/${publicBotId}/favorite`);
    await call(t, fan, 'POST', `/api/bots/${publicBotId}/favorite`);
    await call(t, owner, 'POST', `/api/users/${fan.user.id}/follow`);
    await call(t, fan, 'POST', `/api/users/${owner.user.id}/follow`);
    await t.app.ctx.events.settled();
  });
  afterAll(() => t.close());

  const path = (s: Session, block: string, query = '') => `/api/users/${s.user.username}/${block}${query}`;
  const activity = async (viewer: Session | null, query = '') => {
    const res = await call(t, viewer, 'GET', path(owner, 'activity', query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityPage;
  };
  const botOf = (i: ActivityItem) => ('bot' in i.data ? i.data.bot.id : null);

  it('the feed holds every kind of activity from the server’s rows, newest first; others see no private bot', async () => {
    const mine = (await activity(owner, '?limit=50')).items;
    const types = new Set(mine.map((i) => i.type));
    for (const type of ['achievement_unlocked', 'bot_published', 'chat_started', 'bot_liked', 'user_followed'])
      expect(types, type).toContain(type);
    expect(mine.filter((i) => i.type === 'chat_started').map(botOf)).toEqual(expect.arrayContaining([publicBotId, privateBotId]));
    expect(mine.find((i) => i.type === 'user_followed')?.data).toMatchObject({ user: { id: fan.user.id, displayName: 'Fred Fan' } });
    expect(mine.find((i) => i.type === 'achievement_unlocked')?.data).toMatchObject({ name: expect.any(String), rarity: 'common' });
    const times = mine.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const theirs = (await activity(fan, '?limit=50')).items;
    expect(theirs.map(botOf)).not.toContain(privateBotId);
    expect(theirs.length).toBe(mine.length - 1); // the chat with the private bot
    expect(await activity(null, '?limit=50')).toEqual({ items: theirs, nextCursor: null });
  });

  it('a level reached is in the feed', async () => {
    const u = await t.signup();
    await t.app.ctx.db.insert(userProgress).values({ userId: u.user.id, totalXp: 990 });
    const bot = await createBot(t, u, { visibility: 'public', avatarUrl: '/avatars/mira.svg' }); // 50 + 100 XP: level 2
    await t.app.ctx.events.settled();
    const res = (await call(t, u, 'GET', path(u, 'activity'))).json() as ActivityPage;
    expect(res.items.find((i) => i.type === 'level_up')).toMatchObject({ data: { level: 2, prestigeLevel: 0 } });
    expect(res.items.find((i) => i.type === 'bot_published')).toMatchObject({ data: { bot: { id: bot.id } } });
  });

  it('pages with a cursor: every item once, in the same order as one long page', async () => {
    const all = (await activity(owner, '?limit=50')).items.map((i) => i.id);
    expect(all.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = await activity(owner, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await activity(owner)).items.length).toBe(Math.min(all.length, 20));
  });

  it('refuses a limit outside 1–50 and a cursor it did not make, and changes nothing', async () => {
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?cursor=12', '?cursor=abc~def']) {
      const res = await call(t, owner, 'GET', path(owner, 'activity', query));
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('Show Activity off: others get an empty feed, the owner still sees theirs', async () => {
    const u = await t.signup();
    await createBot(t, u, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    await t.app.ctx.events.settled();
    await call(t, u, 'PATCH', '/api/user/settings/privacy', { shareActivityStatus: false });
    expect((await call(t, owner, 'GET', path(u, 'activity'))).json()).toEqual({ items: [], nextCursor: null });
    expect(((await call(t, u, 'GET', path(u, 'activity'))).json() as ActivityPage).items.length).toBeGreaterThan(0);
    // The stats and achievements are the profile's, not activity: still shown.
    expect((await call(t, owner, 'GET', path(u, 'stats'))).statusCode).toBe(200);
  });

  it('a private profile, or one whose owner blocked the caller, is 404 on all three blocks (the owner still sees them)', async () => {
    const hidden = await t.signup();
    await call(t, hidden, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' });
    const blocker = await t.signup();
    await call(t, blocker, 'POST', '/api/user/block', { userId: fan.user.id });
    for (const block of ['activity', 'stats', 'achievements']) {
      for (const viewer of [fan, null]) {
        const res = await call(t, viewer, 'GET', path(hidden, block));
        expect([res.statusCode, errorOf(res).message], block).toEqual([404, 'Profile not available']);
      }
      expect((await call(t, fan, 'GET', path(blocker, block))).statusCode, block).toBe(404);
      expect((await call(t, owner, 'GET', path(blocker, block))).statusCode, block).toBe(200);
      expect((await call(t, hidden, 'GET', path(hidden, block))).statusCode, block).toBe(200);
      expect((await call(t, fan, 'GET', `/api/users/no_such_user_x/${block}`)).statusCode, block).toBe(404);
    }
  });

  it('the stats are the eight real numbers', async () => {
    const stats = (await call(t, fan, 'GET', path(owner, 'stats'))).json() as ProfileStats;
    const unlocked = await t.app.ctx.db.select().from(userAchievements);
    const ownersUnlocked = unlocked.filter((u) => u.userId === owner.user.id).length;
    expect(stats).toMatchObject({
      totalChats: 2,
      botsCreated: 2,
      achievements: ownersUnlocked,
      followers: 1,
      totalLikes: 2, // the fan's favorite and the owner's own
      currentStreak: 1, // the signup day is a day of the login streak
      completion: Math.round((ownersUnlocked / 50) * 100),
      rank: { id: 'bronze', name: 'Bronze' },
      level: 1,
      prestigeLevel: 0,
    });
    // 50 + 100 for the public bot, 50 for the private one, 20 a first chat with each, 10 for the fan's favorite.
    expect(stats.totalXp).toBe(150 + 50 + 40 + 10);
    expect(ownersUnlocked).toBeGreaterThan(3);
  });

  it('the achievements: the unlocked ones with their dates, hidden ones too, three featured (rarest first) and the badges worn', async () => {
    const u = await t.signup();
    const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));
    await t.app.ctx.db.insert(userAchievements).values([
      { userId: u.user.id, achievementId: 'first-words', unlockedAt: at(1) },
      { userId: u.user.id, achievementId: 'chatterbox', unlockedAt: at(2) },
      { userId: u.user.id, achievementId: 'spooky', unlockedAt: at(3) }, // hidden, rare
      { userId: u.user.id, achievementId: 'workshop', unlockedAt: at(4) }, // uncommon
      { userId: u.user.id, achievementId: 'icon', unlockedAt: at(5) }, // hidden, legendary
    ]);
    await t.app.ctx.db.insert(userBadges).values([
      { userId: u.user.id, badgeId: 'icon', source: 'achievement:icon', equipped: true },
      { userId: u.user.id, badgeId: 'other', source: 'test', equipped: false },
    ]);
    const res = (await call(t, fan, 'GET', path(u, 'achievements'))).json() as ProfileAchievements;
    expect(res.total).toBe(50);
    expect(res.items.map((a) => a.achievementId)).toEqual(['icon', 'workshop', 'spooky', 'chatterbox', 'first-words']);
    expect(res.items[0]).toMatchObject({ name: 'Icon', hidden: true, rarity: 'legendary', unlockedAt: at(5).toISOString() });
    // Featured: legendary, rare and uncommon beat the two commons (flags in the list's own order).
    expect(res.items.filter((a) => a.featured).map((a) => a.achievementId)).toEqual(['icon', 'workshop', 'spooky']);
    expect(res.badges.map((b) => b.badgeId)).toEqual(['icon']);
  });
});

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import {
  ACHIEVEMENT_CATEGORIES,
  RARITIES,
  type AchievementList,
  type RewardList,
  type UserAchievementList,
} from '@app/shared/gamification/schemas';
import { chatMessages, chats } from '../../src/db/schema/chats';
import { userAchievements, userBadges, userProgress } from '../../src/db/schema/gamification';
import { countsOf } from '../../src/features/gamification/achievements';
import { users } from '../../src/db/schema/users';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('achievements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const catalogue = async (s: Session) => ((await call(t, s, 'GET', '/api/gamification/achievements')).json() as AchievementList).items;
  const mine = async (s: Session) => ((await call(t, s, 'GET', '/api/gamification/user/achievements')).json() as UserAchievementList).items;
  const claim = (s: Session, id: string) => call(t, s, 'POST', `/api/gamification/achievements/${id}/claim`);
  const balance = async (s: Session, currency: 'tokens' | 'gems') =>
    currency === 'tokens'
      ? ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance
      : ((await call(t, s, 'GET', '/api/gems')).json() as { totalGems: number }).totalGems;
  const totalXp = async (s: Session) =>
    (await db().select({ totalXp: userProgress.totalXp }).from(userProgress).where(eq(userProgress.userId, s.user.id)))[0]?.totalXp ?? 0;
  const unlock = (s: Session, ...ids: string[]) =>
    db()
      .insert(userAchievements)
      .values(ids.map((achievementId) => ({ userId: s.user.id, achievementId })));

  it('50 achievements in the seven categories and five rarities; hidden ones masked until unlocked', async () => {
    const u = await t.signup();
    const items = await catalogue(u);
    expect(items).toHaveLength(50);
    expect(new Set(items.map((i) => i.id)).size).toBe(50);
    expect([...new Set(items.map((i) => i.category))].sort()).toEqual([...ACHIEVEMENT_CATEGORIES].sort());
    expect([...new Set(items.map((i) => i.rarity))].sort()).toEqual([...RARITIES].sort());
    const hidden = items.filter((i) => i.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    for (const h of hidden) expect(h).toMatchObject({ name: '???', description: 'Hidden achievement', requirements: [] });
    await unlock(u, 'icon');
    const shown = (await catalogue(u)).find((i) => i.id === 'icon')!;
    expect(shown).toMatchObject({ name: 'Icon', requirements: [{ type: 'followers', value: 500 }] });
  });

  it('creating a bot unlocks Creator; its claim pays once; again, or not completed, is 409; unknown is 404', async () => {
    const u = await t.signup();
    await createBot(t, u, { name: 'Atlas' });
    await t.app.ctx.events.settled();
    expect((await mine(u)).find((a) => a.achievementId === 'creator')).toMatchObject({ progress: 100, completed: true, claimed: false });
    expect((await mine(u)).find((a) => a.achievementId === 'workshop')).toMatchObject({ progress: 20, completed: false });
    const xpBefore = await totalXp(u);
    const res = await claim(u, 'creator');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rewards: [{ type: 'xp', value: 50 }] });
    expect(await totalXp(u)).toBe(xpBefore + 50);
    const again = await claim(u, 'creator');
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'ACHIEVEMENT_CLAIMED']);
    const early = await claim(u, 'workshop');
    expect([early.statusCode, errorOf(early).code]).toEqual([409, 'ACHIEVEMENT_NOT_COMPLETED']);
    expect((await claim(u, 'no-such-thing')).statusCode).toBe(404);
    expect(await totalXp(u)).toBe(xpBefore + 50);
  });

  it('a character brought in from a card is not one the user created: Creator waits for one of their own', async () => {
    const u = await t.signup();
    const card = { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Imported Ida', description: 'From elsewhere.' } };
    const imported = await call(t, u, 'POST', '/api/bots/import', { data: JSON.stringify(card), format: 'json' });
    expect(imported.statusCode).toBe(201);
    await createBot(t, u, { name: 'Mine' });
    await t.app.ctx.events.settled();
    expect((await countsOf(db(), u.user.id)).bots_created).toBe(1);
    // Only the second bot counted: Workshop (5) is at 20%, not 40%.
    expect((await mine(u)).find((a) => a.achievementId === 'workshop')).toMatchObject({ progress: 20 });
  });

  it('20 claims at once pay the XP, tokens and gems once; a legendary one gives its badge', async () => {
    const u = await t.signup();
    await unlock(u, 'celebrity', 'living-legend');
    const [tokens, gems, xp] = [await balance(u, 'tokens'), await balance(u, 'gems'), await totalXp(u)];
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(u, 'celebrity')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balance(u, 'tokens')).toBe(tokens + 100);
    expect(await balance(u, 'gems')).toBe(gems + 10);
    expect(await totalXp(u)).toBe(xp + 500);
    expect((await claim(u, 'living-legend')).statusCode).toBe(200);
    expect(await db().select().from(userBadges).where(eq(userBadges.userId, u.user.id))).toMatchObject([
      { badgeId: 'living-legend', equipped: false, source: 'achievement:living-legend' },
    ]);
  });

  it("characters chatted with: each of a group chat's characters counts; an imported chat (its messages copied) does not", async () => {
    const u = await t.signup();
    const [a, b, c, d] = await Promise.all(['Ash', 'Birch', 'Cedar', 'Dune'].map((name) => createBot(t, u, { name })));
    const chatted = async () => (await countsOf(db(), u.user.id)).bots_chatted;
    expect(await chatted()).toBe(0);
    // An import: a chat whose messages were all copied in.
    const [imported] = await db().insert(chats).values({ userId: u.user.id, botId: d!.id, title: 'Imported' }).returning({ id: chats.id });
    await db()
      .insert(chatMessages)
      .values([
        { chatId: imported!.id, role: 'assistant', content: 'Hello from the past', copied: true },
        { chatId: imported!.id, role: 'user', content: 'Hi', copied: true },
      ]);
    expect(await chatted()).toBe(0);
    // A group of three: each of them (the chat opens with each one's greeting).
    expect((await call(t, u, 'POST', '/api/chats', { botIds: [a!.id, b!.id, c!.id] })).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    expect(await chatted()).toBe(3);
    expect((await mine(u)).find((x) => x.achievementId === 'new-face')).toMatchObject({ completed: true });
    expect((await mine(u)).find((x) => x.achievementId === 'explorer')).toMatchObject({ progress: 30, completed: false });
    // Talking on in the imported chat is chatting here: its character counts now.
    await db().insert(chatMessages).values({ chatId: imported!.id, role: 'user', content: 'Back again' });
    expect(await chatted()).toBe(4);
  });

  it('following unlocks Fan Club for the follower and Noticed for the followee', async () => {
    const [fan, star] = [await t.signup(), await t.signup()];
    expect((await call(t, fan, 'POST', `/api/users/${star.user.id}/follow`)).statusCode).toBe(200);
    await t.app.ctx.events.settled();
    const unlocked = async (s: Session) =>
      (await db().select().from(userAchievements).where(eq(userAchievements.userId, s.user.id))).map((r) => r.achievementId);
    expect(await unlocked(fan)).toContain('fan-club');
    expect(await unlocked(star)).toContain('noticed');
    expect(await unlocked(star)).not.toContain('fan-club');
  });

  it('track recomputes from server data: a body claiming 5,000 messages unlocks nothing', async () => {
    const u = await t.signup();
    const res = await call(t, u, 'POST', '/api/gamification/track', { type: 'messages_sent', value: 5000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect(await db().select().from(userAchievements).where(eq(userAchievements.userId, u.user.id))).toEqual([]);
    expect((await call(t, u, 'POST', '/api/gamification/track', { type: 'x', amount: 5 })).statusCode).toBe(400);
  });

  it('rarity is the real share of players who unlocked it', async () => {
    const u = await t.signup();
    await unlock(u, 'year-round');
    const [players] = await db().select({ n: count() }).from(users);
    const holders = (await db().select().from(userAchievements).where(eq(userAchievements.achievementId, 'year-round'))).length;
    const item = (await catalogue(u)).find((i) => i.id === 'year-round')!;
    expect(item.unlockedShare).toBe(Math.round((holders / players!.n) * 1000) / 10);
    expect(item.unlockedShare).toBeGreaterThan(0);
  });

  it('five unlocked achievements unlock the 500-token achievements bonus, paid once', async () => {
    const u = await t.signup();
    await unlock(u, 'first-words', 'chatterbox', 'creator', 'on-stage');
    const rewards = async () => ((await call(t, u, 'GET', '/api/gamification/rewards')).json() as RewardList).items;
    expect((await rewards())[2]).toMatchObject({ status: 'locked', progress: { current: 4, target: 5 } });
    await unlock(u, 'noticed');
    expect((await rewards())[2]).toMatchObject({ status: 'claimable', progress: { current: 5, target: 5 } });
    const before = await balance(u, 'tokens');
    expect((await call(t, u, 'POST', '/api/gamification/rewards/achievements/claim')).json()).toEqual({
      balance: before + 500,
      tokens: 500,
    });
    expect((await call(t, u, 'POST', '/api/gamification/rewards/achievements/claim')).statusCode).toBe(409);
    const still = await db()
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, u.user.id), eq(userAchievements.achievementId, 'noticed')));
    expect(still).toHaveLength(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { GAMIFICATION_CONFIG } from '@app/shared/gamification/schemas';
import { userAchievements, userProgress, xpAwards } from '../../src/db/schema/gamification';
import { userSettings } from '../../src/db/schema/settings';
import { users } from '../../src/db/schema/users';
import { awardXp, progressOf } from '../../src/features/gamification/awards';
import { streakDays } from '../../src/features/gamification/streaks';
import { localDay } from '../../src/features/gamification/local-day';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('XP from what the server sees happen', () => {
  let t: TestApp;
  let owner: Session;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    owner = await t.signup();
    botId = (await createBot(t, owner, { name: 'Quill', visibility: 'public', avatarUrl: '/avatars/quill.svg' })).id;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const totalXp = async (userId: string) =>
    (await db().select({ totalXp: userProgress.totalXp }).from(userProgress).where(eq(userProgress.userId, userId)))[0]?.totalXp ?? 0;
  const awardsOf = (userId: string, source: string) =>
    db()
      .select()
      .from(xpAwards)
      .where(and(eq(xpAwards.userId, userId), eq(xpAwards.source, source)));
  const send = (chatId: string, session: Session, content: string) =>
    t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: t.bearer(session), payload: { content } });

  it('a bot made public at creation earns its creator 50 + 100', async () => {
    await t.app.ctx.events.settled();
    expect(await totalXp(owner.user.id)).toBe(150);
    expect((await awardsOf(owner.user.id, 'bot_created')).map((a) => a.sourceId)).toEqual([botId]);
  });

  it('chatting through the real chat: 20 for a first chat with a bot, 5 a message; a second chat with it earns no first-chat XP', async () => {
    const alice = await t.signup();
    const chat = (await call(t, alice, 'POST', '/api/chats', { botId })).json() as Chat;
    for (const text of ['Hello', 'How are you?', 'Tell me a story']) expect((await send(chat.id, alice, text)).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    expect(await totalXp(alice.user.id)).toBe(20 + 3 * 5);
    await call(t, alice, 'POST', '/api/chats', { botId });
    await t.app.ctx.events.settled();
    expect(await awardsOf(alice.user.id, 'first_chat_with_bot')).toHaveLength(1);
    expect(await totalXp(alice.user.id)).toBe(35);
  });

  it('a favorite earns the bot owner 10 once per fan (not their own, not again after taking it back) and unlocks First Fan', async () => {
    const before = await totalXp(owner.user.id);
    const fan = await t.signup();
    for (const method of ['POST', 'DELETE', 'POST'] as const)
      expect((await call(t, fan, method, `/api/bots/${botId}/favorite`)).statusCode).toBe(200);
    expect((await call(t, owner, 'POST', `/api/bots/${botId}/favorite`)).statusCode).toBe(200);
    await t.app.ctx.events.settled();
    expect(await totalXp(owner.user.id)).toBe(before + 10);
    expect((await awardsOf(owner.user.id, 'favorite_received')).map((a) => a.sourceId)).toEqual([`${botId}:${fan.user.id}`]);
    const unlocked = await db().select().from(userAchievements).where(eq(userAchievements.userId, owner.user.id));
    expect(unlocked.map((u) => u.achievementId)).toContain('first-fan');
  });

  it('a repeated event awards nothing more', async () => {
    const bob = await t.signup();
    const chat = (await call(t, bob, 'POST', '/api/chats', { botId })).json() as Chat;
    await send(chat.id, bob, 'Hi');
    await t.app.ctx.events.settled();
    const [message] = await awardsOf(bob.user.id, 'message');
    const before = await totalXp(bob.user.id);
    for (let i = 0; i < 3; i++) {
      await t.app.ctx.events.publish('message.sent', { chatId: chat.id, messageId: message!.sourceId, botId, userId: bob.user.id });
    }
    await t.app.ctx.events.settled();
    expect(await totalXp(bob.user.id)).toBe(before);
    expect(await awardsOf(bob.user.id, 'message')).toHaveLength(1);
  });

  it('20 concurrent awards of one thing pay once', async () => {
    const carol = await t.signup();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => awardXp(db(), { userId: carol.user.id, source: 'bot_published', sourceId: 'same-bot', base: 100 })),
    );
    expect(results.filter((r) => r!.gained > 0)).toHaveLength(1);
    expect(await totalXp(carol.user.id)).toBe(100);
  });

  it('message XP stops at 500 a local day, and starts again the next day; concurrent messages cannot pass the cap', async () => {
    const dave = await t.signup();
    const at = new Date('2026-06-10T12:00:00Z');
    await Promise.all(
      Array.from({ length: 105 }, (_, i) => awardXp(db(), { userId: dave.user.id, source: 'message', sourceId: `m${i}`, base: 5, at })),
    );
    expect(await totalXp(dave.user.id)).toBe(500);
    const next = await awardXp(db(), {
      userId: dave.user.id,
      source: 'message',
      sourceId: 'next-day',
      base: 5,
      at: new Date('2026-06-11T12:00:00Z'),
    });
    expect(next!.gained).toBe(5);
  });

  it("days are the user's own: a message at 23:30 UTC is the next day in Auckland", async () => {
    const erin = await t.signup();
    await db()
      .insert(userSettings)
      .values({ userId: erin.user.id, timeZone: 'Pacific/Auckland' })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timeZone: 'Pacific/Auckland' } });
    await awardXp(db(), { userId: erin.user.id, source: 'message', sourceId: 'late', base: 5, at: new Date('2026-03-31T23:30:00Z') });
    expect((await awardsOf(erin.user.id, 'message'))[0]!.localDay).toBe('2026-04-01');
    expect(localDay(new Date('2026-03-31T23:30:00Z'), 'UTC')).toBe('2026-03-31');
    // An unknown zone counts in UTC rather than failing the award.
    expect(localDay(new Date('2026-03-31T23:30:00Z'), 'Mars/Olympus')).toBe('2026-03-31');
  });

  it("a signup is the day's first sign-in: the new account's login streak is 1, and 2 after a sign-in the next day", async () => {
    const newcomer = await t.signup();
    await t.app.ctx.events.settled();
    const res = await call(t, newcomer, 'GET', `/api/gamification/user/${newcomer.user.id}`);
    expect(res.statusCode).toBe(200);
    const login = (res.json() as { streaks: { type: string; currentStreak: number }[] }).streaks.find((s) => s.type === 'daily_login');
    expect(login?.currentStreak).toBe(1);
    // Signing in again the same day is the same day of the streak.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newcomer.user.email, password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    await t.app.ctx.events.settled();
    expect(await streakDays(db(), newcomer.user.id, 'daily_login', localDay(new Date(), 'UTC'))).toBe(1);
    // A sign-in the next day makes it two.
    const tomorrow = new Date(Date.now() + 86_400_000);
    await awardXp(db(), { userId: newcomer.user.id, source: 'daily_login', sourceId: localDay(tomorrow, 'UTC'), base: 20, at: tomorrow });
    expect(await streakDays(db(), newcomer.user.id, 'daily_login', localDay(tomorrow, 'UTC'))).toBe(2);
  });

  it('a 7-day login streak, across the start of daylight saving time, gives 1.5x XP', async () => {
    const fay = await t.signup();
    // An account from before that March, so that its signup day is no login day of the run.
    await db()
      .update(users)
      .set({ createdAt: new Date('2026-01-01T12:00:00Z') })
      .where(eq(users.id, fay.user.id));
    await db()
      .insert(userSettings)
      .values({ userId: fay.user.id, timeZone: 'America/New_York' })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timeZone: 'America/New_York' } });
    // 23:30 in New York each evening from 2 to 8 March 2026 (clocks go forward on the 8th): UTC 04:30 then 03:30 the next day.
    for (let d = 2; d <= 8; d++) {
      const utc = d < 8 ? new Date(Date.UTC(2026, 2, d + 1, 4, 30)) : new Date(Date.UTC(2026, 2, d + 1, 3, 30));
      await awardXp(db(), { userId: fay.user.id, source: 'daily_login', sourceId: localDay(utc, 'America/New_York'), base: 20, at: utc });
    }
    expect((await awardsOf(fay.user.id, 'daily_login')).map((a) => a.localDay).sort()).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(await streakDays(db(), fay.user.id, 'daily_login', '2026-03-08')).toBe(7);
    expect(await streakDays(db(), fay.user.id, 'daily_login', '2026-03-09')).toBe(7);
    expect(await streakDays(db(), fay.user.id, 'daily_login', '2026-03-10')).toBe(0);
    const bonus = await awardXp(db(), {
      userId: fay.user.id,
      source: 'message',
      sourceId: 'streak',
      base: 5,
      at: new Date(Date.UTC(2026, 2, 9, 15)),
    });
    expect(bonus!.gained).toBe(7);
  });

  it("a plan's multiplier applies (premium 1.25x); an admin's grant is paid as it is", async () => {
    const gus = await t.signup();
    await db().update(users).set({ tier: 'premium' }).where(eq(users.id, gus.user.id));
    expect((await awardXp(db(), { userId: gus.user.id, source: 'bot_published', sourceId: 'b', base: 100 }))!.gained).toBe(125);
    expect(
      (await awardXp(db(), { userId: gus.user.id, source: 'admin_grant', sourceId: 'g1', base: 1000, multiply: false }))!,
    ).toMatchObject({
      gained: 1000,
      totalXp: 1125,
      level: 2,
      previousLevel: 1,
    });
    expect(await progressOf(db(), gus.user.id)).toMatchObject({ level: 2, xp: 125, xpToNextLevel: 875, totalXp: 1125, prestigeLevel: 0 });
  });

  it('the config and the ranks', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/gamification/config' });
    expect(config.json()).toEqual(GAMIFICATION_CONFIG);
    expect(config.json()).toMatchObject({
      xpPerLevel: 1000,
      streakBonus: { minDays: 7, multiplier: 1.5 },
      milestones: [10, 25, 50, 75, 100, 150, 200],
    });
    const ranks = (await t.app.inject({ method: 'GET', url: '/api/gamification/ranks' })).json() as {
      items: { id: string; minLevel: number }[];
    };
    expect(ranks.items.map((r) => [r.id, r.minLevel])).toEqual([
      ['bronze', 1],
      ['silver', 10],
      ['gold', 25],
      ['platinum', 50],
      ['diamond', 100],
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import type { MissionList, UserQuest } from '@app/shared/gamification/schemas';
import { chatMessages } from '../../src/db/schema/chats';
import { userQuests } from '../../src/db/schema/gamification';
import { userSettings } from '../../src/db/schema/settings';
import { addDays, localDay, startOfLocalDay, weekOf } from '../../src/features/gamification/local-day';
import { missionsFor } from '../../src/features/gamification/quests';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('quests', () => {
  let t: TestApp;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    const creator = await t.signup();
    botId = (await createBot(t, creator, { name: 'Kai', visibility: 'unlisted' })).id;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const move = (s: Session, id: string, what: 'start' | 'complete' | 'claim' | 'abandon') =>
    call(t, s, 'POST', `/api/gamification/quests/${id}/${what}`);
  const runOf = async (s: Session, id: string) =>
    ((await call(t, s, 'GET', '/api/gamification/missions')).json() as MissionList).items.find((q) => q.id === id)!.userQuest;
  const chatFor = async (s: Session) => ((await call(t, s, 'POST', '/api/chats', { botId })).json() as Chat).id;
  const sendMessages = async (s: Session, chatId: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${chatId}/messages`,
        headers: t.bearer(s),
        payload: { content: `Line ${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
  };
  const expectConflict = async (res: Awaited<ReturnType<typeof move>>, code: string) => {
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe(code);
  };
  const tokens = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;

  it("Daily Explorer counts the characters written to today: a group chat's each, not a greeting, not an import", async () => {
    const u = await t.signup();
    const [a, b] = await Promise.all(['Ash', 'Birch'].map((name) => createBot(t, u, { name })));
    await move(u, 'daily-explorer', 'start');
    const group = ((await call(t, u, 'POST', '/api/chats', { botIds: [a!.id, b!.id] })).json() as Chat).id;
    // Greetings alone are no chatting during the quest.
    expect((await runOf(u, 'daily-explorer'))!.progress[0]).toMatchObject({ currentValue: 0 });
    // Copied messages (an import, a branch) are not either.
    await db().insert(chatMessages).values({ chatId: group, role: 'user', content: 'Copied', copied: true });
    expect((await runOf(u, 'daily-explorer'))!.progress[0]).toMatchObject({ currentValue: 0 });
    await sendMessages(u, group, 1);
    expect((await runOf(u, 'daily-explorer'))!.progress[0]).toMatchObject({ currentValue: 2, completed: true });
  });

  it("a daily quest counts what the user did earlier today, before pressing Start; not yesterday's", async () => {
    const u = await t.signup();
    const chatId = await chatFor(u);
    await sendMessages(u, chatId, 3);
    // A message of yesterday (as the user's day goes) is no part of today's quest.
    await db()
      .insert(chatMessages)
      .values({
        chatId,
        role: 'user',
        content: 'Yesterday',
        createdAt: new Date(startOfLocalDay(localDay(new Date(), 'UTC'), 'UTC').getTime() - 60_000),
      });
    const started = (await move(u, 'daily-chat', 'start')).json() as UserQuest;
    expect(started.progress[0]).toEqual({ objectiveId: 'messages', currentValue: 3, completed: false });
    await sendMessages(u, chatId, 2);
    expect((await move(u, 'daily-chat', 'complete')).json()).toMatchObject({ status: 'completed', progressPercent: 100 });
  });

  it('lists the quests of the seven types, all available to a new user', async () => {
    const u = await t.signup();
    const items = ((await call(t, u, 'GET', '/api/gamification/missions')).json() as MissionList).items;
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((q) => q.type))).toEqual(
      new Set(['daily', 'weekly', 'monthly', 'seasonal', 'story', 'tutorial', 'challenge']),
    );
    expect(items.every((q) => q.userQuest === null)).toBe(true);
  });

  it('start → progress counted from real messages → complete → claim (paid once); every wrong move is 409', async () => {
    const u = await t.signup();
    await expectConflict(await move(u, 'daily-chat', 'complete'), 'QUEST_NOT_STARTED');
    await expectConflict(await move(u, 'daily-chat', 'claim'), 'QUEST_NOT_STARTED');
    const chatId = await chatFor(u);
    const started = (await move(u, 'daily-chat', 'start')).json() as UserQuest;
    expect(started).toMatchObject({
      status: 'active',
      progressPercent: 0,
      progress: [{ objectiveId: 'messages', currentValue: 0, completed: false }],
    });
    await expectConflict(await move(u, 'daily-chat', 'start'), 'QUEST_ALREADY_STARTED');
    await sendMessages(u, chatId, 3);
    expect((await runOf(u, 'daily-chat'))!.progress[0]).toEqual({ objectiveId: 'messages', currentValue: 3, completed: false });
    await expectConflict(await move(u, 'daily-chat', 'complete'), 'QUEST_NOT_DONE');
    await expectConflict(await move(u, 'daily-chat', 'claim'), 'QUEST_NOT_COMPLETED');
    await sendMessages(u, chatId, 2);
    const completed = (await move(u, 'daily-chat', 'complete')).json() as UserQuest;
    expect(completed).toMatchObject({ status: 'completed', progressPercent: 100 });
    await expectConflict(await move(u, 'daily-chat', 'complete'), 'QUEST_NOT_ACTIVE');
    await expectConflict(await move(u, 'daily-chat', 'abandon'), 'QUEST_NOT_ACTIVE');
    const before = await tokens(u);
    const claimed = await move(u, 'daily-chat', 'claim');
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({
      rewards: [
        { type: 'xp', value: 50 },
        { type: 'tokens', value: 10 },
      ],
      userQuest: { status: 'claimed' },
    });
    expect(await tokens(u)).toBe(before + 10);
    await expectConflict(await move(u, 'daily-chat', 'claim'), 'QUEST_CLAIMED');
    await expectConflict(await move(u, 'daily-chat', 'start'), 'QUEST_CLAIMED');
    expect((await move(u, 'no-such-quest', 'start')).statusCode).toBe(404);
  });

  it('20 claims at once pay once', async () => {
    const u = await t.signup();
    const creator = await t.signup();
    await move(u, 'tutorial-social', 'start');
    await call(t, u, 'POST', `/api/users/${creator.user.id}/follow`);
    await call(t, u, 'POST', `/api/bots/${botId}/favorite`);
    expect((await move(u, 'tutorial-social', 'complete')).statusCode).toBe(200);
    const before = await tokens(u);
    const answers = await Promise.all(Array.from({ length: 20 }, () => move(u, 'tutorial-social', 'claim')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await tokens(u)).toBe(before + 20);
  });

  it('abandoning loses the progress; a restart waits an hour and counts from the new start', async () => {
    const u = await t.signup();
    const chatId = await chatFor(u);
    await move(u, 'daily-chat', 'start');
    await sendMessages(u, chatId, 4);
    expect((await move(u, 'daily-chat', 'abandon')).json()).toMatchObject({ status: 'abandoned', restartAt: expect.any(String) });
    await expectConflict(await move(u, 'daily-chat', 'start'), 'QUEST_COOLDOWN');
    await expectConflict(await move(u, 'daily-chat', 'complete'), 'QUEST_NOT_STARTED');
    await db()
      .update(userQuests)
      .set({ abandonedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(userQuests.userId, u.user.id));
    expect(await runOf(u, 'daily-chat')).toBeNull();
    const restarted = (await move(u, 'daily-chat', 'start')).json() as UserQuest;
    expect(restarted.progress[0]!.currentValue).toBe(0);
    await sendMessages(u, chatId, 1);
    expect((await runOf(u, 'daily-chat'))!.progress[0]!.currentValue).toBe(1);
  });

  it("a daily quest ends at the user's local midnight, a weekly one at their local Monday; past its end it can't be completed", async () => {
    const u = await t.signup();
    await db().insert(userSettings).values({ userId: u.user.id, timeZone: 'Asia/Tokyo' });
    const daily = (await move(u, 'daily-explorer', 'start')).json() as UserQuest;
    const today = localDay(new Date(), 'Asia/Tokyo');
    expect(daily.expiresAt).toBe(startOfLocalDay(addDays(today, 1), 'Asia/Tokyo').toISOString());
    expect(new Date(daily.expiresAt!).getUTCHours()).toBe(15); // Tokyo's midnight is 15:00 UTC
    const weekly = (await move(u, 'weekly-regular', 'start')).json() as UserQuest;
    expect(weekly.expiresAt).toBe(startOfLocalDay(addDays(weekOf(today), 7), 'Asia/Tokyo').toISOString());
    await db()
      .update(userQuests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userQuests.userId, u.user.id));
    expect((await runOf(u, 'daily-explorer'))!.expired).toBe(true);
    await expectConflict(await move(u, 'daily-explorer', 'complete'), 'QUEST_EXPIRED');
    // The next local day the daily quest is available again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await missionsFor(db(), u.user.id, tomorrow)).find((q) => q.id === 'daily-explorer')!.userQuest).toBeNull();
  });

  it('local midnights across daylight saving time', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfLocalDay('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfLocalDay('2026-06-01', 'Nowhere/Land').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it("GET /user/{userId}: one's own level, open quests and streaks; another's level only when public", async () => {
    const [me, other] = [await t.signup(), await t.signup()];
    await move(me, 'story-first-steps', 'start');
    const mine = (await call(t, me, 'GET', `/api/gamification/user/${me.user.id}`)).json() as {
      level: { level: number; rank: { id: string }; nextMilestone: number };
      quests: UserQuest[];
      streaks: { type: string }[];
      tokensSpent: number;
    };
    expect(mine.level).toMatchObject({ level: 1, xp: 0, xpToNextLevel: 1000, rank: { id: 'bronze' }, nextMilestone: 10, prestigeLevel: 0 });
    expect(mine.quests.map((q) => q.questId)).toEqual(['story-first-steps']);
    expect(mine.streaks.map((s) => s.type)).toEqual(['daily_login', 'daily_chat']);
    expect(mine.tokensSpent).toBe(0);
    // Replies charge tokens through the ledger; the game profile shows what they cost, from it.
    const before = await tokens(me);
    await sendMessages(me, await chatFor(me), 2);
    const spent = before - (await tokens(me));
    expect(spent).toBeGreaterThan(0);
    const after = (await call(t, me, 'GET', `/api/gamification/user/${me.user.id}`)).json() as { tokensSpent: number };
    expect(after.tokensSpent).toBe(spent);
    const theirs = await call(t, me, 'GET', `/api/gamification/user/${other.user.id}`);
    expect(Object.keys(theirs.json() as object)).toEqual(['level']);
    await call(t, other, 'PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' });
    expect((await call(t, me, 'GET', `/api/gamification/user/${other.user.id}`)).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/gamification/user/${other.user.id}`)).statusCode).toBe(200);
    expect((await call(t, me, 'GET', '/api/gamification/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

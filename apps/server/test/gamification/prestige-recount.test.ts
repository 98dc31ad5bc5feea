import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { MAX_LEVEL, XP_PER_LEVEL } from '@app/shared/gamification/levels';
import type { ActivityAnswer } from '@app/shared/gamification/profile';
import { userAchievements, userBadges, userPrestiges, userProgress, xpAwards } from '../../src/db/schema/gamification';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

const TOP_XP = (MAX_LEVEL - 1) * XP_PER_LEVEL;

describe('prestige and the recount of POST /activity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const progress = async (s: Session) => (await db().select().from(userProgress).where(eq(userProgress.userId, s.user.id)))[0];
  const prestige = (s: Session) => call(t, s, 'POST', '/api/gamification/prestige');

  it('below the top level prestige is 409 PRESTIGE_NOT_AVAILABLE and changes nothing', async () => {
    const u = await t.signup();
    await db()
      .insert(userProgress)
      .values({ userId: u.user.id, totalXp: TOP_XP - 1 });
    const res = await prestige(u);
    expect([res.statusCode, errorOf(res).code]).toEqual([409, 'PRESTIGE_NOT_AVAILABLE']);
    expect(await progress(u)).toMatchObject({ totalXp: TOP_XP - 1, prestigeLevel: 0 });
    const fresh = await t.signup(); // no progress row at all
    expect((await prestige(fresh)).statusCode).toBe(409);
  });

  it('at the top level: back to level 1 with prestige + 1, achievements and badges kept, on record', async () => {
    const u = await t.signup();
    await db()
      .insert(userProgress)
      .values({ userId: u.user.id, totalXp: TOP_XP + 500 });
    await db().insert(userAchievements).values({ userId: u.user.id, achievementId: 'level-200' });
    await db().insert(userBadges).values({ userId: u.user.id, badgeId: 'level-200', source: 'test', equipped: true });
    const res = await prestige(u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ level: 1, xp: 0, totalXp: 0, prestigeLevel: 1, rank: { id: 'bronze' } });
    const level = (await call(t, u, 'GET', `/api/gamification/user/${u.user.id}`)).json() as {
      level: { prestigeLevel: number; level: number };
    };
    expect(level.level).toMatchObject({ level: 1, prestigeLevel: 1 });
    expect(await db().select().from(userAchievements).where(eq(userAchievements.userId, u.user.id))).toHaveLength(1);
    expect(await db().select().from(userBadges).where(eq(userBadges.userId, u.user.id))).toMatchObject([{ equipped: true }]);
    expect(await db().select().from(userPrestiges).where(eq(userPrestiges.userId, u.user.id))).toMatchObject([
      { prestigeLevel: 1, totalXp: TOP_XP + 500 },
    ]);
    // Back at level 1 the next prestige is far away.
    expect((await prestige(u)).statusCode).toBe(409);
  });

  it('twenty prestiges at once prestige once', async () => {
    const u = await t.signup();
    await db().insert(userProgress).values({ userId: u.user.id, totalXp: TOP_XP });
    const answers = await Promise.all(Array.from({ length: 20 }, () => prestige(u)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(Array(19).fill('PRESTIGE_NOT_AVAILABLE'));
    expect(await progress(u)).toMatchObject({ totalXp: 0, prestigeLevel: 1 });
    expect(await db().select().from(userPrestiges).where(eq(userPrestiges.userId, u.user.id))).toHaveLength(1);
  });

  it('POST /activity pays awards whose event never arrived, once, and reports each achievement’s progress', async () => {
    const u = await t.signup();
    const bot = await createBot(t, u, { visibility: 'public', avatarUrl: '/avatars/mira.svg' });
    const chat = (await call(t, u, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: t.bearer(u),
      payload: { content: 'Hello there' },
    });
    expect(sent.statusCode).toBe(201);
    await t.app.ctx.events.settled();
    const before = (await progress(u))!.totalXp;
    // As if the server had restarted before the listeners ran: the bot's and the message's awards are gone.
    await db()
      .delete(xpAwards)
      .where(and(eq(xpAwards.userId, u.user.id), eq(xpAwards.source, 'message')));
    await db()
      .delete(xpAwards)
      .where(and(eq(xpAwards.userId, u.user.id), eq(xpAwards.source, 'bot_published')));
    await db()
      .update(userProgress)
      .set({ totalXp: before - 105 })
      .where(eq(userProgress.userId, u.user.id));

    // A body claiming progress counts for nothing.
    const res = await call(t, u, 'POST', '/api/gamification/activity', { xp: 100000, type: 'message', amount: 999 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ActivityAnswer;
    expect(answer.xpGained).toBe(105);
    expect((await progress(u))!.totalXp).toBe(before);
    expect(answer.achievementsProgress).toHaveLength(50);
    expect(answer.achievementsProgress.find((a) => a.achievementId === 'first-words')).toEqual({
      achievementId: 'first-words',
      progress: 100,
      unlocked: true,
    });
    expect(answer.achievementsProgress.find((a) => a.achievementId === 'chatterbox')).toEqual({
      achievementId: 'chatterbox',
      progress: 10,
      unlocked: false,
    });
    // Nothing more is pending: again, 0.
    const again = await call(t, u, 'POST', '/api/gamification/activity');
    expect(again.statusCode, again.body).toBe(200);
    expect(((await call(t, u, 'POST', '/api/gamification/activity')).json() as ActivityAnswer).xpGained).toBe(0);
    expect((await progress(u))!.totalXp).toBe(before);
  });

  it('POST /activity pays nothing for characters brought in from cards (none was created here)', async () => {
    const u = await t.signup();
    const card = { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Imported Ida', description: 'From elsewhere.' } };
    expect((await call(t, u, 'POST', '/api/bots/import', { data: JSON.stringify(card), format: 'json' })).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    const res = await call(t, u, 'POST', '/api/gamification/activity');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ActivityAnswer).xpGained).toBe(0);
  });

  it('POST /activity refuses a body that is not an object and needs a session', async () => {
    const u = await t.signup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gamification/activity',
      headers: { ...t.bearer(u), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect((await call(t, null, 'POST', '/api/gamification/activity')).statusCode).toBe(401);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { RewardList } from '@app/shared/gamification/schemas';
import { xpAwards, xpGrants } from '../../src/db/schema/gamification';
import { userSettings } from '../../src/db/schema/settings';
import { awardXp } from '../../src/features/gamification/awards';
import { localDay, weekOf } from '../../src/features/gamification/local-day';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { refreshWithCookie, signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

describe('streaks, the rewards panel and admin grants', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const balance = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const rewards = async (s: Session) => ((await call(t, s, 'GET', '/api/gamification/rewards')).json() as RewardList).items;
  const claim = (s: Session, id: string) => call(t, s, 'POST', `/api/gamification/rewards/${id}/claim`);
  /** Daily-login awards for the `days` local days ending today, as the listeners would have made them. */
  const loginDays = async (s: Session, days: number) => {
    const now = Date.now();
    for (let i = days - 1; i >= 0; i--) {
      const at = new Date(now - i * 86_400_000);
      await awardXp(db(), { userId: s.user.id, source: 'daily_login', sourceId: localDay(at, 'UTC'), base: 20, at });
    }
  };

  it('a new user: the daily bonus claimable, the weekly and achievements bonuses locked, with their progress', async () => {
    const u = await t.signup();
    expect(await rewards(u)).toEqual([
      { id: 'daily', tokens: 50, status: 'claimable', progress: { current: 1, target: 1 } },
      { id: 'weekly', tokens: 200, status: 'locked', progress: { current: 1, target: 7 } }, // the signup day counts
      { id: 'achievements', tokens: 500, status: 'locked', progress: { current: 0, target: 5 } },
    ]);
  });

  it('the daily bonus pays 50 once; again is 409 and moves nothing', async () => {
    const u = await t.signup();
    const before = await balance(u);
    const first = await claim(u, 'daily');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ balance: before + 50, tokens: 50 });
    const again = await claim(u, 'daily');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('REWARD_CLAIMED');
    expect(await balance(u)).toBe(before + 50);
    expect((await rewards(u))[0]!.status).toBe('claimed');
  });

  it('20 claims at once pay once', async () => {
    const u = await t.signup();
    const before = await balance(u);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(u, 'daily')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balance(u)).toBe(before + 50);
  });

  it('the weekly bonus waits for a 7-day login streak, then pays 200 once that week', async () => {
    const u = await t.signup();
    const locked = await claim(u, 'weekly');
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).code).toBe('REWARD_LOCKED');
    await loginDays(u, 6);
    expect((await rewards(u))[1]).toMatchObject({ status: 'locked', progress: { current: 6, target: 7 } });
    await loginDays(u, 7);
    expect((await rewards(u))[1]).toMatchObject({ status: 'claimable', progress: { current: 7, target: 7 } });
    const before = await balance(u);
    expect((await claim(u, 'weekly')).json()).toEqual({ balance: before + 200, tokens: 200 });
    expect((await claim(u, 'weekly')).statusCode).toBe(409);
    expect(await balance(u)).toBe(before + 200);
  });

  it('weeks start on Monday', () => {
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-25')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });

  it("a rank's perk adds to the daily bonus (gold: +25)", async () => {
    const u = await t.signup();
    await awardXp(db(), { userId: u.user.id, source: 'admin_grant', sourceId: 'to-gold', base: 29_000, multiply: false });
    expect((await rewards(u))[0]).toMatchObject({ tokens: 75 });
    expect((await claim(u, 'daily')).json()).toMatchObject({ tokens: 75 });
  });

  it('an unknown reward is refused; signed out is 401', async () => {
    const u = await t.signup();
    const unknown = await claim(u, 'monthly');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('Reward not found');
    expect((await t.app.inject({ method: 'POST', url: '/api/gamification/rewards/daily/claim' })).statusCode).toBe(401);
  });

  it('streaks are recomputed from server data: logins and days with a chat message; a body claiming more changes nothing', async () => {
    const u = await t.signup();
    await loginDays(u, 3);
    const res = await call(t, u, 'POST', '/api/gamification/streaks', { type: 'daily_login' });
    expect(res.json()).toEqual({ type: 'daily_login', currentStreak: 3, longestStreak: 3, milestone: 3 });
    const chat = await call(t, u, 'POST', '/api/gamification/streaks', { type: 'daily_chat' });
    expect(chat.json()).toEqual({ type: 'daily_chat', currentStreak: 0, longestStreak: 0, milestone: null });
    const forged = await call(t, u, 'POST', '/api/gamification/streaks', { type: 'daily_login', currentStreak: 365 });
    expect(forged.statusCode).toBe(400);
    expect((await call(t, u, 'POST', '/api/gamification/streaks', { type: 'weekly' })).statusCode).toBe(400);
  });

  it("a session renewed by a page load counts the day's login once, in the user's time zone", async () => {
    const u = await t.signup();
    await db().insert(userSettings).values({ userId: u.user.id, timeZone: 'Asia/Tokyo' });
    let token = u.refreshToken;
    for (let i = 0; i < 3; i++) {
      const res = await refreshWithCookie(t, token);
      expect(res.statusCode).toBe(200);
      token = (res.json() as Session).refreshToken;
    }
    await t.app.ctx.events.settled();
    const logins = await db()
      .select()
      .from(xpAwards)
      .where(and(eq(xpAwards.userId, u.user.id), eq(xpAwards.source, 'daily_login')));
    expect(logins.map((l) => l.localDay)).toEqual([localDay(new Date(), 'Asia/Tokyo')]);
    expect(logins[0]!.amount).toBe(20);
  });

  it("an admin's XP grant is kept with who gave it and why; a user can't grant; an unknown user is 404", async () => {
    const u = await t.signup();
    const res = await call(t, admin, 'POST', '/api/gamification/xp', { amount: 1500, source: 'Contest winner', userId: u.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: u.user.id, levelUp: true, newLevel: 2, totalXp: 1500 });
    const [grant] = await db().select().from(xpGrants).where(eq(xpGrants.userId, u.user.id));
    expect(grant).toMatchObject({ grantedBy: admin.user.id, amount: 1500, reason: 'Contest winner' });
    const self = await call(t, u, 'POST', '/api/gamification/xp', { amount: 1000, source: 'me', userId: u.user.id });
    expect(self.statusCode).toBe(403);
    const unknown = await call(t, admin, 'POST', '/api/gamification/xp', {
      amount: 10,
      source: 'x',
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    for (const amount of [0, -5, 1.5, 1_000_001]) {
      expect((await call(t, admin, 'POST', '/api/gamification/xp', { amount, source: 'x', userId: u.user.id })).statusCode).toBe(400);
    }
    expect((await db().select().from(xpGrants).where(eq(xpGrants.userId, u.user.id))).length).toBe(1);
  });
});

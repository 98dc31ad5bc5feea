import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { z } from 'zod';
import type { ZGamificationUser } from '@app/shared/gamification/schemas';
import { tokensSpentOf } from '../../src/features/gamification/achievements';
import { timeZoneOf } from '../../src/features/gamification/awards';
import { localDay } from '../../src/features/gamification/local-day';
import { levelAnswerOf } from '../../src/features/gamification/prestige';
import { openQuestsOf } from '../../src/features/gamification/quests';
import { streakSummary } from '../../src/features/gamification/streaks';
import { createTestApp, type TestApp } from '../helpers/app';
import { call } from '../bots/helpers';

/**
 * The header's widget (GET /api/gamification/user/{own id}) is read in one statement; it answers
 * what the level, quest, streak and ledger reads it replaced answer, on the same data: a user with
 * a time zone, gaps in both streaks, a signup day without a login award, quests under way, done
 * and abandoned, and replies paid for and refunded.
 */
describe('the gamification widget in one statement', () => {
  let t: TestApp;
  let user: Session;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signup();
    const id = user.user.id;
    const { db } = t.app.ctx;
    const zone = await t.app.inject({
      method: 'PUT',
      url: '/api/user/time-zone',
      headers: t.bearer(user),
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(zone.statusCode).toBe(200);
    await db.execute(sql`delete from xp_awards where user_id = ${id}`);
    // Logins on the last 12 days but the 5th, messages on the last 9 but the 3rd; the account made 40 days ago.
    await db.execute(sql`update users set created_at = now() - interval '40 days' where id = ${id}`);
    await db.execute(sql`
      insert into xp_awards (user_id, source, source_id, base, amount, local_day)
      select ${id}, 'daily_login', 'w-' || d, 10, 10, (now() at time zone 'Asia/Tokyo')::date - d
      from generate_series(0, 11) d where d <> 5`);
    await db.execute(sql`
      insert into xp_awards (user_id, source, source_id, base, amount, local_day)
      select ${id}, 'message', 'w-' || d || '-' || k, 2, 2, (now() at time zone 'Asia/Tokyo')::date - d - 1
      from generate_series(0, 8) d, generate_series(1, 3) k where d <> 3`);
    await db.execute(sql`insert into user_progress (user_id, total_xp, prestige_level) values (${id}, 5321, 1)
      on conflict (user_id) do update set total_xp = 5321, prestige_level = 1`);
    await db.execute(sql`
      insert into ledger_entries (user_id, currency, amount, reason, idempotency_key, balance_after)
      values (${id}, 'tokens', -7, 'reply', 'w-1', 0), (${id}, 'tokens', -5, 'reply', 'w-2', 0),
             (${id}, 'tokens', 5, 'reply_refund', 'w-3', 0), (${id}, 'tokens', -100, 'purchase', 'w-4', 0)`);
    for (const quest of ['daily-chat', 'weekly-talker', 'weekly-regular', 'tutorial-social']) {
      expect((await call(t, user, 'POST', `/api/gamification/quests/${quest}/start`)).statusCode).toBe(200);
    }
    expect((await call(t, user, 'POST', '/api/gamification/quests/tutorial-social/abandon')).statusCode).toBe(200);
    await db.execute(
      sql`update user_quests set status = 'completed', completed_at = now() where user_id = ${id} and quest_id = 'weekly-regular'`,
    );
  });
  afterAll(() => t.close());

  it('answers as the level, quests, streaks and tokens reads answer', async () => {
    const { db } = t.app.ctx;
    const id = user.user.id;
    const today = localDay(new Date(), await timeZoneOf(db, id));
    const [level, quests, login, chat, tokensSpent] = await Promise.all([
      levelAnswerOf(db, id),
      openQuestsOf(db, id),
      streakSummary(db, id, 'daily_login', today),
      streakSummary(db, id, 'daily_chat', today),
      tokensSpentOf(db, id),
    ]);
    const res = await call(t, user, 'GET', `/api/gamification/user/${id}`);
    expect(res.statusCode).toBe(200);
    const widget = res.json() as z.infer<typeof ZGamificationUser>;
    expect(widget).toEqual(JSON.parse(JSON.stringify({ level, quests, streaks: [login, chat], tokensSpent })));
    // The data is what the test made: gaps break the current runs, the signup day counts for the login streak.
    expect(widget.streaks).toEqual([
      expect.objectContaining({ type: 'daily_login', currentStreak: 5, longestStreak: 6 }),
      expect.objectContaining({ type: 'daily_chat', currentStreak: 3, longestStreak: 5 }),
    ]);
    expect(widget.tokensSpent).toBe(7);
    expect(widget.quests!.map((q) => q.questId).sort()).toEqual(['daily-chat', 'weekly-regular', 'weekly-talker']);
    expect(widget.level).toMatchObject({ totalXp: 5321, prestigeLevel: 1, streakDays: 5 });
  });
});

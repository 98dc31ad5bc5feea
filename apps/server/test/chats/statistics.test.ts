import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { BotStatistics, Chat } from '@app/shared/chats/schemas';
import { botCollaborators } from '../../src/db/schema/bots';
import { botStats } from '../../src/db/schema/chats';
import { dayOf, runDailyStats } from '../../src/features/chats/daily-stats';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, createBot } from '../bots/helpers';

describe('bot statistics and the daily job', () => {
  let t: TestApp;
  let owner: Session;
  let fan: Session;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0' } });
    owner = await t.signup();
    fan = await t.signup();
    botId = (await createBot(t, owner, { visibility: 'public', avatarUrl: '/avatars/mira.svg' })).id;
    const chat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chats',
        headers: {
          ...t.bearer(fan),
          'accept-language': 'ru-RU,ru;q=0.9',
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
        },
        payload: { botId },
      })
    ).json() as Chat;
    await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...t.bearer(fan), 'accept-language': 'ru' },
      payload: { content: 'Hello' },
    });
    // Two days ago: a chat start and three replies, as the logs would have them.
    await t.database.db.execute(sql`
      insert into bot_logs (bot_id, user_id, action, metadata, created_at)
      select ${botId}::uuid, null, a, '{"tokensUsed": 10, "responseTime": 200, "language": "en", "device": "Desktop"}'::jsonb, now() - interval '2 days'
      from unnest(array['chat_started', 'message', 'message', 'message']) a`);
  });
  afterAll(() => t.close());

  it('aggregates each finished day once; running it again changes nothing', async () => {
    const first = await runDailyStats(t.database.db);
    expect(first).toContain(dayOf(new Date(Date.now() - 2 * 86_400_000)));
    expect(await runDailyStats(t.database.db)).toEqual([]);
    const rows = await t.database.db.select().from(botStats).where(eq(botStats.botId, botId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ totalChats: 1, totalMessages: 3, totalTokensUsed: 40, avgResponseTime: 200 });
  });

  it("answers the statistics object with today's live numbers, hours and demographics", async () => {
    const res = await call(t, owner, 'GET', `/api/bots/${botId}/statistics?range=7d`);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as BotStatistics;
    expect(stats.dailyStats).toHaveLength(7);
    expect(stats.dailyStats.at(-1)).toMatchObject({ date: dayOf(new Date()), chats: 1, messages: 1 });
    expect(stats.dailyStats.at(-3)).toMatchObject({ chats: 1, messages: 3 });
    expect(stats).toMatchObject({ totalChats: 2, totalMessages: 4, avgMessagesPerChat: 2, activeChats: 1, uniqueUsers: 1 });
    expect(stats.popularHours).toHaveLength(24);
    expect(stats.popularHours.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(stats.userDemographics.languages).toMatchObject({ ru: 1 });
    expect(stats.userDemographics.devices).toHaveProperty('Mobile');
    expect(stats.userDemographics.countries).toEqual({ unknown: 1 });
    expect((await call(t, owner, 'GET', `/api/bots/${botId}/statistics`)).json().dailyStats).toHaveLength(30);
    expect((await call(t, owner, 'GET', `/api/bots/${botId}/statistics?range=1y`)).statusCode).toBe(400);
  });

  it('exports the days as CSV', async () => {
    const res = await call(t, owner, 'GET', `/api/bots/${botId}/statistics/export?format=csv&range=7d`);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('date,chats,messages,avg_session_seconds,errors,tokens_used');
    expect(lines).toHaveLength(8);
  });

  it('is for the owner and collaborators only', async () => {
    expect((await call(t, fan, 'GET', `/api/bots/${botId}/statistics`)).statusCode).toBe(403);
    expect((await call(t, null, 'GET', `/api/bots/${botId}/statistics`)).statusCode).toBe(401);
    const fanId = ((await call(t, fan, 'GET', '/api/auth/session')).json() as { user: { id: string } }).user.id;
    await t.database.db.insert(botCollaborators).values({ botId, userId: fanId, role: 'viewer' });
    expect((await call(t, fan, 'GET', `/api/bots/${botId}/statistics`)).statusCode).toBe(200);
  });
});

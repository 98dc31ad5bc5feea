import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { leaderboardById, periodAt } from '@app/shared/leaderboards/boards';
import { userBadges } from '../../src/db/schema/gamification';
import { leaderboardCursors, leaderboardScores, leaderboardWinners } from '../../src/db/schema/leaderboards';
import { awardXp } from '../../src/features/gamification/awards';
import { Leaderboards, rankMirrorOf } from '../../src/features/leaderboards/leaderboards';
import { catchUp, rollPeriods } from '../../src/features/leaderboards/periods';
import { createTestApp, type TestApp } from '../helpers/app';
import { MODES, redisAvailable, startRedis } from './helpers';

const quiet = { error() {}, warn() {} };
const xpWeekly = leaderboardById('xp-weekly')!;
const messagesWeekly = leaderboardById('messages-weekly')!;

describe.each(MODES)('the periods of the boards on $name', ({ redis: withRedis }) => {
  let t: TestApp;
  let boards: Leaderboards;
  let redis: { url: string; close(): void } | null = null;

  beforeAll(async () => {
    if (withRedis && !redisAvailable) return;
    redis = withRedis ? await startRedis() : null;
    t = await createTestApp({ env: { REDIS_URL: redis?.url ?? '' } });
    const mirror = t.app.ctx.redis ? rankMirrorOf(t.app.ctx.db, t.app.ctx.redis, t.config.redisPrefix, quiet) : null;
    boards = new Leaderboards({ db: t.app.ctx.db, mirror, log: quiet });
  });
  afterAll(async () => {
    await boards?.settled();
    await t?.close();
    redis?.close();
  });

  const test = it.skipIf(withRedis && !redisAvailable);
  const db = () => t.app.ctx.db;
  const award = (userId: string, amount: number, at: Date, source: 'admin_grant' | 'message' = 'admin_grant') =>
    awardXp(db(), { userId, source, sourceId: randomUUID(), base: amount, multiply: false, at });
  const badgesOf = (userId: string) => db().select().from(userBadges).where(eq(userBadges.userId, userId));

  test('the job across Monday 00:00 UTC opens the new week at 0 and gives last week’s top 3 their badge, once', async () => {
    const thursday = new Date('2026-03-12T12:00:00Z');
    const sunday = new Date('2026-03-15T23:50:00Z');
    const monday = new Date('2026-03-16T00:00:30Z');
    const nextMonday = new Date('2026-03-23T00:00:10Z');
    expect(periodAt('weekly', sunday).key).toBe('2026-03-09');
    expect(periodAt('weekly', monday).key).toBe('2026-03-16');

    const players: Session[] = [];
    for (let i = 0; i < 5; i++) players.push(await t.signup());
    const [p1, p2, p3, p4, p5] = players.map((p) => p.user.id) as [string, string, string, string, string];
    for (const id of [p1, p2, p3, p4, p5]) await boards.join(xpWeekly, id, thursday);
    await rollPeriods(db(), boards, thursday);
    for (const [id, xp] of [
      [p1, 300],
      [p2, 200],
      [p3, 200],
      [p4, 100],
    ] as const) {
      await award(id, xp, thursday);
      await boards.update(id, thursday);
    }
    const lastWeek = await boards.entries(xpWeekly, { limit: 100, offset: 0 }, p1, sunday);
    expect(lastWeek.items.map((e) => [e.rank, e.score])).toEqual([
      [1, 300],
      [2, 200],
      [2, 200],
      [4, 100],
      [5, 0],
    ]);

    // Sunday 23:59's award is counted after midnight, before the job: it still counts for its week.
    await award(p4, 50, new Date('2026-03-15T23:59:00Z'));
    await boards.update(p4, monday);
    // Monday's first XP is the new week's.
    await award(p5, 40, new Date('2026-03-16T00:00:10Z'));
    await boards.update(p5, monday);

    // Five instances run the job at once, and once more later: the week closes once.
    const runs = await Promise.all(Array.from({ length: 5 }, () => rollPeriods(db(), boards, monday)));
    runs.push(await rollPeriods(db(), boards, monday));
    const closings = runs.flatMap((r) => r.closed).filter((c) => c.boardId === 'xp-weekly');
    expect(closings).toHaveLength(1);
    expect(closings[0]!.period).toBe('2026-03-09');
    const winners = await db()
      .select()
      .from(leaderboardWinners)
      .where(and(eq(leaderboardWinners.boardId, 'xp-weekly'), eq(leaderboardWinners.period, '2026-03-09')));
    expect(winners.map((w) => [w.userId, w.rank, w.score])).toEqual(
      expect.arrayContaining([
        [p1, 1, 300],
        [p2, 2, 200],
        [p3, 2, 200],
      ]),
    );
    expect(winners).toHaveLength(3); // p4's 150 is fourth
    const [p4LastWeek] = await db()
      .select({ score: leaderboardScores.score })
      .from(leaderboardScores)
      .where(and(eq(leaderboardScores.userId, p4), eq(leaderboardScores.boardId, 'xp-weekly'), eq(leaderboardScores.period, '2026-03-09')));
    expect(p4LastWeek!.score).toBe(150);
    // With Redis, the job built the new week's set: reads come from it from the first one on.
    if (t.app.ctx.redis)
      expect(await rankMirrorOf(t.app.ctx.db, t.app.ctx.redis, t.config.redisPrefix, quiet).isReady('xp-weekly', '2026-03-16')).toBe(true);
    for (const id of [p1, p2, p3]) {
      expect((await badgesOf(id)).map((b) => [b.badgeId, b.source])).toEqual([['top3-xp-weekly', 'leaderboard:xp-weekly:2026-03-09']]);
    }
    expect(await badgesOf(p4)).toEqual([]);
    expect(await badgesOf(p5)).toEqual([]);
    // No messages were sent: that board closes with no winners and no badges.
    expect(runs.flatMap((r) => r.closed).filter((c) => c.boardId === 'messages-weekly')).toEqual([
      { boardId: 'messages-weekly', period: '2026-03-09', winners: [] },
    ]);

    // The new week: everyone who joined is on it from 0, and p5's Monday XP leads.
    const thisWeek = await boards.entries(xpWeekly, { limit: 100, offset: 0 }, p1, monday);
    expect(thisWeek.total).toBe(5);
    expect(thisWeek.items[0]).toMatchObject({ userId: p5, rank: 1, score: 40 });
    expect(thisWeek.items.slice(1).map((e) => [e.rank, e.score])).toEqual(Array(4).fill([2, 0]));
    expect(thisWeek.me).toEqual({ rank: 2, score: 0 });

    // A week later: p5 alone had XP, so p5 alone wins (a score of 0 wins nothing); the week before last is pruned.
    const later = await rollPeriods(db(), boards, nextMonday);
    expect(later.closed.find((c) => c.boardId === 'xp-weekly')!.winners).toEqual([{ userId: p5, rank: 1, score: 40 }]);
    expect((await badgesOf(p5)).map((b) => b.badgeId)).toEqual(['top3-xp-weekly']);
    expect((await badgesOf(p1)).map((b) => b.source)).toEqual(['leaderboard:xp-weekly:2026-03-09']); // kept
    const periods = await db()
      .select({ period: leaderboardScores.period })
      .from(leaderboardScores)
      .where(eq(leaderboardScores.boardId, 'xp-weekly'));
    expect(new Set(periods.map((p) => p.period))).toEqual(new Set(['2026-03-16', '2026-03-23']));
  });

  test('the catch-up job counts awards that no event announced (a message past the XP cap), once', async () => {
    const now = new Date();
    await catchUp(db(), boards, now); // its first run starts at the awards there are
    const player = (await t.signup()).user.id;
    await boards.join(messagesWeekly, player, now);
    for (let i = 0; i < 3; i++) await award(player, 5, now, 'message');
    expect((await boards.entries(messagesWeekly, { limit: 10, offset: 0 }, player, now)).me).toEqual({ rank: 1, score: 0 });
    expect(await catchUp(db(), boards, now)).toBe(1);
    expect((await boards.entries(messagesWeekly, { limit: 10, offset: 0 }, player, now)).me).toEqual({ rank: 1, score: 3 });
    await catchUp(db(), boards, now);
    expect((await boards.entries(messagesWeekly, { limit: 10, offset: 0 }, player, now)).me).toEqual({ rank: 1, score: 3 });

    // A count whose commit a PostgreSQL crash lost (it does not wait for the disk), after the job
    // had walked past its award: the job's next run walks that stretch again and counts it.
    const [cursor] = await db().select().from(leaderboardCursors).where(eq(leaderboardCursors.userId, player));
    await award(player, 5, now, 'message');
    await boards.update(player, now);
    await catchUp(db(), boards, now);
    await db().update(leaderboardCursors).set({ lastAwardId: cursor!.lastAwardId }).where(eq(leaderboardCursors.userId, player));
    await db()
      .update(leaderboardScores)
      .set({ score: 3 })
      .where(and(eq(leaderboardScores.userId, player), eq(leaderboardScores.boardId, 'messages-weekly')));
    await catchUp(db(), boards, now);
    const [row] = await db()
      .select({ score: leaderboardScores.score })
      .from(leaderboardScores)
      .where(and(eq(leaderboardScores.userId, player), eq(leaderboardScores.boardId, 'messages-weekly')));
    expect(row!.score).toBe(4);
  });
});

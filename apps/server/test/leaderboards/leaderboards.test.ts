import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { LEADERBOARDS } from '@app/shared/leaderboards/boards';
import type { LeaderboardList, LeaderboardMembership, LeaderboardStats } from '@app/shared/leaderboards/schemas';
import { xpAwards } from '../../src/db/schema/gamification';
import { leaderboardMembers, leaderboardScores } from '../../src/db/schema/leaderboards';
import { awardXp } from '../../src/features/gamification/awards';
import { Leaderboards, rankMirrorOf } from '../../src/features/leaderboards/leaderboards';
import { pageFromDatabase } from '../../src/features/leaderboards/ranks';
import { RankMirror, type MirrorPage } from '../../src/features/leaderboards/rank-mirror';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError, signupAdmin } from '../helpers/auth';
import { call, createBot } from '../bots/helpers';
import { asUser, grantXp, MODES, redisAvailable, startRedis } from './helpers';

const quiet = { error() {}, warn() {} };

describe.each(MODES)('leaderboards on $name', ({ redis: withRedis }) => {
  let t: TestApp;
  let admin: Session;
  let redis: { url: string; close(): void } | null = null;

  beforeAll(async () => {
    if (withRedis && !redisAvailable) return;
    redis = withRedis ? await startRedis() : null;
    // Pages from memory are a test of their own (below); here every read shows what just happened.
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', REDIS_URL: redis?.url ?? '', LEADERBOARD_PAGE_CACHE_MS: '0' } });
    admin = await signupAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    redis?.close();
  });

  // The Redis mode needs a Redis (REDIS_URL or redis-server on PATH); the PostgreSQL mode always runs.
  const test = it.skipIf(withRedis && !redisAvailable);
  const settle = () => t.app.ctx.events.settled();

  test('lists the five boards with their metric, period and when the current period resets', async () => {
    const user = await t.signup();
    const res = await asUser(t, user).go('GET', '/api/gamification/leaderboards');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as LeaderboardList;
    expect(items.map((b) => b.id)).toEqual(LEADERBOARDS.map((b) => b.id));
    const weekly = items.find((b) => b.id === 'xp-weekly')!;
    expect(weekly).toMatchObject({ metric: 'xp', period: 'weekly', name: 'XP this week' });
    const resets = new Date(weekly.resetsAt!);
    expect(resets.getUTCDay()).toBe(1); // a Monday
    expect(resets.toISOString().slice(11)).toBe('00:00:00.000Z');
    expect(resets.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(items.find((b) => b.id === 'xp-all-time')!.resetsAt).toBeNull();
    expect(new Date(items.find((b) => b.id === 'xp-monthly')!.resetsAt!).getUTCDate()).toBe(1);
  });

  test('ties share a rank (1, 2, 2, 4), on every page, whether players joined before or after scoring', async () => {
    const [a, b, c, d] = await Promise.all([t.signup(), t.signup(), t.signup(), t.signup()]);
    // a and b join first and score after; c and d score first and join after.
    for (const s of [a!, b!]) expect((await asUser(t, s).join('xp-all-time')).statusCode).toBe(200);
    await grantXp(t, admin, a!.user.id, 100);
    await grantXp(t, admin, b!.user.id, 50);
    await grantXp(t, admin, c!.user.id, 50);
    await grantXp(t, admin, d!.user.id, 10);
    await settle();
    for (const s of [c!, d!]) expect((await asUser(t, s).join('xp-all-time')).statusCode).toBe(200);

    const board = await asUser(t, d!).entries('xp-all-time');
    expect(board.total).toBe(4);
    expect(board.items.map((e) => [e.rank, e.score])).toEqual([
      [1, 100],
      [2, 50],
      [2, 50],
      [4, 10],
    ]);
    // Equal scores in a fixed order (the user id, descending), the same as Redis's reverse order.
    const tied = [b!.user.id, c!.user.id].sort().reverse();
    expect(board.items.slice(1, 3).map((e) => e.userId)).toEqual(tied);
    expect(board.items[0]).toMatchObject({ userId: a!.user.id, username: a!.user.username, displayName: a!.user.displayName, level: 1 });
    expect(board.me).toEqual({ rank: 4, score: 10 });

    // Pages: the second page starts inside the tie and keeps its rank.
    const second = await asUser(t, a!).entries('xp-all-time', '?limit=2&offset=2');
    expect(second.items.map((e) => [e.rank, e.userId])).toEqual([
      [2, tied[1]],
      [4, d!.user.id],
    ]);
    expect(second.total).toBe(4);
    expect(second.me).toEqual({ rank: 1, score: 100 });
    const past = await asUser(t, a!).entries('xp-all-time', '?limit=100&offset=10');
    expect(past).toEqual({ items: [], total: 4, me: { rank: 1, score: 100 } });
    const one = await asUser(t, a!).entries('xp-all-time', '?limit=1');
    expect(one.items.map((e) => e.rank)).toEqual([1]);

    // More XP moves a player up: 60 more for d makes 70, second alone.
    await grantXp(t, admin, d!.user.id, 60);
    await settle();
    const after = await asUser(t, d!).entries('xp-all-time');
    expect(after.items.map((e) => [e.rank, e.score])).toEqual([
      [1, 100],
      [2, 70],
      [3, 50],
      [3, 50],
    ]);
    expect(after.me).toEqual({ rank: 2, score: 70 });
  });

  test('limit 1 to 100 (else 400), offset a whole number, an unknown board 404', async () => {
    const user = asUser(t, await t.signup());
    for (const q of ['?limit=0', '?limit=101', '?limit=-1', '?limit=abc', '?limit=1.5', '?offset=-1', '?offset=x']) {
      expectError(await user.go('GET', `/api/gamification/leaderboards/xp-weekly/entries${q}`), 400, 'VALIDATION_ERROR');
    }
    for (const id of ['nope', 'XP-WEEKLY', 'x'.repeat(60)]) {
      expectError(await user.go('GET', `/api/gamification/leaderboards/${id}/entries`), 404, 'NOT_FOUND');
      expectError(await user.join(id), 404, 'NOT_FOUND');
      expectError(await user.leave(id), 404, 'NOT_FOUND');
    }
    const empty = await user.entries('xp-weekly', '?limit=100&offset=0');
    expect(empty.me).toBeNull();
    expect(empty.items.length).toBeLessThanOrEqual(100);
  });

  test('joining is idempotent (20 at once: one membership, one score row); only members are listed; leaving takes a player off', async () => {
    const fan = await t.signup();
    const me = asUser(t, fan);
    const answers = await Promise.all(Array.from({ length: 20 }, () => me.join('favorites-all-time')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of answers) expect(r.json()).toEqual({ leaderboardId: 'favorites-all-time', joined: true, me: { rank: 1, score: 0 } });
    const db = t.app.ctx.db;
    const memberships = await db
      .select()
      .from(leaderboardMembers)
      .where(and(eq(leaderboardMembers.userId, fan.user.id), eq(leaderboardMembers.boardId, 'favorites-all-time')));
    expect(memberships).toHaveLength(1);
    expect(await db.select().from(leaderboardScores).where(eq(leaderboardScores.userId, fan.user.id))).toHaveLength(1);

    // A player who never joined is on no board, whatever they earn.
    const outsider = await t.signup();
    await grantXp(t, admin, outsider.user.id, 500);
    await settle();
    const board = await me.entries('favorites-all-time');
    expect(board.items.map((e) => e.userId)).toContain(fan.user.id);
    expect(board.items.map((e) => e.userId)).not.toContain(outsider.user.id);
    expect(
      await asUser(t, outsider)
        .entries('favorites-all-time')
        .then((b) => b.me),
    ).toBeNull();

    const left = await me.leave('favorites-all-time');
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ leaderboardId: 'favorites-all-time', joined: false, me: null } satisfies LeaderboardMembership);
    const afterLeave = await me.entries('favorites-all-time');
    expect(afterLeave.me).toBeNull();
    expect(afterLeave.items.map((e) => e.userId)).not.toContain(fan.user.id);
    expect((await me.leave('favorites-all-time')).statusCode).toBe(200); // again: nothing to do
    expect(await db.select().from(leaderboardScores).where(eq(leaderboardScores.userId, fan.user.id))).toHaveLength(0);
  });

  test('a private profile cannot join (403); a member who goes private is no longer listed', async () => {
    const shy = await t.signup();
    const me = asUser(t, shy);
    expect((await me.go('PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' })).statusCode).toBe(200);
    expectError(await me.join('xp-monthly'), 403, 'PROFILE_PRIVATE', 'A private profile cannot join leaderboards');
    expect((await me.entries('xp-monthly')).me).toBeNull();

    const member = await t.signup();
    const watcher = await t.signup();
    await asUser(t, member).join('xp-monthly');
    await grantXp(t, admin, member.user.id, 30);
    await settle();
    expect((await asUser(t, watcher).entries('xp-monthly')).items.map((e) => e.userId)).toContain(member.user.id);
    await asUser(t, member).go('PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' });
    const board = await asUser(t, watcher).entries('xp-monthly');
    expect(board.items.map((e) => e.userId)).not.toContain(member.user.id);
    // And they are off every board for good (the hourly sweep does the same for those nobody looked at).
    expect(await t.app.ctx.db.select().from(leaderboardMembers).where(eq(leaderboardMembers.userId, member.user.id))).toHaveLength(0);
  });

  test('scores come from the chat: a joined player who chats is ranked by messages and XP', async () => {
    const owner = await t.signup();
    const bot = await createBot(t, owner, { name: 'Quill', visibility: 'public', avatarUrl: '/avatars/quill.svg' });
    const player = await t.signup();
    const me = asUser(t, player);
    await me.join('messages-weekly');
    await me.join('xp-weekly');
    const chat = (await call(t, player, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
    for (const text of ['Hello', 'How are you?', 'Tell me a story']) {
      expect((await me.go('POST', `/api/chats/${chat.id}/messages`, { content: text })).statusCode).toBe(201);
    }
    await settle();
    const messages = await me.entries('messages-weekly');
    expect(messages.me).toEqual({ rank: 1, score: 3 });
    expect(messages.items.find((e) => e.userId === player.user.id)).toMatchObject({ rank: 1, score: 3, username: player.user.username });
    // 20 for the first chat with the bot, 5 a message.
    expect((await me.entries('xp-weekly')).me?.score).toBe(35);
  });

  test('stats: rank, score and percentile on each joined board; a private profile is 404 to others', async () => {
    const [p1, p2, p3, p4] = await Promise.all([t.signup(), t.signup(), t.signup(), t.signup()]);
    // A board of their own: the monthly XP board's members so far are the private test's, gone now.
    for (const [s, xp] of [
      [p1!, 400],
      [p2!, 300],
      [p3!, 200],
      [p4!, 100],
    ] as const) {
      await asUser(t, s).join('xp-monthly');
      await grantXp(t, admin, s.user.id, xp);
    }
    await settle();
    const total = (await asUser(t, p1!).entries('xp-monthly')).total;
    const res = await asUser(t, p2!).go('GET', `/api/gamification/leaderboards/user/${p3!.user.id}/stats`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as LeaderboardStats;
    const rank = (await asUser(t, p3!).entries('xp-monthly')).me!.rank;
    expect(items).toEqual([
      { leaderboardId: 'xp-monthly', rank, score: 200, percentile: Math.round(((total - rank + 1) / total) * 1000) / 10 },
    ]);
    // By username too; a user on no board has no items.
    const byName = await asUser(t, p2!).go('GET', `/api/gamification/leaderboards/user/${p3!.user.username}/stats`);
    expect(byName.json()).toEqual({ items });
    const nobody = await t.signup();
    expect((await asUser(t, p1!).go('GET', `/api/gamification/leaderboards/user/${nobody.user.id}/stats`)).json()).toEqual({ items: [] });

    await asUser(t, nobody).go('PATCH', '/api/user/settings/privacy', { profileVisibility: 'private' });
    expectError(await asUser(t, p1!).go('GET', `/api/gamification/leaderboards/user/${nobody.user.id}/stats`), 404, 'NOT_FOUND');
    expect((await asUser(t, nobody).go('GET', `/api/gamification/leaderboards/user/${nobody.user.id}/stats`)).statusCode).toBe(200);
    expectError(await asUser(t, p1!).go('GET', `/api/gamification/leaderboards/user/${randomUUID()}/stats`), 404, 'NOT_FOUND');
  });

  test('an award counts once however many updates run at once, and a score never comes from the client', async () => {
    const player = await t.signup();
    await asUser(t, player).join('xp-all-time');
    const db = t.app.ctx.db;
    // With Redis, through a mirror of the app's sets, so that they stay what PostgreSQL says (checked below).
    const mirror = t.app.ctx.redis ? rankMirrorOf(db, t.app.ctx.redis, t.config.redisPrefix, quiet) : null;
    const boards = new Leaderboards({ db, mirror, log: quiet });
    for (let i = 0; i < 5; i++)
      await awardXp(db, { userId: player.user.id, source: 'admin_grant', sourceId: randomUUID(), base: 7, multiply: false });
    await Promise.all(Array.from({ length: 20 }, () => boards.update(player.user.id)));
    await grantXp(t, admin, player.user.id, 1);
    await settle();
    expect((await asUser(t, player).entries('xp-all-time')).me?.score).toBe(36);
    // Joins, leaves and counts of one player at once: every award lands once on the boards they are on.
    const racer = (await t.signup()).user.id;
    for (let i = 0; i < 10; i++)
      await awardXp(db, { userId: racer, source: 'admin_grant', sourceId: randomUUID(), base: 3, multiply: false });
    const xpMonthly = boards.board('xp-monthly')!;
    const xpAllTime = boards.board('xp-all-time')!;
    const favorites = boards.board('favorites-all-time')!;
    await Promise.all([
      boards.join(xpMonthly, racer),
      ...Array.from({ length: 10 }, () => boards.update(racer)),
      boards.join(xpAllTime, racer),
      boards.join(favorites, racer),
    ]);
    for (let i = 0; i < 4; i++)
      await awardXp(db, { userId: racer, source: 'admin_grant', sourceId: randomUUID(), base: 2, multiply: false });
    await Promise.all([...Array.from({ length: 10 }, () => boards.update(racer)), boards.leave(favorites, racer)]);
    await Promise.all(Array.from({ length: 5 }, () => boards.update(racer)));
    const rows = await db.select().from(leaderboardScores).where(eq(leaderboardScores.userId, racer));
    expect(rows.map((r) => [r.boardId, r.score]).sort()).toEqual([
      ['xp-all-time', 38],
      ['xp-monthly', 38],
    ]);

    // The join call takes no score: a body is ignored.
    const res = await asUser(t, player).go('POST', '/api/gamification/leaderboards/xp-all-time/join', { score: 1_000_000 });
    expect(res.json()).toMatchObject({ me: { score: 36 } });
  });

  test('what the mirror answers is what PostgreSQL answers, also after a rebuild', async () => {
    if (!withRedis) return; // the Redis mode's concern
    const db = t.app.ctx.db;
    const viewer = await t.signup();
    const mirror = rankMirrorOf(t.app.ctx.db, t.app.ctx.redis!, t.config.redisPrefix, quiet);
    const boards = new Leaderboards({ db, mirror, log: quiet });
    const period = 'all';
    // The app's own set, kept up to date by every test above, says what PostgreSQL says.
    await t.app.ctx.events.settled();
    if (await mirror.isReady('xp-all-time', period)) {
      expect(await mirror.page('xp-all-time', period, 0, 100, viewer.user.id)).toEqual(
        await pageFromDatabase(db, 'xp-all-time', period, 0, 100, viewer.user.id),
      );
    }
    await boards.rebuildMirror('xp-all-time', period);
    const fromDb = await pageFromDatabase(db, 'xp-all-time', period, 0, 100, viewer.user.id);
    const live = await mirror.page('xp-all-time', period, 0, 100, viewer.user.id);
    expect(live).toEqual(fromDb);
    // Lost: the set is rebuilt from PostgreSQL, and reads meanwhile come from PostgreSQL.
    await t.app.ctx.redis!.del(`${t.config.redisPrefix}{lb:xp-all-time:all}:ready`);
    expect(await mirror.page('xp-all-time', period, 0, 100, null)).toBeNull();
    await boards.rebuildMirror('xp-all-time', period);
    expect(await mirror.page('xp-all-time', period, 0, 100, viewer.user.id)).toEqual(fromDb);
    const page2 = await pageFromDatabase(db, 'xp-all-time', period, 1, 2, null);
    expect(await mirror.page('xp-all-time', period, 1, 2, null)).toEqual(page2);
    expect((await db.select().from(xpAwards).limit(1)).length).toBe(1);
  });

  test('a rebuild keeps what is written meanwhile, and the old set answers until it ends', async () => {
    if (!withRedis) return; // the Redis mode's concern
    const [u1, u2] = [randomUUID(), randomUUID()];
    const during: (MirrorPage | null)[] = [];
    // PostgreSQL's rows as the rebuild reads them, and a write that lands while it runs (u1 now has 50).
    const mirror: RankMirror = new RankMirror(t.app.ctx.redis!, `${t.config.redisPrefix}rebuild-test:`, quiet, async (_b, _p, after) => {
      if (after) return [];
      during.push(await mirror.page('b', 'p', 0, 10, u2));
      await mirror.set([{ boardId: 'b', period: 'p', userId: u1, score: 50 }]);
      return [
        { userId: u1, score: 5 },
        { userId: u2, score: 7 },
      ];
    });
    expect(await mirror.rebuild('b', 'p')).toBe(true);
    expect(during).toEqual([null]); // never built: not ready, the caller reads PostgreSQL
    const built = await mirror.page('b', 'p', 0, 10, u2);
    expect(built).toEqual({
      rows: [
        { userId: u1, score: 50 },
        { userId: u2, score: 7 },
      ],
      firstRank: 1,
      total: 2,
      me: { rank: 2, score: 7 },
    });
    // Rebuilt again: the old set answers meanwhile, and the write made during it is kept.
    expect(await mirror.rebuild('b', 'p')).toBe(true);
    expect(during[1]).toEqual(built);
    expect(await mirror.page('b', 'p', 0, 10, u2)).toEqual(built);
  });

  test("a page's players come from memory for a moment; the caller's own place is always read, and a join or a leave drops the page", async () => {
    const db = t.app.ctx.db;
    const mirror = t.app.ctx.redis ? rankMirrorOf(db, t.app.ctx.redis, t.config.redisPrefix, quiet) : null;
    const boards = new Leaderboards({ db, mirror, log: quiet, pageCacheMs: 60_000 });
    const board = boards.board('favorites-all-time')!;
    const [a, b] = [(await t.signup()).user.id, (await t.signup()).user.id];
    await boards.join(board, a);
    const first = await boards.entries(board, { limit: 100, offset: 0 }, a);
    expect(first.items.find((e) => e.userId === a)?.score).toBe(0);
    await awardXp(db, { userId: a, source: 'favorite_received', sourceId: randomUUID(), base: 10 });
    await boards.update(a);
    const second = await boards.entries(board, { limit: 100, offset: 0 }, a);
    expect(second.items).toEqual(first.items);
    expect(second.me).toEqual({ rank: first.me!.rank, score: 1 });
    await boards.join(board, b);
    const third = await boards.entries(board, { limit: 100, offset: 0 }, b);
    expect(third.items.find((e) => e.userId === a)?.score).toBe(1);
    expect(third.items.map((e) => e.userId)).toContain(b);
    await boards.leave(board, a);
    expect((await boards.entries(board, { limit: 100, offset: 0 }, b)).items.map((e) => e.userId)).not.toContain(a);
  });
});

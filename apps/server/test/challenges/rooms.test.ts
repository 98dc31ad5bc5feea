import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { CHALLENGES, ROOM_LOBBY_MS } from '@app/shared/challenges/catalogue';
import type { Challenge, Room } from '@app/shared/challenges/schemas';
import { queryRows } from '../../src/db/client';
import { finishRoom, sweepRooms } from '../../src/features/challenges/lifecycle';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { createBot } from '../bots/helpers';
import { challengeCalls, chatWith, endTimeCame, jobsOf, rewardsOf, startTimeCame } from './helpers';

/**
 * Challenge rooms (issue 19): waiting → running (full, or at the start time by its job) →
 * finished (by the clock's job), scores counted from the server's rows, private rooms found by
 * their invite code, leaving, and rewards paid once however often and however concurrently the
 * end runs.
 */
describe('challenge rooms', () => {
  let t: TestApp;
  let api: ReturnType<typeof challengeCalls>;
  let botId: string;
  let otherBotId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', RATE_LIMIT_MAX: '1000000' } });
    api = challengeCalls(t);
    const maker = await t.signup();
    botId = (await createBot(t, maker, { name: 'Sprint Partner', visibility: 'public', avatarUrl: '/avatars/quill.svg' })).id;
    otherBotId = (await createBot(t, maker, { name: 'Second Partner', visibility: 'public', avatarUrl: '/avatars/quill.svg' })).id;
  });
  afterAll(() => t.close());

  const ctx = () => t.app.ctx;
  const tokens = async (s: Session) =>
    ((await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: t.bearer(s) })).json() as { balance: number }).balance;

  it('lists the challenges with their rules and how many public rooms wait for players', async () => {
    const ann = await t.signup();
    const before = ((await api.as(ann, 'GET', '')).json() as { items: Challenge[] }).items;
    expect(before.map((c) => c.id)).toEqual(CHALLENGES.map((c) => c.id));
    expect(before.find((c) => c.id === 'tap-sprint')).toMatchObject({ ranked: false, rewards: [], maxScore: 1000 });
    expect(before.find((c) => c.id === 'fantasy-publish-race')).toMatchObject({
      ranked: true,
      tag: 'fantasy',
      metric: 'published_with_tag',
    });
    const openBefore = before.find((c) => c.id === 'explorer-hour')!.openRooms;
    await api.create(ann, { challengeId: 'explorer-hour' });
    const after = ((await api.as(ann, 'GET', '')).json() as { items: Challenge[] }).items;
    expect(after.find((c) => c.id === 'explorer-hour')!.openRooms).toBe(openBefore + 1);
    // Anonymous callers get nothing.
    expect((await api.as(null, 'GET', '')).statusCode).toBe(401);
  });

  it('creates a waiting room with its creator in it, one room per user at a time; bad options are 400, an unknown challenge 404', async () => {
    const ann = await t.signup();
    const room = await api.create(ann, { challengeId: 'message-sprint', name: 'Lunch break', maxPlayers: 3 });
    expect(room).toMatchObject({ challengeId: 'message-sprint', name: 'Lunch break', status: 'waiting', maxPlayers: 3, private: false });
    expect(room.hostId).toBe(ann.user.id);
    expect(room.players.map((p) => p.userId)).toEqual([ann.user.id]);
    expect(room.scores).toEqual([{ userId: ann.user.id, score: 0, rank: 1, reward: 0 }]);
    expect(room.inviteCode).toBeUndefined();
    const lobby = new Date(room.startsAt).getTime() - new Date(room.createdAt).getTime();
    expect(lobby).toBe(ROOM_LOBBY_MS);
    expect(new Date(room.endsAt).getTime() - new Date(room.startsAt).getTime()).toBe(15 * 60_000);
    expect(await jobsOf(t, room.id)).toEqual([{ kind: 'challenge-room-start', status: 'queued' }]);

    const active = await api.as(ann, 'GET', '/rooms/active');
    expect(active.statusCode).toBe(200);
    expect((active.json() as Room).id).toBe(room.id);

    const second = await api.as(ann, 'POST', '/rooms', { challengeId: 'xp-day' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('ALREADY_IN_ROOM');
    expect((await api.as(ann, 'POST', '/rooms', { challengeId: 'no-such-challenge' })).statusCode).toBe(404);
    for (const body of [
      { challengeId: 'xp-day', maxPlayers: 1 },
      { challengeId: 'xp-day', maxPlayers: 11 },
      { challengeId: 'xp-day', name: '' },
      {},
    ]) {
      const res = await api.as(ann, 'POST', '/rooms', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bob = await t.signup();
    expect((await api.as(bob, 'GET', '/rooms/active')).statusCode).toBe(404);
  });

  it('ten concurrent creations by one user make one room', async () => {
    const ann = await t.signup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.as(ann, 'POST', '/rooms', { challengeId: 'xp-day' })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => errorOf(r).code === 'ALREADY_IN_ROOM')).toBe(true);
    const [rooms] = await queryRows<{ n: number }>(
      ctx().db,
      sql`select count(*)::int as n from challenge_rooms where host_id = ${ann.user.id}`,
    );
    expect(rooms!.n).toBe(1);
  });

  it('starts as soon as it is full: the window begins then, the end job is queued, and late comers are refused', async () => {
    const [ann, bob, cid] = [await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 2 });
    const started = await api.join(bob, room.id);
    expect(started.status).toBe('running');
    expect(new Date(started.startsAt).getTime()).toBeLessThan(new Date(room.startsAt).getTime());
    expect(new Date(started.endsAt).getTime() - new Date(started.startsAt).getTime()).toBe(15 * 60_000);
    expect(started.version).toBeGreaterThan(room.version);
    expect(await jobsOf(t, room.id)).toEqual([
      { kind: 'challenge-room-start', status: 'queued' },
      { kind: 'challenge-room-end', status: 'queued' },
    ]);
    const late = await api.as(cid, 'POST', `/rooms/${room.id}/join`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('ROOM_NOT_OPEN');
    // Joining again is no change.
    expect((await api.join(bob, room.id)).version).toBe(started.version);
    // The start job, when its time comes, finds it running and does nothing.
    await t.app.ctx.db.execute(sql`update jobs set run_at = now() where kind = 'challenge-room-start' and dedupe_key = ${room.id}`);
    await ctx().jobs.runDue();
    expect((await api.room(ann, room.id)).version).toBe(started.version);
  });

  it('starts at its start time by its job with the players it has; a room nobody is in any more is over', async () => {
    const [ann, bob] = [await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'explorer-hour' });
    await api.join(bob, room.id);
    await startTimeCame(t, room.id);
    await ctx().jobs.runDue();
    const running = await api.room(ann, room.id);
    expect(running.status).toBe('running');
    expect(running.players).toHaveLength(2);
    expect((await jobsOf(t, room.id)).map((j) => j.kind)).toEqual(['challenge-room-start', 'challenge-room-end']);

    // A room whose players all left before its start is over, and its start job finds nothing to start.
    const cid = await t.signup();
    const empty = await api.create(cid, { challengeId: 'explorer-hour' });
    expect((await api.as(cid, 'POST', `/rooms/${empty.id}/leave`)).statusCode).toBe(200);
    await startTimeCame(t, empty.id);
    await ctx().jobs.runDue();
    const gone = await queryRows<{ status: string }>(ctx().db, sql`select status from challenge_rooms where id = ${empty.id}`);
    expect(gone[0]!.status).toBe('finished');
  });

  it("counts ranked scores from the server's rows as messages are sent, never from the body, and only inside the window", async () => {
    const [ann, bob] = [await t.signup(), await t.signup()];
    const annChat = await chatWith(t, ann, botId);
    // Before the room: not counted.
    await annChat.send(2);
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 2 });
    await api.join(bob, room.id);
    await annChat.send(3);
    const bobChat = await chatWith(t, bob, botId);
    await bobChat.send(1);
    const standings = await api.score(ann, room.id, { score: 999_999 });
    expect(standings.items).toEqual([
      { userId: ann.user.id, score: 3, rank: 1, reward: 0 },
      { userId: bob.user.id, score: 1, rank: 2, reward: 0 },
    ]);
    // Without a body too: the call only counts again.
    expect((await api.score(bob, room.id)).items.map((s) => s.score)).toEqual([3, 1]);
    // The stored score is the counted one, whatever the body said.
    const [row] = await queryRows<{ score: number }>(
      ctx().db,
      sql`select score from challenge_room_players where room_id = ${room.id} and user_id = ${ann.user.id}`,
    );
    expect(row!.score).toBe(3);
    // A score that is not a number is still bad input.
    expect((await api.as(ann, 'POST', `/rooms/${room.id}/score`, { score: 'lots' })).statusCode).toBe(400);
    expect((await api.as(ann, 'POST', `/rooms/${room.id}/score`, { score: -1 })).statusCode).toBe(400);
    // A user who doesn't play in it gets no standings from this call.
    const cid = await t.signup();
    expect(errorOf(await api.as(cid, 'POST', `/rooms/${room.id}/score`, {})).code).toBe('NOT_IN_ROOM');

    // After the end: messages are not counted any more.
    await endTimeCame(t, room.id);
    await ctx().jobs.runDue();
    await bobChat.send(5);
    const done = await api.room(ann, room.id);
    expect(done.status).toBe('finished');
    expect(done.scores.map((s) => [s.userId, s.score, s.rank])).toEqual([
      [ann.user.id, 3, 1],
      [bob.user.id, 1, 2],
    ]);
  });

  it('counts distinct bots and XP from their own rows; the first to publish a new tagged bot wins the race', async () => {
    const [ann, bob] = [await t.signup(), await t.signup()];
    const explorer = await api.create(ann, { challengeId: 'explorer-hour', maxPlayers: 2 });
    await api.join(bob, explorer.id);
    const a1 = await chatWith(t, ann, botId);
    const a2 = await chatWith(t, ann, otherBotId);
    await a1.send(3);
    await a2.send(1);
    const b1 = await chatWith(t, bob, botId);
    await b1.send(4);
    expect((await api.score(ann, explorer.id)).items.map((s) => [s.userId, s.score])).toEqual([
      [ann.user.id, 2],
      [bob.user.id, 1],
    ]);
    await endTimeCame(t, explorer.id);
    await ctx().jobs.runDue();

    const race = await api.create(bob, { challengeId: 'fantasy-publish-race', maxPlayers: 2 });
    await api.join(ann, race.id);
    // Untagged, and tagged but private: no score.
    await createBot(t, ann, { name: 'Plain Bot', visibility: 'public', avatarUrl: '/avatars/quill.svg', tags: ['misc'] });
    await createBot(t, bob, { name: 'Hidden Mage', visibility: 'private', tags: ['Fantasy'] });
    await t.app.ctx.events.settled();
    expect((await api.score(ann, race.id)).items.map((s) => s.score)).toEqual([0, 0]);
    await createBot(t, ann, { name: 'Elf Queen', visibility: 'public', avatarUrl: '/avatars/quill.svg', tags: ['Fantasy', 'royal'] });
    await t.app.ctx.events.settled();
    await createBot(t, bob, { name: 'Dragon Lord', visibility: 'public', avatarUrl: '/avatars/quill.svg', tags: ['fantasy'] });
    await t.app.ctx.events.settled();
    const raced = await api.score(bob, race.id);
    expect(raced.items.map((s) => [s.userId, s.score, s.rank])).toEqual([
      [ann.user.id, 1, 1],
      [bob.user.id, 1, 2],
    ]);

    const xp = await api.create(ann, { challengeId: 'xp-day', maxPlayers: 2 }).catch(() => null);
    expect(xp).toBeNull(); // still in the race room
    await endTimeCame(t, race.id);
    await ctx().jobs.runDue();
    const xpRoom = await api.create(ann, { challengeId: 'xp-day', maxPlayers: 2 });
    await api.join(bob, xpRoom.id);
    await (await chatWith(t, bob, otherBotId)).send(2);
    // Bob: a first chat with a bot (20) and two messages (5 each).
    expect((await api.score(bob, xpRoom.id)).items.map((s) => [s.userId, s.score])).toEqual([
      [bob.user.id, 30],
      [ann.user.id, 0],
    ]);
  });

  it('ends by the clock: final counts, places, rewards through the ledger, no active room any more', async () => {
    const [ann, bob, cid] = [await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 3 });
    await api.join(bob, room.id);
    await api.join(cid, room.id);
    const [annChat, bobChat] = [await chatWith(t, ann, botId), await chatWith(t, bob, botId)];
    await annChat.send(2);
    await bobChat.send(4);
    const before = { ann: await tokens(ann), bob: await tokens(bob), cid: await tokens(cid) };

    // Not due yet: the end job's run finds time left and changes nothing.
    expect(await finishRoom(ctx(), room.id)).toBe(false);
    await endTimeCame(t, room.id);
    await ctx().jobs.runDue();
    const done = await api.room(ann, room.id);
    expect(done.status).toBe('finished');
    expect(done.finishedAt).not.toBeNull();
    expect(done.scores).toEqual([
      { userId: bob.user.id, score: 4, rank: 1, reward: 100 },
      { userId: ann.user.id, score: 2, rank: 2, reward: 50 },
      // Nothing scored, nothing paid, though third.
      { userId: cid.user.id, score: 0, rank: 3, reward: 0 },
    ]);
    expect(await tokens(bob)).toBe(before.bob + 100);
    expect(await tokens(ann)).toBe(before.ann + 50);
    expect(await tokens(cid)).toBe(before.cid);
    expect((await rewardsOf(t, room.id)).map((r) => [r.user_id, Number(r.amount), r.idempotency_key])).toEqual([
      [bob.user.id, 100, `challenge:${room.id}:${bob.user.id}`],
      [ann.user.id, 50, `challenge:${room.id}:${ann.user.id}`],
    ]);
    for (const s of [ann, bob, cid]) expect((await api.as(s, 'GET', '/rooms/active')).statusCode).toBe(404);
    // The caller's rooms keep it with its results.
    const mine = (await api.as(bob, 'GET', '/rooms?scope=mine')).json() as { items: Room[]; total: number };
    expect(mine.items[0]).toMatchObject({ id: room.id, status: 'finished' });
    // Finished: no join, no leave, and a new room may be made.
    expect(errorOf(await api.as(ann, 'POST', `/rooms/${room.id}/leave`)).code).toBe('ROOM_FINISHED');
    expect(errorOf(await api.as(await t.signup(), 'POST', `/rooms/${room.id}/join`)).code).toBe('ROOM_NOT_OPEN');
    await api.create(ann, { challengeId: 'tap-sprint' });
  });

  it('pays its rewards once when the end runs twice, and when 20 ends run at once', async () => {
    const [ann, bob] = [await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 2 });
    await api.join(bob, room.id);
    await (await chatWith(t, ann, botId)).send(1);
    const before = { ann: await tokens(ann), bob: await tokens(bob) };
    await endTimeCame(t, room.id);
    // Twenty ends at once, beside the queued job and the sweep: at most one of the twenty finds it unfinished.
    const [finished] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => finishRoom(ctx(), room.id))),
      ctx().jobs.runDue(),
      sweepRooms(ctx()),
    ]);
    expect(finished.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect((await api.room(ann, room.id)).status).toBe('finished');
    // And once more, the job queued again as if it had been retried.
    await t.app.ctx.db.execute(
      sql`update jobs set status = 'queued', run_at = now() where kind = 'challenge-room-end' and dedupe_key = ${room.id}`,
    );
    await ctx().jobs.runDue();
    expect(await finishRoom(ctx(), room.id)).toBe(false);
    expect((await rewardsOf(t, room.id)).map((r) => [r.user_id, Number(r.amount)])).toEqual([[ann.user.id, 100]]);
    expect(await tokens(ann)).toBe(before.ann + 100);
    expect(await tokens(bob)).toBe(before.bob);
  });

  it('pays nothing in a room played alone, nor in a casual game', async () => {
    const ann = await t.signup();
    const alone = await api.create(ann, { challengeId: 'message-sprint' });
    await startTimeCame(t, alone.id);
    await ctx().jobs.runDue();
    await (await chatWith(t, ann, botId)).send(2);
    await endTimeCame(t, alone.id);
    await ctx().jobs.runDue();
    const done = await api.room(ann, alone.id);
    expect(done.scores).toEqual([{ userId: ann.user.id, score: 2, rank: 1, reward: 0 }]);
    expect(await rewardsOf(t, alone.id)).toEqual([]);
  });

  it('a casual game keeps the best score its page reports while it runs, up to its maximum, and pays nothing', async () => {
    const [ann, bob] = [await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'tap-sprint', maxPlayers: 2 });
    // Not running yet.
    expect(errorOf(await api.as(ann, 'POST', `/rooms/${room.id}/score`, { score: 5 })).code).toBe('ROOM_NOT_RUNNING');
    await api.join(bob, room.id);
    expect((await api.score(ann, room.id, { score: 40 })).items[0]).toEqual({ userId: ann.user.id, score: 40, rank: 1, reward: 0 });
    const lower = await api.score(ann, room.id, { score: 12 });
    expect(lower.items.find((s) => s.userId === ann.user.id)!.score).toBe(40);
    await api.score(bob, room.id, { score: 55 });
    const tooHigh = await api.as(bob, 'POST', `/rooms/${room.id}/score`, { score: 1001 });
    expect(tooHigh.statusCode).toBe(400);
    expect(errorOf(tooHigh).field).toBe('score');
    const missing = await api.as(bob, 'POST', `/rooms/${room.id}/score`, {});
    expect(errorOf(missing)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'score' });
    await endTimeCame(t, room.id);
    await ctx().jobs.runDue();
    const done = await api.room(ann, room.id);
    expect(done.scores).toEqual([
      { userId: bob.user.id, score: 55, rank: 1, reward: 0 },
      { userId: ann.user.id, score: 40, rank: 2, reward: 0 },
    ]);
    expect(await rewardsOf(t, room.id)).toEqual([]);
    expect(errorOf(await api.as(ann, 'POST', `/rooms/${room.id}/score`, { score: 90 })).code).toBe('ROOM_NOT_RUNNING');
  });

  it('a private room is found only by its invite code: unlisted, 404 to others, the code shown to its players', async () => {
    const [ann, bob, cid, dan] = [await t.signup(), await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'explorer-hour', private: true, maxPlayers: 4 });
    expect(room.private).toBe(true);
    expect(room.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const code = room.inviteCode!;
    const open = (await api.as(bob, 'GET', '/rooms?scope=open&limit=50')).json() as { items: Room[] };
    expect(open.items.some((r) => r.id === room.id)).toBe(false);
    for (const path of [`/rooms/${room.id}`]) expect((await api.as(bob, 'GET', path)).statusCode).toBe(404);
    expect((await api.as(bob, 'POST', `/rooms/${room.id}/join`)).statusCode).toBe(404);
    expect(
      (await api.as(bob, 'POST', `/rooms/${room.id}/join`, { inviteCode: code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA' })).statusCode,
    ).toBe(404);
    expect((await api.as(bob, 'POST', `/rooms/${room.id}/leave`)).statusCode).toBe(404);
    expect((await api.as(bob, 'POST', `/rooms/${room.id}/score`, {})).statusCode).toBe(404);
    expect((await api.as(bob, 'POST', '/rooms/join', { inviteCode: 'ZZZZZZZZ' })).statusCode).toBe(404);
    expect((await api.as(bob, 'POST', '/rooms/join', { inviteCode: 'short' })).statusCode).toBe(400);

    // The invite link: the room seen with its code (without the code in the answer), then joined with it.
    const preview = await api.as(bob, 'GET', `/rooms/${room.id}?inviteCode=${code}`);
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as Room).inviteCode).toBeUndefined();
    const joined = await api.join(bob, room.id, { inviteCode: code });
    expect(joined.inviteCode).toBe(code);
    // The code typed in, in lower case.
    const byCode = await api.as(cid, 'POST', '/rooms/join', { inviteCode: code.toLowerCase() });
    expect(byCode.statusCode).toBe(200);
    expect((byCode.json() as Room).players.map((p) => p.userId)).toEqual([ann.user.id, bob.user.id, cid.user.id]);
    // A player sees it without the code; others still don't.
    expect((await api.room(cid, room.id)).id).toBe(room.id);
    expect((await api.as(dan, 'GET', `/rooms/${room.id}`)).statusCode).toBe(404);
  });

  it('leaving: a waiting room lets the player go (the host passes on), a running one keeps them as forfeited', async () => {
    const [ann, bob, cid] = [await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 3 });
    await api.join(bob, room.id);
    const left = await api.as(ann, 'POST', `/rooms/${room.id}/leave`);
    expect(left.statusCode).toBe(200);
    expect((left.json() as Room).players.map((p) => p.userId)).toEqual([bob.user.id]);
    expect((left.json() as Room).hostId).toBe(bob.user.id);
    expect((await api.as(ann, 'GET', '/rooms/active')).statusCode).toBe(404);
    expect(errorOf(await api.as(ann, 'POST', `/rooms/${room.id}/leave`)).code).toBe('NOT_IN_ROOM');
    // Back in (it still waits), and the third player starts it.
    await api.join(ann, room.id);
    expect((await api.join(cid, room.id)).status).toBe('running');
    await (await chatWith(t, cid, botId)).send(3);
    await (await chatWith(t, bob, botId)).send(1);
    const forfeited = (await api.as(cid, 'POST', `/rooms/${room.id}/leave`)).json() as Room;
    expect(forfeited.players.find((p) => p.userId === cid.user.id)!.left).toBe(true);
    expect(forfeited.scores.at(-1)).toEqual({ userId: cid.user.id, score: 3, rank: null, reward: 0 });
    expect((await api.as(cid, 'GET', '/rooms/active')).statusCode).toBe(404);
    // Nor back into a running room.
    expect(errorOf(await api.as(cid, 'POST', `/rooms/${room.id}/join`)).code).toBe('ROOM_NOT_OPEN');
    await endTimeCame(t, room.id);
    await ctx().jobs.runDue();
    const done = await api.room(bob, room.id);
    expect(done.scores).toEqual([
      { userId: bob.user.id, score: 1, rank: 1, reward: 100 },
      { userId: ann.user.id, score: 0, rank: 2, reward: 0 },
      { userId: cid.user.id, score: 3, rank: null, reward: 0 },
    ]);
  });

  it('twenty users joining a room of five at once: four get in, the room starts once', async () => {
    const host = await t.signup();
    const room = await api.create(host, { challengeId: 'explorer-hour', maxPlayers: 5 });
    const users = await Promise.all(Array.from({ length: 20 }, () => t.signup()));
    const answers = await Promise.all(users.map((u) => api.as(u, 'POST', `/rooms/${room.id}/join`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 409 && ['ROOM_FULL', 'ROOM_NOT_OPEN'].includes(errorOf(r).code))).toBe(true);
    const full = await api.room(host, room.id);
    expect(full.players).toHaveLength(5);
    expect(full.status).toBe('running');
    expect((await jobsOf(t, room.id)).filter((j) => j.kind === 'challenge-room-end')).toHaveLength(1);
  });

  it('lists open public rooms by challenge, paged', async () => {
    const hosts = await Promise.all([t.signup(), t.signup(), t.signup()]);
    for (const h of hosts) await api.create(h, { challengeId: 'tap-sprint' });
    const page = (await api.as(hosts[0]!, 'GET', '/rooms?scope=open&challengeId=tap-sprint&limit=2')).json() as {
      items: Room[];
      total: number;
    };
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.every((r) => r.challengeId === 'tap-sprint' && r.status === 'waiting' && !r.private)).toBe(true);
    const next = (await api.as(hosts[0]!, 'GET', '/rooms?scope=open&challengeId=tap-sprint&limit=2&offset=2')).json() as { items: Room[] };
    expect(next.items.map((r) => r.id)).not.toContain(page.items[0]!.id);
    for (const q of ['limit=0', 'limit=51', 'offset=-1', 'scope=all'])
      expect((await api.as(hosts[0]!, 'GET', `/rooms?${q}`)).statusCode).toBe(400);
  });
});

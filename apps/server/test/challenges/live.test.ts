import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { createTestApp, type TestApp } from '../helpers/app';
import { openLiveStream, type Frame } from '../helpers/live-stream';
import { createBot } from '../bots/helpers';
import { challengeCalls, chatWith, endTimeCame } from './helpers';

/**
 * A room's changes reach its players' live streams (`challenge.room_updated`, decision 027):
 * with the standings and a version that grows, to the players still in it and to no one else.
 */
describe('challenge rooms on the live stream', () => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof challengeCalls>;
  let botId: string;
  const streams: { close(): void }[] = [];
  const open = async (s: Session) => {
    const stream = await openLiveStream(url, t.bearer(s));
    streams.push(stream);
    await stream.event('ready');
    return stream;
  };
  const roomEvent =
    (roomId: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
    (f: Frame) =>
      f.event === 'challenge.room_updated' && f.data?.roomId === roomId && match(f.data);

  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WORD_DELAY_MS: '0', RATE_LIMIT_MAX: '100000' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = challengeCalls(t);
    botId = (await createBot(t, await t.signup(), { name: 'Live Partner', visibility: 'public', avatarUrl: '/avatars/quill.svg' })).id;
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => t.close());

  it("tells the room's players of a join, the start, each score that moves and the end, and nobody else", async () => {
    const [ann, bob, cid, dan] = [await t.signup(), await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 2 });
    // Dan plays elsewhere; Cid in no room.
    const elsewhere = await api.create(dan, { challengeId: 'message-sprint', maxPlayers: 2 });
    const [annStream, bobStream, cidStream, danStream] = [await open(ann), await open(bob), await open(cid), await open(dan)];

    // Bob's join fills the room and starts it: both players hear it.
    await api.join(bob, room.id);
    const started = await annStream.next(roomEvent(room.id, (d) => d.status === 'running'));
    await bobStream.next(roomEvent(room.id, (d) => d.status === 'running'));
    expect(started.data).toMatchObject({
      status: 'running',
      scores: [
        { userId: ann.user.id, score: 0, rank: 1, reward: 0 },
        { userId: bob.user.id, score: 0, rank: 1, reward: 0 },
      ],
    });

    // Bob's messages move his score; each step is told with a higher version.
    await (await chatWith(t, bob, botId)).send(2);
    const scored = await annStream.next(roomEvent(room.id, (d) => (d.scores as { score: number }[])[0]!.score === 2));
    expect((scored.data!.scores as unknown[])[0]).toEqual({ userId: bob.user.id, score: 2, rank: 1, reward: 0 });
    await bobStream.next(roomEvent(room.id, (d) => (d.scores as { score: number }[])[0]!.score === 2));
    const versions = annStream.frames.filter(roomEvent(room.id)).map((f) => f.data!.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);

    // The end, with the reward of the place.
    await endTimeCame(t, room.id);
    await t.app.ctx.jobs.runDue();
    const ended = await annStream.next(roomEvent(room.id, (d) => d.status === 'finished'));
    expect((ended.data!.scores as unknown[])[0]).toEqual({ userId: bob.user.id, score: 2, rank: 1, reward: 100 });
    await bobStream.next(roomEvent(room.id, (d) => d.status === 'finished'));

    // An event of Cid's and Dan's own arrives after all of that: nothing of the room reached them.
    for (const [s, stream] of [
      [cid, cidStream],
      [dan, danStream],
    ] as const) {
      await t.app.ctx.events.publish('balance.changed', { userId: s.user.id, currency: 'gems' });
      await stream.next((f) => f.event === 'balance.changed' && f.data?.currency === 'gems');
      expect(stream.frames.filter(roomEvent(room.id))).toEqual([]);
    }
    void elsewhere;
  });

  it('a player who left a running room hears no more of it', async () => {
    const [ann, bob, cid] = [await t.signup(), await t.signup(), await t.signup()];
    const room = await api.create(ann, { challengeId: 'message-sprint', maxPlayers: 3 });
    await api.join(bob, room.id);
    await api.join(cid, room.id);
    const [annStream, cidStream] = [await open(ann), await open(cid)];
    expect((await api.as(cid, 'POST', `/rooms/${room.id}/leave`)).statusCode).toBe(200);
    // Ann hears that Cid left (Cid has the answer of the call).
    await annStream.next(
      roomEvent(room.id, (d) =>
        (d.scores as { userId: string; rank: number | null }[]).some((s) => s.userId === cid.user.id && s.rank === null),
      ),
    );
    await (await chatWith(t, bob, botId)).send(1);
    await annStream.next(roomEvent(room.id, (d) => (d.scores as { score: number }[])[0]!.score === 1));
    await t.app.ctx.events.publish('balance.changed', { userId: cid.user.id, currency: 'gems' });
    await cidStream.next((f) => f.event === 'balance.changed' && f.data?.currency === 'gems');
    expect(cidStream.frames.filter(roomEvent(room.id))).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import type { Session } from '@app/shared/auth/schemas';
import type { Room, RoomStandings } from '@app/shared/challenges/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { queryRows } from '../../src/db/client';
import type { TestApp } from '../helpers/app';
import { call } from '../bots/helpers';

const BASE = '/api/gamification/challenges';

/** The calls of the challenges area as one user. */
export function challengeCalls(t: TestApp) {
  const as = (s: Session | null, method: 'GET' | 'POST', path: string, payload?: object) => call(t, s, method, `${BASE}${path}`, payload);
  return {
    as,
    async create(s: Session, body: object): Promise<Room> {
      const res = await as(s, 'POST', '/rooms', body);
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res.json() as Room;
    },
    async join(s: Session, roomId: string, body?: object): Promise<Room> {
      const res = await as(s, 'POST', `/rooms/${roomId}/join`, body);
      if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`);
      return res.json() as Room;
    },
    async room(s: Session, roomId: string): Promise<Room> {
      const res = await as(s, 'GET', `/rooms/${roomId}`);
      if (res.statusCode !== 200) throw new Error(`room: ${res.statusCode} ${res.body}`);
      return res.json() as Room;
    },
    async score(s: Session, roomId: string, body?: object): Promise<RoomStandings> {
      const res = await as(s, 'POST', `/rooms/${roomId}/score`, body);
      if (res.statusCode !== 200) throw new Error(`score: ${res.statusCode} ${res.body}`);
      return res.json() as RoomStandings;
    },
  };
}

/** A user's chat with a bot, and a way to send messages in it (the offline responder answers). */
export async function chatWith(t: TestApp, s: Session, botId: string) {
  const chat = (await call(t, s, 'POST', '/api/chats', { botId })).json() as Chat;
  return {
    id: chat.id,
    async send(times = 1) {
      for (let i = 0; i < times; i += 1) {
        const res = await call(t, s, 'POST', `/api/chats/${chat.id}/messages`, { content: `Message ${i + 1}` });
        if (res.statusCode !== 201) throw new Error(`message: ${res.statusCode} ${res.body}`);
      }
      await t.app.ctx.events.settled();
    },
  };
}

/**
 * The room's clock moved on, as if the time had come: its start time (or end time) is now, and
 * its queued job of that kind is due. The scores' window moves with it; rows already written stay.
 */
export async function startTimeCame(t: TestApp, roomId: string) {
  await t.app.ctx.db.execute(
    sql`update challenge_rooms set ends_at = now() + (ends_at - starts_at), starts_at = now() where id = ${roomId}`,
  );
  await t.app.ctx.db.execute(sql`update jobs set run_at = now() where kind = 'challenge-room-start' and dedupe_key = ${roomId}`);
}

export async function endTimeCame(t: TestApp, roomId: string) {
  await t.app.ctx.db.execute(sql`update challenge_rooms set ends_at = now() where id = ${roomId}`);
  await t.app.ctx.db.execute(sql`update jobs set run_at = now() where kind = 'challenge-room-end' and dedupe_key = ${roomId}`);
}

/** The queued jobs of a room by kind and status. */
export async function jobsOf(t: TestApp, roomId: string) {
  return queryRows<{ kind: string; status: string }>(
    t.app.ctx.db,
    sql`select kind, status from jobs where dedupe_key = ${roomId} and kind like 'challenge-room-%' order by created_at`,
  );
}

/** The ledger's challenge rewards of a room. */
export async function rewardsOf(t: TestApp, roomId: string) {
  return queryRows<{ user_id: string; amount: number; idempotency_key: string }>(
    t.app.ctx.db,
    sql`select user_id, amount, idempotency_key from ledger_entries where reason = 'challenge_reward' and reference = ${roomId} order by amount desc`,
  );
}

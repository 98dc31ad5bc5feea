import type { Redis } from 'ioredis';

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One member's score in a board's period. */
export interface ScoreRow {
  boardId: string;
  period: string;
  userId: string;
  score: number;
}

/** A page read from the mirror: members best first, the first one's rank, the size, the viewer. */
export interface MirrorPage {
  rows: { userId: string; score: number }[];
  firstRank: number;
  total: number;
  me: { rank: number; score: number } | null;
}

/** A period's rows from PostgreSQL, a batch at a time in user id order (keyset: after that user). */
export type MirrorSource = (
  boardId: string,
  period: string,
  afterUserId: string | null,
  limit: number,
) => Promise<{ userId: string; score: number }[]>;

// A page and the viewer's place in one round trip: ties share a rank, so a rank is 1 + the number
// of members with a higher score (ZCOUNT with an exclusive minimum). Nil when the set isn't ready.
const PAGE_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
local page = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'REV', 'WITHSCORES')
local total = redis.call('ZCARD', KEYS[1])
local first = 0
if #page > 0 then first = redis.call('ZCOUNT', KEYS[1], '(' .. page[2], '+inf') + 1 end
local me = false
local rank = 0
if ARGV[3] ~= '' then
  me = redis.call('ZSCORE', KEYS[1], ARGV[3])
  if me then rank = redis.call('ZCOUNT', KEYS[1], '(' .. me, '+inf') + 1 end
end
return {page, total, first, me, rank}
`;

// Only a member's place and the set's size, for a page answered from memory.
const POSITION_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
local total = redis.call('ZCARD', KEYS[1])
local me = redis.call('ZSCORE', KEYS[1], ARGV[1])
local rank = 0
if me then rank = redis.call('ZCOUNT', KEYS[1], '(' .. me, '+inf') + 1 end
return {total, me, rank}
`;

// A score into the set, and into the set being rebuilt if there is one (so that the rebuild, which
// replaces the set when it ends, misses nothing written meanwhile). GT: the larger score stays.
const SET_SCRIPT = `
redis.call('ZADD', KEYS[1], 'GT', ARGV[1], ARGV[2])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('ZADD', KEYS[2], 'GT', ARGV[1], ARGV[2]) end
return 1
`;

const REMOVE_SCRIPT = `
redis.call('ZREM', KEYS[1], unpack(ARGV))
redis.call('ZREM', KEYS[2], unpack(ARGV))
return 1
`;

/** One instance rebuilds a set at a time; a rebuild that died frees the set after this. */
const BUILDING_TTL_MS = 15 * 60_000;
const BATCH = 10_000;
/** Held by a set under rebuild from its start (it exists, so writes go to it too); removed before it replaces the live set. */
const PLACEHOLDER = '~rebuilding';

/**
 * The open periods' ranks in Redis sorted sets (decision 026): member = user id, score = the
 * score. PostgreSQL stays the source of truth: a set is read only once a rebuild from its rows has
 * marked it ready; every change is written to PostgreSQL first and then here with `ZADD GT` (a
 * score only grows in its period, so writes that cross each other keep the largest); a rebuild
 * fills a second set that every write also reaches and then takes the live one's place, so reads
 * go on from the old set meanwhile. A write that fails has its set rebuilt once Redis answers
 * again. Reads of a set that isn't ready answer null: the caller reads PostgreSQL.
 */
export class RankMirror {
  /** Sets whose writes failed: rebuilt as soon as Redis answers again. */
  private readonly dirty = new Map<string, { boardId: string; period: string }>();
  private readonly rebuilding = new Map<string, Promise<boolean>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly source: MirrorSource,
  ) {
    redis.on('ready', () => void this.rebuildDirty());
  }

  // One hash tag per set, so that a set and its companions live in one slot of a cluster.
  private key(boardId: string, period: string) {
    return `${this.prefix}{lb:${boardId}:${period}}`;
  }
  private static ready = (key: string) => `${key}:ready`;
  private static building = (key: string) => `${key}:building`;
  private static next = (key: string) => `${key}:next`;

  /** A page (`offset`, `limit`) and the viewer's place, or null when the set isn't ready (or Redis fails). */
  async page(boardId: string, period: string, offset: number, limit: number, viewerId: string | null): Promise<MirrorPage | null> {
    const key = this.key(boardId, period);
    try {
      const reply = (await this.redis.eval(PAGE_SCRIPT, 2, key, RankMirror.ready(key), offset, offset + limit - 1, viewerId ?? '')) as
        [string[], number, number, string | null, number] | null;
      if (!reply) return null;
      const [flat, total, firstRank, myScore, myRank] = reply;
      const rows: MirrorPage['rows'] = [];
      for (let i = 0; i < flat.length; i += 2) rows.push({ userId: flat[i]!, score: Number(flat[i + 1]) });
      return { rows, firstRank, total, me: myScore === null ? null : { rank: myRank, score: Number(myScore) } };
    } catch (err) {
      this.log.warn({ err, boardId }, 'leaderboard mirror unreadable; reading PostgreSQL');
      return null;
    }
  }

  /** The set's size and a member's place (null: not a member), or null when the set isn't ready (or Redis fails). */
  async position(boardId: string, period: string, userId: string): Promise<Pick<MirrorPage, 'total' | 'me'> | null> {
    const key = this.key(boardId, period);
    try {
      const reply = (await this.redis.eval(POSITION_SCRIPT, 2, key, RankMirror.ready(key), userId)) as
        [number, string | null, number] | null;
      if (!reply) return null;
      const [total, myScore, myRank] = reply;
      return { total, me: myScore === null ? null : { rank: myRank, score: Number(myScore) } };
    } catch (err) {
      this.log.warn({ err, boardId }, 'leaderboard mirror unreadable; reading PostgreSQL');
      return null;
    }
  }

  /** Writes scores (largest wins); a failed write has its set rebuilt. */
  async set(rows: ScoreRow[]): Promise<void> {
    if (rows.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const r of rows) {
      const key = this.key(r.boardId, r.period);
      pipeline.eval(SET_SCRIPT, 2, key, RankMirror.next(key), r.score, r.userId);
    }
    await this.run(pipeline, rows);
  }

  /** Takes members out of a set (they left, or may no longer be shown). */
  async remove(boardId: string, period: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const key = this.key(boardId, period);
    const pipeline = this.redis.pipeline();
    pipeline.eval(REMOVE_SCRIPT, 2, key, RankMirror.next(key), ...userIds);
    await this.run(pipeline, [{ boardId, period }]);
  }

  /** Drops a period's sets (it ended). */
  async drop(boardId: string, period: string): Promise<void> {
    const key = this.key(boardId, period);
    try {
      await this.redis.unlink(key, RankMirror.ready(key), RankMirror.building(key), RankMirror.next(key));
    } catch (err) {
      this.log.warn({ err, boardId, period }, 'leaderboard mirror not dropped');
    }
  }

  /** Whether the set is ready to read. */
  async isReady(boardId: string, period: string): Promise<boolean> {
    return (await this.redis.exists(RankMirror.ready(this.key(boardId, period)))) === 1;
  }

  /**
   * Rebuilds a set from PostgreSQL, unless this instance or another is at it: a second set is
   * filled from the rows (writes made meanwhile reach it too) and then replaces the live one, which
   * is read until then. Answers whether it rebuilt.
   */
  rebuild(boardId: string, period: string): Promise<boolean> {
    const key = this.key(boardId, period);
    let running = this.rebuilding.get(key);
    if (!running) {
      running = this.rebuildNow(boardId, period, key).finally(() => this.rebuilding.delete(key));
      this.rebuilding.set(key, running);
    }
    return running;
  }

  private async rebuildNow(boardId: string, period: string, key: string): Promise<boolean> {
    const next = RankMirror.next(key);
    try {
      const mine = await this.redis.set(RankMirror.building(key), '1', 'PX', BUILDING_TTL_MS, 'NX');
      if (mine !== 'OK') return false;
      await this.redis.multi().del(next).zadd(next, '-inf', PLACEHOLDER).exec();
      let after: string | null = null;
      for (;;) {
        const rows = await this.source(boardId, period, after, BATCH);
        if (rows.length > 0) {
          const args: (string | number)[] = ['GT'];
          for (const r of rows) args.push(r.score, r.userId);
          await this.redis.call('ZADD', next, ...args);
        }
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.userId;
      }
      await this.redis
        .multi()
        .zrem(next, PLACEHOLDER)
        .unlink(key)
        .rename(next, key)
        .set(RankMirror.ready(key), '1')
        .del(RankMirror.building(key))
        .exec();
      return true;
    } catch (err) {
      this.log.error({ err, boardId, period }, 'leaderboard mirror rebuild failed');
      await this.redis.del(RankMirror.building(key), next).catch(() => undefined);
      return false;
    }
  }

  private async run(pipeline: ReturnType<Redis['pipeline']>, touched: { boardId: string; period: string }[]) {
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
    } catch (err) {
      for (const t of touched) this.dirty.set(this.key(t.boardId, t.period), { boardId: t.boardId, period: t.period });
      this.log.warn({ err }, 'leaderboard mirror write failed; the set will be rebuilt');
      if (this.redis.status === 'ready') void this.rebuildDirty();
    }
  }

  /** Rebuilds the sets that missed a write (reads go on from them meanwhile). */
  private async rebuildDirty() {
    for (const [key, { boardId, period }] of [...this.dirty]) {
      this.dirty.delete(key);
      if (!(await this.rebuild(boardId, period))) this.dirty.set(key, { boardId, period });
    }
  }
}

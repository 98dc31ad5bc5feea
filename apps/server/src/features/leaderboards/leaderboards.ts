import type { Redis } from 'ioredis';
import { and, eq, sql } from 'drizzle-orm';
import { levelOf } from '@app/shared/gamification/levels';
import { LEADERBOARDS, leaderboardById, percentileOf, periodAt, type LeaderboardDef } from '@app/shared/leaderboards/boards';
import type { Leaderboard, LeaderboardEntries, LeaderboardPosition, LeaderboardStat } from '@app/shared/leaderboards/schemas';
import { queryRows, type Database } from '../../db/client';
import { leaderboardScores } from '../../db/schema/leaderboards';
import { RankMirror, type MirrorPage } from './rank-mirror';
import { pageFromDatabase, playersOf, positionFromDatabase, ranksOf, rowsAfter, type Player } from './ranks';
import { boardsOf, bringUpToDate, joinBoard, leaveBoard } from './scores';

interface Logger {
  error(obj: object, msg: string): void;
}

export interface LeaderboardDeps {
  db: Database;
  /** The Redis mirror of the open periods' ranks; null without REDIS_URL. */
  mirror: RankMirror | null;
  log: Logger;
  /** How long a page's players are answered from memory (config LEADERBOARD_PAGE_CACHE_MS); 0 or unset: never. */
  pageCacheMs?: number;
}

const MAX_CACHED_PAGES = 500;

/** The Redis mirror of the boards, rebuilt from `db`'s rows. */
export function rankMirrorOf(
  db: Database,
  redis: Redis,
  prefix: string,
  log: Logger & { warn(obj: object, msg: string): void },
): RankMirror {
  return new RankMirror(redis, prefix, log, (boardId, period, after, limit) => rowsAfter(db, boardId, period, after, limit));
}

/** Whether a user's profile is private (a private profile can't be on a board). */
export async function isPrivate(db: Database, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ private: boolean }>(
    db,
    sql`select coalesce(privacy ->> 'profileVisibility', 'public') = 'private' as private from user_settings where user_id = ${userId}`,
  );
  return row?.private ?? false;
}

/**
 * The leaderboards (issue 19, decision 026): PostgreSQL holds who joined and every score; Redis,
 * when configured, mirrors the open periods' ranks and is rebuilt from PostgreSQL whenever it
 * can't be trusted. Scores move only through `update` (from the user's XP award rows).
 */
export class Leaderboards {
  private readonly rebuilds = new Set<Promise<unknown>>();
  /** Pages answered lately, by board, period, offset and limit (see `entries`). */
  private readonly pages = new Map<string, { items: LeaderboardEntries['items']; total: number; until: number }>();

  constructor(private readonly deps: LeaderboardDeps) {}

  /** The boards, with when their current period ends. */
  list(now: Date = new Date()): Leaderboard[] {
    return LEADERBOARDS.map((b) => ({
      id: b.id,
      name: b.name,
      metric: b.metric,
      period: b.period,
      resetsAt: periodAt(b.period, now).endsAt?.toISOString() ?? null,
    }));
  }

  board(id: string): LeaderboardDef | undefined {
    return leaderboardById(id);
  }

  /**
   * A page of a board's open period, and the viewer's place on it (null when not a member). The
   * page's players are answered from this instance's memory for `pageCacheMs` (every viewer of the
   * top 100 reads the same hundred players); the viewer's own place is read every time.
   */
  async entries(
    board: LeaderboardDef,
    page: { limit: number; offset: number },
    viewerId: string | null,
    now: Date = new Date(),
  ): Promise<LeaderboardEntries> {
    const period = periodAt(board.period, now).key;
    const cacheKey = `${board.id}|${period}|${page.offset}|${page.limit}`;
    const cached = this.pages.get(cacheKey);
    if (cached && cached.until > Date.now()) {
      const position = viewerId ? await this.position(board.id, period, viewerId) : null;
      return { items: cached.items, total: position?.total ?? cached.total, me: position?.me ?? null };
    }
    for (let attempt = 0; ; attempt += 1) {
      const read = await this.read(board.id, period, page.offset, page.limit, viewerId);
      const ids = [...new Set(read.rows.map((r) => r.userId))];
      const players = await playersOf(this.deps.db, board.id, ids);
      const hidden = ids.filter((id) => !shown(players.get(id)));
      // Someone left, went private or was deleted while a set still held them: take them out, read again.
      if (hidden.length > 0 && attempt === 0) {
        await this.evict(board.id, period, hidden, players);
        continue;
      }
      const ranks = ranksOf(read.rows, read.firstRank, page.offset);
      const items = read.rows.flatMap((row, i) => {
        const player = players.get(row.userId);
        if (!player || !shown(player)) return [];
        return [
          {
            rank: ranks[i]!,
            userId: player.id,
            username: player.username,
            displayName: player.displayName,
            avatarUrl: player.avatarUrl,
            level: levelOf(player.totalXp).level,
            score: row.score,
          },
        ];
      });
      this.remember(cacheKey, { items, total: read.total });
      return { items, total: read.total, me: read.me };
    }
  }

  /** The user's place on a board now, or null when not a member. */
  async positionOf(
    board: LeaderboardDef,
    userId: string,
    now: Date = new Date(),
  ): Promise<(LeaderboardPosition & { total: number }) | null> {
    const position = await this.position(board.id, periodAt(board.period, now).key, userId);
    return position.me ? { ...position.me, total: position.total } : null;
  }

  /** Joins a board (idempotent); answers the place on it. Refusing private profiles is the caller's. */
  async join(board: LeaderboardDef, userId: string, now: Date = new Date()): Promise<LeaderboardPosition | null> {
    const result = await joinBoard(this.deps.db, userId, board, now);
    this.forgetPages(board.id);
    if (result.created && this.deps.mirror) {
      await this.deps.mirror.set([{ boardId: board.id, period: result.period, userId, score: result.score ?? 0 }]);
    }
    const position = await this.positionOf(board, userId, now);
    return position && { rank: position.rank, score: position.score };
  }

  /** Leaves a board (idempotent). */
  async leave(board: LeaderboardDef, userId: string, now: Date = new Date()): Promise<void> {
    await leaveBoard(this.deps.db, userId, board.id);
    this.forgetPages(board.id);
    await this.deps.mirror?.remove(board.id, periodAt(board.period, now).key, [userId]);
  }

  /** The user's place on every board they joined, with its percentile. */
  async stats(userId: string, now: Date = new Date()): Promise<LeaderboardStat[]> {
    const joined = new Set(await boardsOf(this.deps.db, userId));
    const items: LeaderboardStat[] = [];
    for (const board of LEADERBOARDS) {
      if (!joined.has(board.id)) continue;
      const position = await this.positionOf(board, userId, now);
      if (!position) continue;
      items.push({
        leaderboardId: board.id,
        rank: position.rank,
        score: position.score,
        percentile: percentileOf(position.rank, position.total),
      });
    }
    return items;
  }

  /** Counts the user's new XP awards into their boards (PostgreSQL, then the mirror). */
  async update(userId: string, now: Date = new Date()): Promise<void> {
    const changes = await bringUpToDate(this.deps.db, userId, now);
    await this.deps.mirror?.set(changes.filter((c) => c.current));
  }

  /** Takes users who may no longer be shown off a board (private ones off every board). */
  async evict(boardId: string, period: string, userIds: string[], players: Map<string, Player>): Promise<void> {
    const { db, mirror } = this.deps;
    for (const userId of userIds) {
      const player = players.get(userId);
      if (player?.private) {
        for (const board of LEADERBOARDS) await this.leave(board, userId);
        continue;
      }
      if (player && !player.member) {
        // Rows left behind by a leave that crossed a period's opening.
        await db.delete(leaderboardScores).where(and(eq(leaderboardScores.boardId, boardId), eq(leaderboardScores.userId, userId)));
      }
    }
    await mirror?.remove(boardId, period, userIds);
    this.forgetPages(boardId);
  }

  /** Everyone on any board whose profile is now private leaves every board. Answers how many. */
  async sweepPrivate(): Promise<number> {
    const rows = await queryRows<{ user_id: string }>(
      this.deps.db,
      sql`select distinct m.user_id from leaderboard_members m join user_settings s on s.user_id = m.user_id
          where s.privacy ->> 'profileVisibility' = 'private'`,
    );
    for (const { user_id } of rows) for (const board of LEADERBOARDS) await this.leave(board, user_id);
    return rows.length;
  }

  /** Rebuilds a period's Redis set from PostgreSQL now (the period job, after opening one). */
  async rebuildMirror(boardId: string, period: string): Promise<void> {
    await this.deps.mirror?.rebuild(boardId, period);
  }

  /**
   * Rebuilds every open period's set (a daily job): a bound on how long a write lost between
   * PostgreSQL and Redis can leave a set wrong. Reads go on from the old sets meanwhile.
   */
  async refreshMirrors(now: Date = new Date()): Promise<number> {
    if (!this.deps.mirror) return 0;
    for (const board of LEADERBOARDS) await this.rebuildMirror(board.id, periodAt(board.period, now).key);
    return LEADERBOARDS.length;
  }

  /** Drops an ended period's Redis set. */
  async dropMirror(boardId: string, period: string): Promise<void> {
    await this.deps.mirror?.drop(boardId, period);
  }

  /** Waits for the rebuilds started by reads (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.rebuilds]);
  }

  private remember(key: string, page: { items: LeaderboardEntries['items']; total: number }) {
    const ttl = this.deps.pageCacheMs ?? 0;
    if (ttl <= 0) return;
    this.pages.delete(key);
    this.pages.set(key, { ...page, until: Date.now() + ttl });
    // Deep pages are read rarely: keep the latest ones only.
    while (this.pages.size > MAX_CACHED_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }

  /** Forgets a board's pages here (a join, a leave or an eviction changed who is on it). */
  private forgetPages(boardId: string) {
    for (const key of [...this.pages.keys()]) if (key.startsWith(`${boardId}|`)) this.pages.delete(key);
  }

  /** A place from the mirror when its set is ready; else from PostgreSQL (and the set is rebuilt). */
  private async position(boardId: string, period: string, userId: string): Promise<Pick<MirrorPage, 'total' | 'me'>> {
    const fromMirror = await this.deps.mirror?.position(boardId, period, userId);
    if (fromMirror) return fromMirror;
    if (this.deps.mirror) this.rebuildInBackground(boardId, period);
    return positionFromDatabase(this.deps.db, boardId, period, userId);
  }

  private rebuildInBackground(boardId: string, period: string) {
    const rebuild = this.rebuildMirror(boardId, period)
      .catch((err: unknown) => this.deps.log.error({ err, boardId }, 'leaderboard mirror rebuild failed'))
      .finally(() => this.rebuilds.delete(rebuild));
    this.rebuilds.add(rebuild);
  }

  /** The mirror when its set is ready; else PostgreSQL, and the set is rebuilt in the background. */
  private async read(boardId: string, period: string, offset: number, limit: number, viewerId: string | null): Promise<MirrorPage> {
    const { db, mirror } = this.deps;
    if (mirror) {
      const page = await mirror.page(boardId, period, offset, limit, viewerId);
      if (page) return page;
      this.rebuildInBackground(boardId, period);
    }
    return pageFromDatabase(db, boardId, period, offset, limit, viewerId);
  }
}

const shown = (p: Player | undefined): boolean => Boolean(p && p.member && !p.private);

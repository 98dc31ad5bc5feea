import { sql } from 'drizzle-orm';
import { preparedSql, queryRows, type Executor } from '../../db/client';
import type { MirrorPage } from './rank-mirror';

/**
 * The ranks as PostgreSQL answers them, when there is no Redis or its set isn't ready. A page is
 * an index scan (board, period, score desc, user desc); a rank counts the scores above it, so its
 * cost grows with the rank: fine for the embedded database's numbers of players, while Redis
 * answers in O(log n) at a million (decision 026).
 */
export async function pageFromDatabase(
  db: Executor,
  boardId: string,
  period: string,
  offset: number,
  limit: number,
  viewerId: string | null,
): Promise<MirrorPage> {
  const rows = await queryRows<{ user_id: string; score: string | number }>(
    db,
    sql`select user_id, score from leaderboard_scores where board_id = ${boardId} and period = ${period}
        order by score desc, user_id desc limit ${limit} offset ${offset}`,
  );
  const first = rows[0] ? Number(rows[0].score) : null;
  const [counts] = await queryRows<{
    total: string | number;
    above_first: string | number;
    my_score: string | number | null;
    above_me: string | number | null;
  }>(
    db,
    sql`with me as (select score from leaderboard_scores where user_id = ${viewerId} and board_id = ${boardId} and period = ${period})
        select (select count(*) from leaderboard_scores where board_id = ${boardId} and period = ${period}) as total,
               (select count(*) from leaderboard_scores where board_id = ${boardId} and period = ${period} and score > ${first ?? 0}) as above_first,
               (select score from me) as my_score,
               (select count(*) from leaderboard_scores where board_id = ${boardId} and period = ${period} and score > (select score from me)) as above_me`,
  );
  return {
    rows: rows.map((r) => ({ userId: r.user_id, score: Number(r.score) })),
    firstRank: first === null ? 0 : Number(counts!.above_first) + 1,
    total: Number(counts!.total),
    me:
      counts!.my_score === null || counts!.my_score === undefined
        ? null
        : { rank: Number(counts!.above_me) + 1, score: Number(counts!.my_score) },
  };
}

/** The period's size and a member's place (null: not a member), from PostgreSQL. */
export async function positionFromDatabase(
  db: Executor,
  boardId: string,
  period: string,
  userId: string,
): Promise<Pick<MirrorPage, 'total' | 'me'>> {
  const [row] = await queryRows<{ total: string | number; my_score: string | number | null; above_me: string | number | null }>(
    db,
    sql`with me as (select score from leaderboard_scores where user_id = ${userId} and board_id = ${boardId} and period = ${period})
        select (select count(*) from leaderboard_scores where board_id = ${boardId} and period = ${period}) as total,
               (select score from me) as my_score,
               (select count(*) from leaderboard_scores where board_id = ${boardId} and period = ${period} and score > (select score from me)) as above_me`,
  );
  const myScore = row?.my_score;
  return {
    total: Number(row?.total ?? 0),
    me: myScore === null || myScore === undefined ? null : { rank: Number(row!.above_me) + 1, score: Number(myScore) },
  };
}

/**
 * A period's rows in user id order, after `afterUserId` (keyset on the primary key, which starts
 * with the user): what a Redis set is rebuilt from, a batch at a time, with no transaction held.
 */
export async function rowsAfter(
  db: Executor,
  boardId: string,
  period: string,
  afterUserId: string | null,
  limit: number,
): Promise<{ userId: string; score: number }[]> {
  const rows = await queryRows<{ user_id: string; score: string | number }>(
    db,
    sql`select user_id, score from leaderboard_scores
        where board_id = ${boardId} and period = ${period} ${afterUserId ? sql`and user_id > ${afterUserId}::uuid` : sql``}
        order by user_id limit ${limit}`,
  );
  return rows.map((r) => ({ userId: r.user_id, score: Number(r.score) }));
}

/** Ranks 1, 2, 2, 4 along a page, from the first one's rank: equal scores share the rank of the first of them. */
export function ranksOf(rows: { score: number }[], firstRank: number, offset: number): number[] {
  const ranks: number[] = [];
  rows.forEach((row, i) => {
    if (i === 0) ranks.push(firstRank);
    else ranks.push(row.score === rows[i - 1]!.score ? ranks[i - 1]! : offset + i + 1);
  });
  return ranks;
}

export interface Player {
  id: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  totalXp: number;
  /** Still a member of the board (a set may hold someone who just left). */
  member: boolean;
  private: boolean;
}

interface PlayerRow {
  id: string;
  username: string;
  display_name: string;
  avatar_url: string | null;
  total_xp: string | number;
  member: boolean;
  private: boolean;
}

// Prepared once per connection: a page reads its hundred players by primary keys on every call.
const playersStatement = preparedSql<PlayerRow>(
  'leaderboard_players',
  sql`select u.id, u.username, u.display_name, u.avatar_url, coalesce(p.total_xp, 0) as total_xp,
        exists (select 1 from leaderboard_members m where m.board_id = ${sql.placeholder('board')} and m.user_id = u.id) as member,
        coalesce(s.privacy ->> 'profileVisibility', 'public') = 'private' as private
      from users u
      left join user_progress p on p.user_id = u.id
      left join user_settings s on s.user_id = u.id
      where u.id = any(${sql.placeholder('ids')}::uuid[])`,
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The players of a page as the board shows them, with what decides whether they may be shown. */
export async function playersOf(db: Executor, boardId: string, userIds: string[]): Promise<Map<string, Player>> {
  // Ids come from the board's rows (uuids); anything else names nobody.
  const ids = userIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await playersStatement(db).execute({ board: boardId, ids: `{${ids.join(',')}}` });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        username: r.username,
        displayName: r.display_name,
        avatarUrl: r.avatar_url,
        totalXp: Number(r.total_xp),
        member: r.member,
        private: r.private,
      },
    ]),
  );
}

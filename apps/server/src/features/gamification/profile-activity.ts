import { sql, type SQL } from 'drizzle-orm';
import { achievementById, type ActivityItem, type ActivityPage, type ActivityType } from '@app/shared/gamification/profile';
import { queryRows, type Executor } from '../../db/client';

interface Row {
  id: string;
  type: ActivityType;
  at: Date | string;
  us: string | number;
  level: number | null;
  prestige: number | null;
  ref: string | null;
  name: string | null;
  avatar: string | null;
  username: string | null;
}

/** A cursor is the last item's time in microseconds and its id: `{us}~{id}` (ids are unique per user). */
const cursorOf = (row: Row) => `${row.us}~${row.id}`;
function parseCursor(cursor: string | undefined): { us: string; id: string } | null {
  if (!cursor) return null;
  const at = cursor.indexOf('~');
  return { us: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/**
 * The profile's activity feed (§2.11), built from the server's own rows, newest first: levels
 * reached, achievements unlocked, bots published, chats started, bots favorited, users followed.
 * Others see bots only while they are public and active (the owner sees all of theirs); the
 * caller checks the profile's privacy and Show Activity first.
 *
 * Paged by keyset on (time in µs, id): each branch takes at most one page past the cursor, so a
 * page costs six short index reads however long the history, and an item never shows twice or
 * goes missing while new ones arrive.
 */
export async function activityOf(
  db: Executor,
  userId: string,
  opts: { viewerIsOwner: boolean; limit: number; cursor?: string },
): Promise<ActivityPage> {
  const after = parseCursor(opts.cursor);
  const take = opts.limit + 1;
  const us = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;
  const page = (column: SQL, id: SQL) => (after ? sql`and (${us(column)}, ${id}) < (${after.us}::bigint, ${after.id}::text)` : sql``);
  const visibleBot = opts.viewerIsOwner ? sql`` : sql`and b.visibility = 'public' and b.is_active`;
  const branch = (select: SQL, from: SQL, column: SQL, id: SQL) =>
    sql`(select ${id} as id, ${us(column)} as us, ${column} as at, ${select} ${from} ${page(column, id)} order by 2 desc, 1 desc limit ${take})`;
  const none = sql`null::int as level, null::int as prestige`;
  const botCols = sql`b.id::text as ref, b.name as name, b.avatar_url as avatar, null::text as username`;
  const query = sql`select * from (
    ${branch(
      sql`'level_up' as type, l.level as level, l.prestige_level as prestige, null::text as ref, null::text as name, null::text as avatar, null::text as username`,
      sql`from user_level_ups l where l.user_id = ${userId}`,
      sql`l.reached_at`,
      sql`('level_up:' || l.prestige_level || ':' || l.level)`,
    )}
    union all
    ${branch(
      sql`'achievement_unlocked' as type, ${none}, a.achievement_id as ref, null::text as name, null::text as avatar, null::text as username`,
      sql`from user_achievements a where a.user_id = ${userId}`,
      sql`a.unlocked_at`,
      sql`('achievement_unlocked:' || a.achievement_id)`,
    )}
    union all
    ${branch(
      sql`'bot_published' as type, ${none}, ${botCols}`,
      sql`from xp_awards x join bots b on b.id::text = x.source_id where x.user_id = ${userId} and x.source = 'bot_published' ${visibleBot}`,
      sql`x.created_at`,
      sql`('bot_published:' || x.source_id)`,
    )}
    union all
    ${branch(
      sql`'chat_started' as type, ${none}, ${botCols}`,
      // A branch is not a chat started (decision 032).
      sql`from chats c join bots b on b.id = c.bot_id where c.user_id = ${userId} and c.branched_from is null ${visibleBot}`,
      sql`c.created_at`,
      sql`('chat_started:' || c.id)`,
    )}
    union all
    ${branch(
      sql`'bot_liked' as type, ${none}, ${botCols}`,
      sql`from bot_favorites f join bots b on b.id = f.bot_id where f.user_id = ${userId} ${visibleBot}`,
      sql`f.created_at`,
      sql`('bot_liked:' || f.bot_id)`,
    )}
    union all
    ${branch(
      sql`'user_followed' as type, ${none}, u.id::text as ref, u.display_name as name, u.avatar_url as avatar, u.username as username`,
      sql`from user_follows uf join users u on u.id = uf.followee_id where uf.follower_id = ${userId}`,
      sql`uf.created_at`,
      sql`('user_followed:' || uf.followee_id)`,
    )}
  ) feed order by us desc, id desc limit ${take}`;
  const rows = await queryRows<Row>(db, query);
  const items = rows.slice(0, opts.limit).map(toItem);
  const last = rows.length > opts.limit ? rows[opts.limit - 1] : undefined;
  return { items, nextCursor: last ? cursorOf(last) : null };
}

function toItem(row: Row): ActivityItem {
  const base = { id: row.id, createdAt: new Date(row.at).toISOString() };
  const bot = { id: row.ref ?? '', name: row.name ?? '', avatarUrl: row.avatar };
  switch (row.type) {
    case 'level_up':
      return { ...base, type: 'level_up', data: { level: Number(row.level), prestigeLevel: Number(row.prestige) } };
    case 'achievement_unlocked': {
      const def = achievementById(row.ref ?? '');
      return {
        ...base,
        type: 'achievement_unlocked',
        data: {
          achievementId: row.ref ?? '',
          name: def?.name ?? row.ref ?? '',
          icon: def?.icon ?? 'award',
          rarity: def?.rarity ?? 'common',
          points: def?.points ?? 0,
        },
      };
    }
    case 'user_followed':
      return {
        ...base,
        type: 'user_followed',
        data: { user: { id: row.ref ?? '', username: row.username ?? '', displayName: row.name ?? '', avatarUrl: row.avatar } },
      };
    default:
      return { ...base, type: row.type, data: { bot } };
  }
}

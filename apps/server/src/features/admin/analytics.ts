import { sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@app/shared/admin/messages';
import type { AdminAnalytics } from '@app/shared/admin/schemas';
import { addDays, daysBetween, ECONOMY_DEFAULT_DAYS, ECONOMY_MAX_DAYS, utcToday } from '@app/shared/admin-economy/rules';
import { queryRows, type Database } from '../../db/client';
import { badRequest } from '../../lib/http-errors';

const TOP_BOTS = 10;

/** The range: UTC days, both included, the last 30 up to today by default (the economy report's rule, decision 018). */
export function analyticsRange(query: { from?: string; to?: string }, today: string = utcToday()) {
  const to = query.to ?? (query.from ? min(addDays(query.from, ECONOMY_DEFAULT_DAYS - 1), today) : today);
  const from = query.from ?? addDays(to, -(ECONOMY_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(ADMIN_MESSAGES.rangeReversed, 'from');
  if (daysBetween(from, to) > ECONOMY_MAX_DAYS) throw badRequest(ADMIN_MESSAGES.rangeTooLong, 'to');
  return { from, to };
}
const min = (a: string, b: string) => (a < b ? a : b);

interface DayRow {
  date: string;
  new_users: number;
  new_bots: number;
  chats: number;
  messages: number;
  active_users: number;
}

/**
 * Platform-wide bot analytics (decision 023): totals from the bots' counters (as the creator's
 * own analytics), the range's days from the bot log (the statistics' source) and the creation
 * dates, on UTC days, every day present.
 */
export async function platformAnalytics(db: Database, query: { from?: string; to?: string }): Promise<AdminAnalytics> {
  const { from, to } = analyticsRange(query);
  const start = `${from}T00:00:00Z`;
  const end = `${addDays(to, 1)}T00:00:00Z`;
  const utcDay = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const [totals] = await queryRows<{
    users: number;
    banned_users: number;
    bots: number;
    public_bots: number;
    chats: number;
    messages: number;
  }>(
    db,
    sql`select (select count(*) from users)::int as users,
               (select count(*) from users where banned_at is not null)::int as banned_users,
               count(*)::int as bots,
               (count(*) filter (where visibility = 'public' and is_active))::int as public_bots,
               coalesce(sum(total_chats), 0)::bigint::float8 as chats,
               coalesce(sum(total_messages), 0)::bigint::float8 as messages
        from bots`,
  );
  const days = await queryRows<DayRow>(
    db,
    sql`with logs as (
          select ${utcDay('created_at')} as date,
                 count(*) filter (where action = 'chat_started')::int as chats,
                 count(*) filter (where action = 'message')::int as messages,
                 count(distinct user_id)::int as active_users
          from bot_logs where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1),
        new_users as (
          select ${utcDay('created_at')} as date, count(*)::int as n
          from users where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1),
        new_bots as (
          select ${utcDay('created_at')} as date, count(*)::int as n
          from bots where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1)
        select to_char(d, 'YYYY-MM-DD') as date,
               coalesce(u.n, 0)::int as new_users, coalesce(b.n, 0)::int as new_bots,
               coalesce(l.chats, 0)::int as chats, coalesce(l.messages, 0)::int as messages,
               coalesce(l.active_users, 0)::int as active_users
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
        left join logs l on l.date = to_char(d, 'YYYY-MM-DD')
        left join new_users u on u.date = to_char(d, 'YYYY-MM-DD')
        left join new_bots b on b.date = to_char(d, 'YYYY-MM-DD')
        order by 1`,
  );
  const top = await queryRows<{
    id: string;
    name: string;
    visibility: string;
    owner_id: string;
    owner_username: string;
    owner_display_name: string;
    total_chats: number;
    total_messages: number;
    chats_in_range: number;
  }>(
    db,
    sql`with ranged as (
          select bot_id, count(*)::int as n from bot_logs
          where action = 'chat_started' and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
          group by bot_id)
        select b.id, b.name, b.visibility, u.id as owner_id, u.username as owner_username, u.display_name as owner_display_name,
               b.total_chats, b.total_messages, coalesce(r.n, 0)::int as chats_in_range
        from bots b join users u on u.id = b.created_by left join ranged r on r.bot_id = b.id
        order by coalesce(r.n, 0) desc, b.total_chats desc, b.created_at desc, b.id
        limit ${TOP_BOTS}`,
  );
  const items = days.map((d) => ({
    date: d.date,
    newUsers: d.new_users,
    newBots: d.new_bots,
    chats: d.chats,
    messages: d.messages,
    activeUsers: d.active_users,
  }));
  const sum = (key: 'newUsers' | 'newBots' | 'chats' | 'messages') => items.reduce((n, d) => n + d[key], 0);
  return {
    from,
    to,
    totals: {
      users: totals!.users,
      bannedUsers: totals!.banned_users,
      bots: totals!.bots,
      publicBots: totals!.public_bots,
      chats: Number(totals!.chats),
      messages: Number(totals!.messages),
    },
    range: { newUsers: sum('newUsers'), newBots: sum('newBots'), chats: sum('chats'), messages: sum('messages') },
    topBots: top.map((b) => ({
      id: b.id,
      name: b.name,
      visibility: b.visibility,
      owner: { id: b.owner_id, username: b.owner_username, displayName: b.owner_display_name },
      totalChats: b.total_chats,
      totalMessages: b.total_messages,
      chatsInRange: b.chats_in_range,
    })),
    days: items,
  };
}

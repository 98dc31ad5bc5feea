import { sql } from 'drizzle-orm';
import type { BotStatistics } from '@app/shared/chats/schemas';
import { queryRows, type Database } from '../../db/client';
import { dayOf } from './daily-stats';

const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
type Range = keyof typeof RANGE_DAYS;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The statistics object of §3 on real data: past days from bot_stats (the daily job), today live
 * from bot_logs; the hours, demographics and retention from the logs of the range; conversation
 * lengths from the chats; the star split from the ratings.
 */
export async function botStatistics(db: Database, botId: string, range: Range, now = new Date()): Promise<BotStatistics> {
  const days = RANGE_DAYS[range];
  const today = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const dates = Array.from({ length: days }, (_, i) => dayOf(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));

  const [past, live, sessions, hours, languages, devices, totals, retention, lengths, ratings, bot] = await Promise.all([
    queryRows<{ date: string; chats: number; messages: number; errors: number; tokens: number }>(
      db,
      sql`select date, total_chats as chats, total_messages as messages, errors, total_tokens_used as tokens
          from bot_stats where bot_id = ${botId} and date >= ${from} and date < ${today}`,
    ),
    queryRows<{ chats: number; messages: number; errors: number; tokens: number }>(
      db,
      sql`select count(*) filter (where action = 'chat_started')::int as chats, count(*) filter (where action = 'message')::int as messages,
                 count(*) filter (where action = 'error')::int as errors, coalesce(sum((metadata->>'tokensUsed')::int), 0)::int as tokens
          from bot_logs where bot_id = ${botId} and created_at >= ${today}::date`,
    ),
    queryRows<{ date: string; seconds: number }>(
      db,
      sql`select day as date, avg(extract(epoch from last - first))::float as seconds from (
            select m.chat_id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, min(m.created_at) as first, max(m.created_at) as last
            from chat_messages m join chats c on c.id = m.chat_id
            where c.bot_id = ${botId} and m.created_at >= ${from}::date
            group by m.chat_id, day) s group by day`,
    ),
    queryRows<{ hour: number; n: number }>(
      db,
      sql`select extract(hour from created_at at time zone 'UTC')::int as hour, count(*)::int as n
          from bot_logs where bot_id = ${botId} and created_at >= ${from}::date group by hour`,
    ),
    queryRows<{ key: string; n: number }>(
      db,
      sql`select coalesce(metadata->>'language', 'unknown') as key, count(distinct coalesce(user_id::text, ip))::int as n
          from bot_logs where bot_id = ${botId} and created_at >= ${from}::date group by key order by n desc limit 5`,
    ),
    queryRows<{ key: string; n: number }>(
      db,
      sql`select coalesce(metadata->>'device', 'unknown') as key, count(distinct coalesce(user_id::text, ip))::int as n
          from bot_logs where bot_id = ${botId} and created_at >= ${from}::date group by key order by n desc`,
    ),
    queryRows<{ users: number; response: number | null }>(
      db,
      sql`select count(distinct user_id)::int as users, avg((metadata->>'responseTime')::float) filter (where action = 'message') as response
          from bot_logs where bot_id = ${botId} and created_at >= ${from}::date`,
    ),
    queryRows<{ users: number; d1: number; d7: number; d30: number }>(
      db,
      sql`with firsts as (
            select user_id, min(created_at) as first from bot_logs
            where bot_id = ${botId} and user_id is not null and created_at >= ${from}::date group by user_id)
          select count(*)::int as users,
                 count(*) filter (where exists (select 1 from bot_logs l where l.bot_id = ${botId} and l.user_id = f.user_id and l.created_at >= f.first + interval '1 day'))::int as d1,
                 count(*) filter (where exists (select 1 from bot_logs l where l.bot_id = ${botId} and l.user_id = f.user_id and l.created_at >= f.first + interval '7 days'))::int as d7,
                 count(*) filter (where exists (select 1 from bot_logs l where l.bot_id = ${botId} and l.user_id = f.user_id and l.created_at >= f.first + interval '30 days'))::int as d30
          from firsts f`,
    ),
    queryRows<{ total: number; short: number; medium: number; long: number; active: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where message_count <= 5)::int as short,
                 count(*) filter (where message_count between 6 and 20)::int as medium, count(*) filter (where message_count > 20)::int as long,
                 count(*) filter (where updated_at > now() - interval '1 day')::int as active
          from chats where bot_id = ${botId}`,
    ),
    queryRows<{ rating: number; n: number }>(
      db,
      sql`select rating::int, count(*)::int as n from bot_ratings where bot_id = ${botId} group by rating`,
    ),
    queryRows<{ avg_rating: number | null; rating_count: number }>(db, sql`select avg_rating, rating_count from bots where id = ${botId}`),
  ]);

  const byDate = new Map(past.map((p) => [p.date, p]));
  const sessionByDate = new Map(sessions.map((s) => [s.date, Math.round(Number(s.seconds))]));
  const todayRow = live[0] ?? { chats: 0, messages: 0, errors: 0, tokens: 0 };
  const dailyStats = dates.map((date) => {
    const row = date === today ? todayRow : byDate.get(date);
    return {
      date,
      chats: Number(row?.chats ?? 0),
      messages: Number(row?.messages ?? 0),
      errors: Number(row?.errors ?? 0),
      tokensUsed: Number(row?.tokens ?? 0),
      avgSessionDuration: sessionByDate.get(date) ?? 0,
    };
  });
  const totalChats = dailyStats.reduce((n, d) => n + d.chats, 0);
  const totalMessages = dailyStats.reduce((n, d) => n + d.messages, 0);
  const hourTotal = hours.reduce((n, h) => n + Number(h.n), 0);
  const popularHours = Array.from({ length: 24 }, (_, hour) => pct(Number(hours.find((h) => Number(h.hour) === hour)?.n ?? 0), hourTotal));
  const users = Number(totals[0]?.users ?? 0);
  const r = retention[0] ?? { users: 0, d1: 0, d7: 0, d30: 0 };
  const l = lengths[0] ?? { total: 0, short: 0, medium: 0, long: 0, active: 0 };
  const ratingTotal = ratings.reduce((n, x) => n + Number(x.n), 0);
  return {
    range,
    totalChats,
    totalMessages,
    avgMessagesPerChat: totalChats ? Math.round((totalMessages / totalChats) * 10) / 10 : 0,
    avgRating: bot[0]?.avg_rating ?? null,
    ratingCount: Number(bot[0]?.rating_count ?? 0),
    activeChats: Number(l.active),
    uniqueUsers: users,
    errors: dailyStats.reduce((n, d) => n + d.errors, 0),
    avgResponseTime: totals[0]?.response == null ? null : Math.round(Number(totals[0].response)),
    dailyStats,
    popularHours,
    userDemographics: {
      // No geo database is configured: countries are not known.
      countries: users ? { unknown: users } : {},
      languages: Object.fromEntries(languages.map((x) => [x.key, Number(x.n)])),
      devices: Object.fromEntries(devices.map((x) => [x.key, Number(x.n)])),
    },
    retention: {
      day1: pct(Number(r.d1), Number(r.users)),
      day7: pct(Number(r.d7), Number(r.users)),
      day30: pct(Number(r.d30), Number(r.users)),
    },
    messageDistribution: {
      short: pct(Number(l.short), Number(l.total)),
      medium: pct(Number(l.medium), Number(l.total)),
      long: pct(Number(l.long), Number(l.total)),
    },
    ratingSplit: [5, 4, 3, 2, 1].map((star) => pct(Number(ratings.find((x) => Number(x.rating) === star)?.n ?? 0), ratingTotal)),
  };
}

/** The daily rows as CSV (the widget's Export). */
export function statisticsCsv(stats: BotStatistics): string {
  const lines = ['date,chats,messages,avg_session_seconds,errors,tokens_used'];
  for (const d of stats.dailyStats) lines.push([d.date, d.chats, d.messages, d.avgSessionDuration, d.errors, d.tokensUsed].join(','));
  return `${lines.join('\n')}\n`;
}

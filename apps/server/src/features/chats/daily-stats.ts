import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { botLogs, botStats, jobRuns } from '../../db/schema/chats';

const JOB = 'bot-daily-stats';

/** 'YYYY-MM-DD' of a date, in UTC (the statistics' days are UTC days). */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Aggregates one day's logs into bot_stats, one row per bot (§7 daily stat generation). The row
 * is recomputed from the logs and upserted, so running it twice gives the same numbers.
 */
export async function aggregateDay(db: Database, day: string): Promise<number> {
  const rows = await db.execute(sql`
    insert into ${botStats} (bot_id, date, total_chats, total_messages, total_images_generated, total_videos_generated,
                             total_tokens_used, unique_users, avg_response_time, errors)
    select bot_id, ${day},
           count(*) filter (where action = 'chat_started'),
           count(*) filter (where action = 'message'),
           count(*) filter (where action = 'image_generated'),
           count(*) filter (where action = 'video_generated'),
           coalesce(sum((metadata->>'tokensUsed')::int), 0),
           count(distinct user_id),
           avg((metadata->>'responseTime')::real) filter (where action = 'message'),
           count(*) filter (where action = 'error')
    from ${botLogs}
    where created_at >= ${day}::date and created_at < ${day}::date + 1
    group by bot_id
    on conflict (bot_id, date) do update set
      total_chats = excluded.total_chats, total_messages = excluded.total_messages,
      total_images_generated = excluded.total_images_generated, total_videos_generated = excluded.total_videos_generated,
      total_tokens_used = excluded.total_tokens_used, unique_users = excluded.unique_users,
      avg_response_time = excluded.avg_response_time, errors = excluded.errors`);
  return (
    (rows as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (rows as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * The daily job: every finished day since the last one done (up to 90 back), each once. A day is
 * recorded in job_runs in the same transaction as its stats, so a crash redoes it and a second
 * instance skips it.
 */
export async function runDailyStats(db: Database, now = new Date()): Promise<string[]> {
  const done: string[] = [];
  const today = dayOf(now);
  for (let back = 90; back >= 1; back--) {
    const day = dayOf(new Date(now.getTime() - back * 86_400_000));
    if (day >= today) continue;
    const finished = await db.transaction(async (tx) => {
      const claimed = await tx.insert(jobRuns).values({ job: JOB, key: day }).onConflictDoNothing().returning({ key: jobRuns.key });
      if (claimed.length === 0) return false;
      await aggregateDay(tx as unknown as Database, day);
      return true;
    });
    if (finished) done.push(day);
  }
  return done;
}

/** Whether the job has done a day (for tests and the statistics call). */
export async function isDayDone(db: Database, day: string) {
  const [row] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, JOB), eq(jobRuns.key, day)))
    .limit(1);
  return Boolean(row);
}

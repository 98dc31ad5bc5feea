import { sql } from 'drizzle-orm';
import { DATA_RETENTION_PERIODS, RETENTION_DAYS } from '@app/shared/account-data/settings';
import { queryRows, type Database } from '../../db/client';

/** How many messages one statement deletes, so a long history never holds one long lock. */
const BATCH = 1000;

/** The saved retention periods that delete something (every one but forever). */
const FINITE_PERIODS = DATA_RETENTION_PERIODS.filter((p) => RETENTION_DAYS[p] !== null);

/**
 * Applies the Data section's auto-delete (§3): for every user who turned autoDeleteMessages on
 * with a finite dataRetentionPeriod, deletes the messages of their chats older than the period,
 * in batches, then sets each touched chat's message count from what is left. Idempotent and safe
 * in every instance at once (a second run finds nothing old). Answers how many messages went.
 */
export async function applyMessageRetention(db: Database, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const period of FINITE_PERIODS) {
    const cutoff = new Date(now.getTime() - RETENTION_DAYS[period]! * 86_400_000);
    // The settings row holds only what the user saved (store.ts): both choices must be saved to apply.
    const users = await queryRows<{ user_id: string }>(
      db,
      sql`select user_id from user_settings
          where (data ->> 'autoDeleteMessages') = 'true' and (data ->> 'dataRetentionPeriod') = ${period}`,
    );
    for (const { user_id: userId } of users) deleted += await deleteOldMessages(db, userId, cutoff);
  }
  return deleted;
}

async function deleteOldMessages(db: Database, userId: string, cutoff: Date): Promise<number> {
  let deleted = 0;
  const touched = new Set<string>();
  for (;;) {
    const rows = await queryRows<{ chat_id: string }>(
      db,
      sql`delete from chat_messages where id in (
            select m.id from chat_messages m join chats c on c.id = m.chat_id
            where c.user_id = ${userId} and m.created_at < ${cutoff.toISOString()}::timestamptz
            limit ${BATCH})
          returning chat_id`,
    );
    rows.forEach((r) => touched.add(r.chat_id));
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  if (touched.size > 0) {
    await db.execute(
      sql`update chats set message_count = (select count(*)::int from chat_messages m where m.chat_id = chats.id and m.selected)
          where id in (${sql.join(
            [...touched].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  return deleted;
}

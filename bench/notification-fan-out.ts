/**
 * A system broadcast's fan-out (issue 18 §2): BENCH_USERS accounts (default 10 000), the
 * broadcast's event, then the queued fan-out job run to the end (a claim, a bell row and, for
 * the share of users with email on, a queued email per user, 500 users per transaction). Prints
 * the time and the rate, and how long a second delivery of the same event takes (it tells
 * nobody: every user's claim is there).
 *
 *   npm run bench:notifications                                                       PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:notifications  PostgreSQL server
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { notifications } from '../apps/server/src/db/schema/settings';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { openBenchDatabase } from './bench-database';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
/** Every tenth user keeps email on (the default), so that emails are queued as they would be. */
const EMAIL_EVERY = 10;

const db = await openBenchDatabase();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' });
await prepareDatabase(db.handle, config);
const app = await buildApp({ config, database: db.handle, logger: false });
const { ctx } = app;

await ctx.db.execute(sql`
  with made as (
    insert into users (email, username, display_name)
    select 'fan' || g || '@example.com', 'fan_' || g, 'Fan ' || g from generate_series(1, ${USERS}) g
    returning id, username
  )
  insert into user_settings (user_id, notifications)
  select id, case when substring(username from 5)::int % ${EMAIL_EVERY} = 0 then '{}'::jsonb else '{"email":{"enabled":false}}'::jsonb end from made`);

async function deliver(broadcastId: string): Promise<number> {
  const started = performance.now();
  await ctx.events.publish('system.broadcast', {
    broadcastId,
    title: 'Maintenance',
    message: 'Tonight at 22:00 UTC.',
    adminId: randomUUID(),
  });
  // The fan-out's job only (the emails it queued are another job's, left waiting).
  const job = ctx.jobs as unknown as { runDue(limit?: number): Promise<number> };
  await job.runDue(1);
  return performance.now() - started;
}

const id = randomUUID();
const first = await deliver(id);
const [counted] = await ctx.db
  .select({ n: sql<number>`count(*)::int` })
  .from(notifications)
  .where(eq(notifications.dedupeKey, `systemUpdate:${id}`));
const told = counted?.n ?? 0;
// The emails it queued would run first otherwise: the bench measures the fan-out alone.
await ctx.db.execute(sql`delete from jobs where kind = 'notification-deliver'`);
const again = await deliver(id);
console.log(`${db.kind}: broadcast to ${USERS} users`);
console.log(`  first delivery: ${(first / 1000).toFixed(2)} s, ${Math.round((told / first) * 1000)} users/s, ${told} bell rows`);
console.log(`  the same event again: ${(again / 1000).toFixed(2)} s, nobody told twice`);
await app.close();
await db.handle.close();
await db.cleanup();

/**
 * The data of bench/hot-reads.ts, seeded into a listening app: a user with 30 bots (made through
 * the API), a chat of 121 messages, 40 notifications (15 unread), 90 days of XP history (logins,
 * messages, two quests under way, replies paid for), and an Explore of 2,000 public bots by
 * another user. Answers the six reads (their paths), the user's token, and, on PostgreSQL, how
 * many statements each read sends to the database.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type DatabaseHandle } from '../apps/server/src/db/client';

export interface HotRead {
  name: string;
  path: string;
}

const PASSWORD = 'Bench-Mark-Pass-1!';

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function signup(base: string, name: string) {
  const answer = await call(base, null, 'POST', '/api/auth/signup', { email: `${name}@example.com`, username: name, password: PASSWORD });
  return { token: answer.accessToken as string, id: (answer.user as { id: string }).id };
}

/** Statements sent through node-postgres while `fn` runs (PostgreSQL only; the embedded database is not counted). */
let statements = 0;
/** BENCH_SQL_LOG=<file>: the statements of each read's counted calls are written there (to EXPLAIN them). */
let sqlLog: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (sqlLog) sqlLog.push(JSON.stringify(args[0]));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

export async function seedHotReads(base: string, handle: DatabaseHandle) {
  const { db } = handle;
  const user = await signup(base, 'hot_reads');
  const author = await signup(base, 'explore_author');

  // My Bots: 30 bots made as the editor makes them.
  const botIds: string[] = [];
  for (let i = 1; i <= 30; i++) {
    const bot = await call(base, user.token, 'POST', '/api/bots', {
      name: `Character ${i}`,
      description: `A traveller from the northern coast, number ${i}, who knows the old harbour roads.`,
      personality: 'Calm, curious, fond of maps.',
      scenario: '{{user}} meets {{char}} at the harbour.',
      firstMessage: 'The tide is turning, {{user}}. Shall we go?',
      tags: ['travel', 'adventure', i % 2 ? 'sea' : 'mountains'],
    });
    botIds.push(bot.id as string);
  }

  // Explore: 2,000 public bots of another user, of varied popularity.
  await db.execute(sql`
    insert into bots (name, description, first_message, visibility, created_by, search_text, tags, tag_keys, popularity, total_chats, created_at)
    select 'Public character ' || i, 'A storyteller of the southern isles, number ' || i, 'Hello!', 'public', ${author.id},
           lower('public character ' || i || ' a storyteller of the southern isles'), array['story', 'isles'], array['story', 'isles'],
           (i * 7919) % 1000, (i * 104729) % 500, now() - (i || ' minutes')::interval
    from generate_series(1, 2000) i`);

  // A chat of 121 messages (its greeting and 60 exchanges).
  const chat = await call(base, user.token, 'POST', '/api/chats', { botId: botIds[0] });
  const chatId = (chat.id ?? (chat.chat as { id: string }).id) as string;
  await db.execute(sql`
    insert into chat_messages (chat_id, role, content, created_at)
    select ${chatId}, case when i % 2 = 1 then 'user' else 'assistant' end,
           'Message ' || i || ': the tide turns, the ship waits, and the old map shows the way to the harbour. ' ||
           repeat('The gulls cry over the grey water and the lanterns swing. ', 1 + i % 4),
           now() - ((120 - i) || ' minutes')::interval
    from generate_series(1, 120) i`);
  await db.execute(sql`update chats set message_count = 121, updated_at = now() where id = ${chatId}`);

  // The bell: 40 notifications, the newest 15 unread.
  await db.execute(sql`
    insert into notifications (user_id, type, title, body, link, read_at, created_at)
    select ${user.id}, 'newFollower', 'A new follower', 'Someone number ' || i || ' follows you now.', '/profile',
           case when i > 15 then now() - (i || ' hours')::interval end, now() - (i || ' hours')::interval
    from generate_series(1, 40) i`);

  // Gamification: 90 days of sign-ins and messages, two quests under way, replies paid for.
  await db.execute(sql`
    insert into xp_awards (user_id, source, source_id, base, amount, local_day, created_at)
    select ${user.id}, 'daily_login', 'bench-' || d, 10, 10, (current_date - d), now() - (d || ' days')::interval
    from generate_series(1, 90) d`);
  await db.execute(sql`
    insert into xp_awards (user_id, source, source_id, base, amount, local_day, created_at)
    select ${user.id}, 'message', 'bench-' || d || '-' || k, 2, 2, (current_date - d), now() - (d || ' days')::interval
    from generate_series(0, 60) d, generate_series(1, 8) k`);
  await db.execute(sql`
    insert into user_progress (user_id, total_xp) values (${user.id}, 1876)
    on conflict (user_id) do update set total_xp = user_progress.total_xp + 1876`);
  await db.execute(sql`
    insert into ledger_entries (user_id, currency, amount, reason, idempotency_key, balance_after, created_at)
    select ${user.id}, 'tokens', -3, 'reply', 'bench-reply-' || i, 1000, now() - (i || ' minutes')::interval
    from generate_series(1, 300) i`);
  for (const quest of ['daily-chat', 'weekly-talker']) await call(base, user.token, 'POST', `/api/gamification/quests/${quest}/start`);
  await db.execute(sql`analyze`);

  const reads: HotRead[] = [
    { name: 'My Bots, first page (30 bots)', path: '/api/bots/my?page=1&limit=24' },
    { name: 'a chat, newest 50 (121 messages)', path: `/api/chats/${chatId}/messages?limit=50` },
    { name: 'gamification widget', path: `/api/gamification/user/${user.id}` },
    { name: 'Explore, first page (2,000 bots)', path: '/api/bots/public?sortBy=popular&page=1&limit=24' },
    { name: 'notifications bell', path: '/api/user/notifications?page=1&limit=10&unreadOnly=false' },
    { name: 'token balance', path: '/api/tokens/balance' },
  ];
  const queries: Record<string, number | null> = {};
  for (const read of reads) {
    await call(base, user.token, 'GET', read.path);
    if (handle.kind !== 'postgres') {
      queries[read.path] = null;
      continue;
    }
    // The fewest of five: a background job's statement may fall into one of them.
    if (process.env.BENCH_SQL_LOG) sqlLog = [`-- ${read.path}`];
    let fewest = Infinity;
    for (let i = 0; i < 5; i++) {
      statements = 0;
      await call(base, user.token, 'GET', read.path);
      fewest = Math.min(fewest, statements);
    }
    queries[read.path] = fewest;
    if (sqlLog) fs.appendFileSync(process.env.BENCH_SQL_LOG!, `${sqlLog.join('\n')}\n`);
    sqlLog = null;
  }
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bots`);
  return { token: user.token, userId: user.id, reads, queries, bots: n };
}

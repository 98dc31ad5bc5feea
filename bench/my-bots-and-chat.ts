/**
 * My Bots and a long chat (issue 20, performance: "with 5,000 characters and a 10,000-message chat
 * on the embedded database: the My Bots first view and opening that chat (newest 50 messages)
 * each ≤ 5 ms p50"). Seeds a user with 5,000 bots (as a SillyTavern import makes them) and a chat
 * of 10,000 messages with one of them, then times through the whole app (app.inject, one request
 * at a time) what the pages ask for:
 *   - My Bots:   GET /api/bots/my?page=1&limit=24 (the page's first view, newest first)
 *   - the chat:  GET /api/chats/{id} and GET /api/chats/{id}/messages?limit=50, each and together
 * and prints p50 and p95.
 *
 *   npm run bench:long-chat                 PGlite (embedded)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:long-chat
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { openBenchApp, openBenchDatabase } from './bench-database';

const BOTS = Number(process.env.BENCH_BOTS ?? 5_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const db = await openBenchDatabase();
  const app = await openBenchApp(db.handle);
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'longchat@example.com', username: 'long_chat', password: 'Bench-Mark-Pass-1!' },
    });
    const { accessToken, user } = signup.json() as { accessToken: string; user: { id: string } };
    const auth = { authorization: `Bearer ${accessToken}` };
    const { db: d } = db.handle;

    let t0 = performance.now();
    await d.execute(sql`
      insert into bots (name, description, first_message, visibility, created_by, search_text, created_at)
      select 'Character ' || i, 'A traveller from the northern coast, number ' || i, 'Hello!', 'private', ${user.id},
             lower('character ' || i), now() - (i || ' seconds')::interval
      from generate_series(1, ${BOTS}) i`);
    const [bot] = await queryRows<{ id: string }>(
      d,
      sql`select id from bots where created_by = ${user.id} order by created_at desc limit 1`,
    );
    const [chat] = await queryRows<{ id: string }>(
      d,
      sql`insert into chats (user_id, bot_id, title, message_count) values (${user.id}, ${bot!.id}, 'Long chat', ${MESSAGES}) returning id`,
    );
    await d.execute(sql`
      insert into chat_messages (chat_id, role, content, created_at)
      select ${chat!.id}, case when i % 2 = 0 then 'user' else 'assistant' end,
             'Message ' || i || ': the tide turns, the ship waits, and the old map shows the way to the harbor.',
             now() - ((${MESSAGES} - i) || ' seconds')::interval
      from generate_series(1, ${MESSAGES}) i`);
    await d.execute(sql`analyze`);
    console.log(
      `database: ${db.kind}; ${BOTS} bots and a chat of ${MESSAGES} messages seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    async function time(label: string, urls: string[]) {
      for (let i = 0; i < 20; i++) for (const url of urls) await app.inject({ url, headers: auth });
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t0 = performance.now();
        for (const url of urls) {
          const res = await app.inject({ url, headers: auth });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(52)} p50 ${percentile(samples, 50).toFixed(2).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(6)} ms`,
      );
    }
    await time('My Bots, first view (24 of 5,000)', ['/api/bots/my?page=1&limit=24']);
    await time('the chat', [`/api/chats/${chat!.id}`]);
    await time('its newest 50 messages', [`/api/chats/${chat!.id}/messages?limit=50`]);
    await time('opening the chat (both)', [`/api/chats/${chat!.id}`, `/api/chats/${chat!.id}/messages?limit=50`]);
  } finally {
    await app.close();
    await db.cleanup();
  }
}

await main();

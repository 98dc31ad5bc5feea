/**
 * Ctrl/Cmd+K search at scale (issue 18 §3: p95 ≤ 50 ms at 100,000 bots and 1,000,000 messages).
 * Seeds 100,000 public bots from 2,000 creators, 500 private bots of one user (the searcher),
 * and 20,000 chats of 50 messages each (1,000,000 messages; the searcher holds 100 chats, 5,000
 * messages), then times GET /api/search through the whole app (routing, validation, SQL,
 * serialisation; app.inject, one request at a time) for typical queries, anonymous and signed in,
 * and prints p50 and p95 of each.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search   PostgreSQL server
 *   npm run bench:search                                                         PGlite (embedded)
 *   BENCH_BOTS=20000 BENCH_MESSAGES=200000 BENCH_RUNS=200 npm run bench:search
 *   BENCH_KEEP=1 DATABASE_URL=… npm run bench:search      keeps the seeded database and prints its URL
 *   BENCH_REUSE_URL=postgres://…/test_x npm run bench:search    times again on a database an earlier run seeded (kept)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/server/src/db/client';
import { openBenchApp, openBenchDatabase } from './bench-database';

const TOTAL = Number(process.env.BENCH_BOTS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CREATORS = 2_000;
const PER_CHAT = 50;
const MY_CHATS = 100;

const WORDS = ['dragon', 'pirate', 'wizard', 'detective', 'tutor', 'captain', 'robot', 'knight', 'witch', 'chef'];
const MORE = ['poet', 'spy', 'ghost', 'doctor', 'queen', 'ninja', 'merchant', 'bard', 'hacker', 'monk'];
const ALL = [...WORDS, ...MORE];
const TAGS = ['fantasy', 'sci-fi', 'romance', 'horror', 'comedy', 'mystery', 'adventure', 'history', 'anime', 'school'];
// What people write in chats: common words, and rarer ones that only some messages hold.
const CHAT_WORDS = ['hello', 'castle', 'journey', 'secret', 'treasure', 'forest', 'storm', 'lantern', 'river', 'midnight'];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const array = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);

async function main() {
  // Seeding a million messages takes minutes: a database seeded before may be timed again (bench-database.ts).
  const db = await openBenchDatabase();
  const reuse = db.seeded;
  const app = await openBenchApp(db.handle);

  const account = { email: 'bench@example.com', username: 'bench_user', password: 'Bench-Mark-Pass-1!' };
  const signedIn = await app.inject({ method: 'POST', url: reuse ? '/api/auth/login' : '/api/auth/signup', payload: account });
  const { accessToken } = signedIn.json() as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const { db: d } = db.handle;
  if (!reuse) await seed(d);
  const [c] = await queryRows<{ bots: number; messages: number }>(
    d,
    sql`select (select count(*) from bots)::int as bots, (select count(*) from chat_messages)::int as messages`,
  );
  console.log(`${c!.bots.toLocaleString('en')} bots and ${c!.messages.toLocaleString('en')} messages on ${db.kind}`);

  async function time(label: string, query: (i: number) => string, headers: Record<string, string> = {}) {
    const url = (i: number) => `/api/search?${query(i)}`;
    for (let i = 0; i < 20; i++) await app.inject({ url: url(i), headers }); // warm-up
    const samples: number[] = [];
    let results = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ url: url(i), headers });
      samples.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      const body = res.json() as Record<string, unknown[]>;
      results += Object.values(body).reduce((n, group) => n + group.length, 0);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(52)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms   (avg results ${(results / RUNS).toFixed(1)})`,
    );
    return percentile(samples, 95);
  }

  const p95s: number[] = [];
  const w = (i: number) => ALL[i % 20]!;
  p95s.push(await time('anonymous: one common word', (i) => `q=${w(i)}`));
  p95s.push(await time('anonymous: a prefix while typing (3 letters)', (i) => `q=${w(i).slice(0, 3)}`));
  // Words that occur together in one bot (its name, its description), as a user who knows it types them.
  const bot = (i: number) => 1 + ((i * 331) % TOTAL);
  p95s.push(await time('anonymous: two words of a description', (i) => `q=${ALL[(bot(i) * 3) % 20]}%20${ALL[(bot(i) * 11) % 20]}`));
  p95s.push(
    await time('anonymous: a bot by its name and number', (i) => `q=${ALL[(bot(i) * 7) % 20]}%20${ALL[(bot(i) * 13) % 20]}%20${bot(i)}`),
  );
  p95s.push(await time('signed in: one common word, every group', (i) => `q=${w(i)}`, auth));
  p95s.push(await time('signed in: a chat word (every chat has it)', (i) => `q=${CHAT_WORDS[i % 10]}`, auth));
  p95s.push(await time('signed in: a rare chat phrase', () => `q=amethyst%20key`, auth));
  p95s.push(await time('signed in: a chat word while typing (4 letters)', (i) => `q=${CHAT_WORDS[i % 10]!.slice(0, 4)}`, auth));
  p95s.push(await time('signed in: a user name', (i) => `q=creator%20${1 + ((i * 17) % CREATORS)}`, auth));
  p95s.push(await time('signed in: a settings page', () => `q=security`, auth));
  const typo = (s: string) => s[1]! + s[0]! + s.slice(2);
  p95s.push(await time('signed in: a typo (no exact match, trigrams)', (i) => `q=${typo(w(i))}`, auth));
  console.log(`worst p95 of the typical queries above: ${Math.max(...p95s).toFixed(1)} ms (target 50 ms)`);

  await app.close();
  await db.handle.close();
  await db.cleanup();
}

/** 100,000 public bots, 500 private ones of the searcher, and the chats with their messages. */
async function seed(d: Database) {
  const t0 = performance.now();
  const words = array(ALL);
  const tags = array(TAGS);
  await d.execute(sql`
    insert into users (email, username, display_name)
    select 'creator' || i || '@example.com', 'creator_' || i, (${words})[1 + i % 20] || ' ' || 'Creator ' || i
    from generate_series(1, ${CREATORS}) i`);
  const seed = (count: number, owner: ReturnType<typeof sql>, visibility: string) => sql`
    with g as (
      select i,
        (${words})[1 + (i * 7) % 20] || ' ' || (${words})[1 + (i * 13) % 20] || ' ' || i as name,
        'A ' || (${words})[1 + (i * 3) % 20] || ' who talks like a ' || (${words})[1 + (i * 11) % 20] || ' and dreams of being a ' || (${words})[1 + (i * 17) % 20] || '.' as description,
        array[(${tags})[1 + i % 10], (${tags})[1 + (i * 3) % 10]] as tags
      from generate_series(1, ${count}) i
    )
    insert into bots (name, description, personality, scenario, first_message, tags, tag_keys, search_text, category_id, visibility, created_by,
                      total_chats, total_messages, popularity, created_at, updated_at)
    select name, description, 'Generated.', 'Generated.', 'Hello!', tags, tags,
           lower(name || ' ' || description || ' ' || array_to_string(tags, ' ')),
           'general', ${visibility}, ${owner},
           (i * 37) % 1000, (i * 91) % 20000, least(100, ((i * 37) % 1000) * 0.1 + ((i * 91) % 20000) * 0.01),
           now() - (i || ' minutes')::interval, now() - ((i * 7) % 10000 || ' minutes')::interval
    from g`;
  await d.execute(
    seed(TOTAL, sql`(select id from users where lower(username) = 'creator_' || (1 + ${sql.raw('i')} % ${CREATORS}))`, 'public'),
  );
  await d.execute(seed(500, sql`(select id from users where lower(username) = 'bench_user')`, 'private'));
  // Chats: the searcher's first, then the creators', each with a public bot.
  const chats = Math.max(MY_CHATS + 1, Math.floor(MESSAGES / PER_CHAT));
  await d.execute(sql`
    with picked as (select id, row_number() over (order by id) as n from bots where visibility = 'public' limit 5000)
    insert into chats (user_id, bot_id, title, message_count, updated_at)
    select case when i <= ${MY_CHATS} then (select id from users where username = 'bench_user')
                else (select id from users where username = 'creator_' || (1 + i % ${CREATORS})) end,
           p.id, 'Chat ' || i, ${PER_CHAT}, now() - (i || ' minutes')::interval
    from generate_series(1, ${chats}) i join picked p on p.n = 1 + i % 5000`);
  const chatWords = array(CHAT_WORDS);
  await d.execute(sql`
    with c as (select id, row_number() over (order by updated_at desc) as n from chats)
    insert into chat_messages (chat_id, role, content)
    select c.id, case when j % 2 = 0 then 'user' else 'assistant' end,
           'Message ' || j || ' of chat ' || c.n || ': the ' || (${words})[1 + (c.n * 7 + j) % 20] || ' found a '
             || (${chatWords})[1 + (c.n + j * 3) % 10] || ' near the ' || (${chatWords})[1 + (c.n * 3 + j) % 10]
             || case when (c.n + j) % 97 = 0 then ' and whispered about the amethyst key' else '' end
             || '. It was a long day, and the road went on and on past the hills.'
    from c, generate_series(1, ${PER_CHAT}) j`);
  await d.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await main();

/**
 * Explore search and the My Bots list on a large catalogue (issue 3, 'Measure'): seeds 100,000
 * public bots from 2,000 creators plus one creator with 500 bots, then times, through the whole
 * app (routing, validation, SQL, serialisation; app.inject, one request at a time):
 *   - GET /api/bots/public?q=<word>&tags=<tag>&sortBy=popular  (text plus tag)
 *   - GET /api/bots/public?q=<word>                             (text only, popular first)
 *   - GET /api/bots/my?sortBy=<each sort>                       (the user with 500 bots)
 * and prints p50 and p95 of each.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:bots   PostgreSQL server
 *   npm run bench:bots                                                         PGlite (embedded)
 *   BENCH_BOTS=20000 BENCH_RUNS=200 npm run bench:bots
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openBenchApp, openBenchDatabase } from './bench-database';

const TOTAL = Number(process.env.BENCH_BOTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CREATORS = 2_000;

// Words the generated bots are made of; searches pick from them, so results vary in size.
const WORDS = [
  'dragon',
  'pirate',
  'wizard',
  'detective',
  'tutor',
  'captain',
  'robot',
  'knight',
  'witch',
  'chef',
  'poet',
  'spy',
  'ghost',
  'doctor',
  'queen',
  'ninja',
  'merchant',
  'bard',
  'hacker',
  'monk',
];
const TAGS = [
  'fantasy',
  'sci-fi',
  'romance',
  'horror',
  'comedy',
  'mystery',
  'adventure',
  'history',
  'anime',
  'school',
  'space',
  'magic',
  'cyberpunk',
  'drama',
  'sports',
  'music',
  'cooking',
  'travel',
  'learning',
  'games',
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const db = await openBenchDatabase();
  const app = await openBenchApp(db.handle);

  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: 'bench@example.com', username: 'bench_user', password: 'Bench-Mark-Pass-1!' },
  });
  const { accessToken } = signup.json() as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };

  const t0 = performance.now();
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const tags = sql.raw(`array[${TAGS.map((w) => `'${w}'`).join(',')}]`);
  const { db: d } = db.handle;
  await d.execute(sql`
    insert into users (email, username, display_name)
    select 'creator' || i || '@example.com', 'creator_' || i, 'Creator ' || i from generate_series(1, ${CREATORS}) i`);
  // Each bot: two words in the name, three in the description, three tags; popularity and ratings spread out.
  const seed = (count: number, owner: ReturnType<typeof sql>, visibility: string) => sql`
    with g as (
      select i,
        (${words})[1 + (i * 7) % 20] || ' ' || (${words})[1 + (i * 13) % 20] || ' ' || i as name,
        'A ' || (${words})[1 + (i * 3) % 20] || ' who talks like a ' || (${words})[1 + (i * 11) % 20] || ' and dreams of being a ' || (${words})[1 + (i * 17) % 20] || '.' as description,
        array[(${tags})[1 + i % 20], (${tags})[1 + (i * 3) % 20], (${tags})[1 + (i * 7) % 20]] as tags
      from generate_series(1, ${count}) i
    )
    insert into bots (name, description, personality, scenario, first_message, tags, tag_keys, search_text, category_id, visibility, created_by,
                      total_chats, total_messages, popularity, avg_rating, rating_count, created_at, updated_at)
    select name, description, 'Generated.', 'Generated.', 'Hello!', tags, tags,
           lower(name || ' ' || description || ' ' || array_to_string(tags, ' ')),
           (array['general','assistant','creative','educational','entertainment','productivity','other'])[1 + i % 7],
           ${visibility}, ${owner},
           (i * 37) % 1000, (i * 91) % 20000, least(100, ((i * 37) % 1000) * 0.1 + ((i * 91) % 20000) * 0.01),
           case when i % 4 = 0 then null else 1 + (i % 400) / 100.0 end, i % 50,
           now() - (i || ' minutes')::interval, now() - ((i * 7) % 10000 || ' minutes')::interval
    from g`;
  await d.execute(
    seed(TOTAL, sql`(select id from users where lower(username) = 'creator_' || (1 + ${sql.raw('i')} % ${CREATORS}))`, 'public'),
  );
  await d.execute(seed(500, sql`(select id from users where lower(username) = 'bench_user')`, 'private'));
  // As autovacuum leaves a table in production: statistics and the visibility map (index-only scans) up to date.
  await d.execute(sql`vacuum analyze`);
  console.log(
    `seeded ${TOTAL.toLocaleString('en')} public bots + 500 of one user on ${db.kind} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  async function time(label: string, urls: (i: number) => string, headers: Record<string, string> = {}) {
    for (let i = 0; i < 20; i++) await app.inject({ url: urls(i), headers }); // warm-up
    const samples: number[] = [];
    let results = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ url: urls(i), headers });
      samples.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      results += (res.json() as { total: number }).total;
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(44)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms   (avg matches ${Math.round(results / RUNS)})`,
    );
  }

  await time(
    'Explore: text + tag, popular, 24 per page',
    (i) => `/api/bots/public?q=${WORDS[i % 20]}&tags=${TAGS[(i * 3) % 20]}&sortBy=popular`,
  );
  await time('Explore: text + tag, rare word', (i) => `/api/bots/public?q=${WORDS[i % 20]}%20${i % 900}&tags=${TAGS[(i * 3) % 20]}`);
  await time('Explore: text only, newest', (i) => `/api/bots/public?q=${WORDS[(i * 7) % 20]}&sortBy=newest`);
  await time('Explore: no filter, popular, page 1-5', (i) => `/api/bots/public?page=${1 + (i % 5)}`);
  for (const sortBy of ['newest', 'updated', 'name', 'rating', 'popular']) {
    await time(`My Bots (500): sortBy=${sortBy}, 60 per page`, () => `/api/bots/my?sortBy=${sortBy}`, auth);
  }
  await time('My Bots (500): search', (i) => `/api/bots/my?q=${WORDS[i % 20]}`, auth);

  await app.close();
  await db.handle.close();
  await db.cleanup();
}

await main();

/**
 * What progression adds to a chat message (issue 17), the app in this process with the offline
 * responder streaming a word every BENCH_WORD_DELAY_MS (20 ms).
 *   1. The awarding itself, as the message.sent listener does it: the XP award (a transaction that
 *      locks the user's row), the achievements' recount, the check of quests at 100 % and the
 *      notices it publishes, BENCH_MESSAGES times for one person with a growing history.
 *   2. The reply's first token through the real streaming route, BENCH_MESSAGES times: the
 *      listener runs in the background (the route publishes without waiting), so this is the time
 *      a person waits whatever the awards cost.
 *   3. BENCH_USERS people sending BENCH_TURNS messages each, all at once: the sends, and how long
 *      the awards still run after the last answer.
 *
 *   npm run bench:gamification                                                       PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:gamification  PostgreSQL server
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { prepareDatabase } from '../apps/server/src/seed/prepare';
import { postLedgerEntry } from '../apps/server/src/features/tokens/wallet';
import { awardXp } from '../apps/server/src/features/gamification/awards';
import { syncAchievements } from '../apps/server/src/features/gamification/achievements';
import { announceProgress } from '../apps/server/src/features/gamification/announce';
import { openBenchDatabase } from './bench-database';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const TURNS = Number(process.env.BENCH_TURNS ?? 10);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const db = await openBenchDatabase();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_MAX: '100000000',
  SIGNUP_MAX_PER_IP: '1000000',
  // A reply streams its words over time, as a model's does: the first token comes long before the end.
  OFFLINE_WORD_DELAY_MS: process.env.BENCH_WORD_DELAY_MS ?? '20',
  DB_POOL_MAX: '20',
});
config.passwordHashing = { memoryCost: 1024, timeCost: 1 };
await prepareDatabase(db.handle, config);
const app = await buildApp({ config, database: db.handle, logger: false });

const idOf = new Map<string, string>();
async function signUp(n: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `g${n}@example.com`, username: `gbench_${n}`, password: 'Bench-Mark-Pass-1!' },
  });
  const { accessToken, user } = res.json() as { accessToken: string; user: { id: string } };
  await postLedgerEntry(
    db.handle.db,
    { userId: user.id, currency: 'tokens', amount: 1_000_000, reason: 'bench', idempotencyKey: `gbench-${n}` },
    null,
  );
  idOf.set(`Bearer ${accessToken}`, user.id);
  return { authorization: `Bearer ${accessToken}` };
}

try {
  const people = [];
  for (let n = 0; n <= USERS; n += 10)
    people.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS + 1 - n) }, (_, k) => signUp(n + k)))));
  const bot = (
    await app.inject({
      method: 'POST',
      url: '/api/bots',
      headers: people[0]!,
      payload: {
        name: 'Bench',
        description: 'A bot for the benchmark.',
        personality: 'Fast.',
        scenario: 'Here.',
        firstMessage: 'Hi.',
        visibility: 'unlisted',
      },
    })
  ).json() as { id: string };
  const chatOf = async (headers: { authorization: string }) =>
    ((await app.inject({ method: 'POST', url: '/api/chats', headers, payload: { botId: bot.id } })).json() as { id: string }).id;
  const send = (headers: { authorization: string }, chatId: string, i: number) =>
    app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers, payload: { content: `Message ${i}` } });
  await app.ctx.events.settled();

  // 1. The awarding, as the listener does it, for one person with a growing history.
  const solo = people[0]!;
  const soloChat = await chatOf(solo);
  for (let i = 0; i < 20; i++) await send(solo, soloChat, i);
  await app.ctx.events.settled();
  const userId = idOf.get(solo.authorization)!;
  // Interleaved with the award and the recount alone (what the listener did before the notices),
  // so that a busy machine slows both alike.
  const awards: number[] = [];
  const recountOnly: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const t0 = performance.now();
    const award = { userId, source: 'message' as const, sourceId: `bench-${i}`, base: 5 };
    const result = await awardXp(db.handle.db, award);
    if (i % 2 === 0) {
      // As the listener does: the achievements' recount, the quests at 100 % and what to announce.
      await announceProgress(app.ctx, userId, { award, result });
      awards.push(performance.now() - t0);
    } else {
      await syncAchievements(db.handle.db, userId);
      recountOnly.push(performance.now() - t0);
    }
  }
  console.log(`${db.kind}`);
  console.log(`1. awarding one message, ${MESSAGES / 2} times each`);
  console.log(
    `   as the listener does (XP, recount, quests, notices)  p50 ${ms(pct(awards, 50))}  p95 ${ms(pct(awards, 95))}  p99 ${ms(pct(awards, 99))}`,
  );
  console.log(
    `   XP and recount only                                  p50 ${ms(pct(recountOnly, 50))}  p95 ${ms(pct(recountOnly, 95))}  p99 ${ms(pct(recountOnly, 99))}`,
  );

  // 2. The first token through the streaming route (the award runs beside it, not before it).
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const firstToken = async (i: number) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/chats/${soloChat}/messages`, {
      method: 'POST',
      headers: { ...solo, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: `Streamed ${i}` }),
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: token')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
    const took = performance.now() - t0;
    while (!(await reader.read()).done);
    return took;
  };
  // One person between two messages reads and thinks for seconds, far longer than an award takes:
  // each send starts once the previous one's awards are done.
  // (The route publishes just after the stream's end reaches the client: wait a moment for it.)
  const pause = async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    await app.ctx.events.settled();
  };
  // Alternately with the awards and without them (message.sent held back; nothing else listens to
  // it), so that warming up favours neither.
  const events = app.ctx.events;
  const publish = events.publish.bind(events);
  const holdBack = ((name, payload) => (name === 'message.sent' ? Promise.resolve() : publish(name, payload))) as typeof events.publish;
  const withAwards: number[] = [];
  const withoutAwards: number[] = [];
  for (let i = 0; i < 2 * MESSAGES; i++) {
    events.publish = i % 2 ? holdBack : publish;
    (i % 2 ? withoutAwards : withAwards).push(await firstToken(i));
    await pause();
  }
  events.publish = publish;
  console.log(`2. the reply's first token through the streaming route, ${MESSAGES} times each`);
  console.log(`   with the awards      p50 ${ms(pct(withAwards, 50))}  p95 ${ms(pct(withAwards, 95))}  p99 ${ms(pct(withAwards, 99))}`);
  console.log(
    `   without (baseline)   p50 ${ms(pct(withoutAwards, 50))}  p95 ${ms(pct(withoutAwards, 95))}  p99 ${ms(pct(withoutAwards, 99))}`,
  );

  // 3. Many people at once.
  const crowd = people.slice(1);
  const chats = await Promise.all(crowd.map(chatOf));
  await app.ctx.events.settled();
  const start = performance.now();
  const times: number[] = [];
  await Promise.all(
    crowd.map(async (headers, k) => {
      for (let i = 0; i < TURNS; i++) {
        const t0 = performance.now();
        await send(headers, chats[k]!, i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const answered = performance.now();
  await app.ctx.events.settled(120_000);
  const drained = performance.now();
  console.log(`3. ${crowd.length} people × ${TURNS} messages at once`);
  console.log(`   sends p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}; all answered in ${ms(answered - start)}`);
  console.log(`   awards still running after the last answer: ${ms(drained - answered)}`);
} finally {
  await app.close();
  await db.handle.close();
  await db.cleanup();
}

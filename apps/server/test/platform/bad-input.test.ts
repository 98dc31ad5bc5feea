import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { createTestApp, type TestApp } from '../helpers/app';
import { setRole } from '../helpers/auth';

/**
 * Bad input, generated from the OpenAPI document: every route gets wrong types, missing and extra
 * fields, 1 MB strings, deep nesting, unicode edge cases, NaN and negative numbers, malformed ids
 * in the path and the query, broken JSON and wrong content types, plus random JSON (fast-check,
 * fixed seed; FUZZ_CASES raises the count: `npm run fuzz`). Every answer must be below 500, every
 * refusal in the house shape with nothing internal in it, and a route that refused everything
 * must have changed no row.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const SEED = 20261125;
const RANDOM_CASES = Number(process.env.FUZZ_CASES ?? 6);
const MEGABYTE = 1024 * 1024;

/**
 * Routes that need no body (a junk one is ignored and the call does what it does), the saved
 * sections' PATCH, for which an empty object is a valid save, the recent searches' POST, whose
 * one field is any text (a fuzzed string such as an emoji is a real query), and a new lorebook
 * or persona, whose one required field is a name (an emoji is a fine one): their row counts may
 * change. Any
 * other route that changes a row on bad input fails the test.
 */
const BODY_IGNORED = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/force-logout',
  'POST /api/auth/refresh',
  'POST /api/auth/verify-email/resend',
  'POST /api/referral/generate-code',
  'POST /api/bots/{id}/favorite',
  'POST /api/bots/{id}/submit-review',
  'POST /api/bots/{id}/publish',
  'POST /api/bots/{id}/unpublish',
  'POST /api/bots/{id}/deploy',
  'POST /api/bots/{id}/versions',
  'POST /api/user/settings/reset-all',
  'POST /api/user/notifications/read-all',
  'DELETE /api/user/notifications',
  'POST /api/user/2fa/backup-codes',
  'POST /api/user/2fa/setup',
  'POST /api/user/2fa/send-code',
  'DELETE /api/user/sessions/all',
  'DELETE /api/user/account/deletion',
  'DELETE /api/user/push/subscriptions',
  'DELETE /api/user/avatar',
  'PATCH /api/user/settings/privacy',
  'PATCH /api/user/settings/appearance',
  'PATCH /api/user/settings/notifications',
  'PATCH /api/user/settings/data',
  'POST /api/search/recent',
  'POST /api/lorebooks/',
  'POST /api/personas/',
]);

const UNICODE = ['\u0000', '\ud800', '\u202e‮evil', '👩‍👩‍👧‍👦', '𝕏'.repeat(50), 'e\u0301', '\uFEFF', 'Ω≈ç√∫'];
const BAD_IDS = [
  'not-an-id',
  '-1',
  '0',
  '1e9999',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(2000),
  "'%20or%201=1--",
  '00000000-0000-0000-0000-000000000000',
];
const BAD_QUERY_VALUES = ['NaN', '-1', '1e9999', '%00', 'x'.repeat(5000), '%F0%9F%92%A9', "'%20or%201=1--"];

const typesOf = (s: JsonSchema | undefined): string[] =>
  !s ? [] : s.anyOf ? s.anyOf.flatMap(typesOf) : Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];

/** Values of the wrong kind, and edge cases of the right kind, for one property. */
function wrongValuesFor(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [null, { nested: { deeper: [1, { x: 'y' }] } }];
  if (types.includes('string')) values.push(12345, true, ['a'], '', 'x'.repeat(100_000), ...UNICODE);
  if (types.includes('number') || types.includes('integer')) values.push('12', -1, -0.5, 1e308, -1e308, 2 ** 63, 'NaN');
  if (types.includes('boolean')) values.push('true', 1, 0);
  if (types.includes('array'))
    values.push(
      'x',
      [null],
      [[[[[[[]]]]]]],
      Array.from({ length: 10_000 }, (_, i) => i),
    );
  if (types.includes('object')) values.push('x', [], { __proto__: { admin: true } });
  if (types.length === 0) values.push('x', 1, [], {});
  return values;
}

interface Case {
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  label: string;
}

/** All cases of one operation: path and query first, then the body. */
function casesFor(path: string, method: string, op: Operation, random: unknown[]): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const fill = (id: string) => path.replace(/\{[^}]+\}/g, id);
  const base = fill('00000000-0000-4000-8000-000000000000');
  const cases: Case[] = [];
  if (pathParams.length > 0) for (const id of BAD_IDS) cases.push({ url: fill(id), label: `path ${id.slice(0, 20)}` });
  for (const q of query) {
    for (const v of BAD_QUERY_VALUES) cases.push({ url: `${base}?${q.name}=${v}`, label: `query ${q.name}=${v.slice(0, 20)}` });
    cases.push({ url: `${base}?${q.name}=1&${q.name}=2`, label: `query ${q.name} twice` });
  }
  if (method === 'GET' || (method === 'DELETE' && !op.requestBody)) {
    if (cases.length === 0) cases.push({ url: `${base}?unexpected=%00`, label: 'stray query' });
    return cases;
  }
  const json = { 'content-type': 'application/json' };
  for (const raw of ['{', '{"a":', '[]', '"text"', 'null', 'NaN', '1e99999', '\u0000', '['.repeat(5000) + ']'.repeat(5000)])
    cases.push({ url: base, headers: json, payload: raw, label: `raw ${raw.slice(0, 12)}` });
  cases.push({ url: base, headers: json, payload: `"${'x'.repeat(MEGABYTE)}"`, label: '1 MB string' });
  cases.push({ url: base, headers: { 'content-type': 'text/plain' }, payload: 'hello', label: 'text/plain' });
  cases.push({ url: base, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b&c=d', label: 'form body' });
  cases.push({ url: base, headers: { 'content-type': 'application/xml' }, payload: '<a>b</a>', label: 'xml body' });
  cases.push({ url: base, payload: {}, label: 'empty object' });
  cases.push({ url: base, payload: { unexpected: 'field', __proto__: { isAdmin: true } }, label: 'extra fields' });
  const schema = op.requestBody?.content['application/json']?.schema;
  for (const [name, prop] of Object.entries(schema?.properties ?? {}))
    for (const value of wrongValuesFor(prop))
      cases.push({ url: base, payload: { [name]: value }, label: `${name}=${JSON.stringify(value)?.slice(0, 24)}` });
  for (const value of random)
    cases.push({ url: base, headers: json, payload: JSON.stringify(value), label: `random ${JSON.stringify(value).slice(0, 24)}` });
  return cases;
}

/** What no answer may show: a stack frame, a file of ours, or SQL. */
const INTERNALS = [
  /\bat .+\(.+:\d+:\d+\)/,
  /node_modules|\/apps\/server\/|\.ts:\d+/,
  /\b(select .+ from|insert into|update .+ set|syntax error at|violates .+ constraint|relation ".+")/i,
];

function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return 'a refusal that is not JSON';
    }
    const error = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } }).error;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || !error.message)
      return 'a refusal without {error:{code,message}}';
    if (error.field !== undefined && typeof error.field !== 'string') return 'a field that is not a string';
  }
  const leaked = INTERNALS.find((re) => re.test(res.body));
  return leaked ? `internals in the answer (${leaked})` : null;
}

describe('bad input on every route, from the OpenAPI document', () => {
  let t: TestApp;
  let countRows: () => Promise<Record<string, number>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', WEBHOOK_ALLOW_PRIVATE: 'false' } });
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows?: { table_name: string }[] } | { table_name: string }[];
    const names = (Array.isArray(tables) ? tables : (tables.rows ?? [])).map((r) => r.table_name);
    const query = sql.raw(`select ${names.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(', ')}`);
    countRows = async () => {
      const res = (await t.database.db.execute(query)) as unknown as { rows?: Record<string, number>[] } | Record<string, number>[];
      return (Array.isArray(res) ? res[0] : res.rows?.[0])!;
    };
  });
  afterAll(() => t.close());

  it('refuses the NUL character anywhere in the input with a 400 naming the field (PostgreSQL text cannot hold it)', async () => {
    const session = await t.signup();
    const cases: [InjectOptions, string | undefined][] = [
      [{ method: 'PATCH', url: '/api/user/profile', payload: { bio: 'a\u0000b' } }, 'bio'],
      [{ method: 'POST', url: '/api/bots', payload: { name: 'x', tags: ['ok', 'b\u0000'] } }, 'tags.1'],
      [{ method: 'GET', url: '/api/bots/public?q=%00' }, 'q'],
      [{ method: 'GET', url: '/api/users/a%00b/profile' }, 'usernameOrId'],
    ];
    for (const [request, field] of cases) {
      const res = await t.app.inject({ ...request, headers: t.bearer(session) });
      expect(res.statusCode, String(request.url)).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Text may not contain the NUL character', field } });
    }
  });

  it('a subscription checkout takes a plan and nothing else: an amount, a price or an unknown plan is a 400 on plan, and writes nothing', async () => {
    const session = await t.signup();
    const before = await countRows();
    for (const payload of [
      { plan: 'premium', amount: 1 },
      { plan: 'premium', priceMinor: 1 },
      { plan: 'free' },
      { plan: 'PREMIUM' },
      { plan: 'ultimate\u0000' },
      { plan: ['premium'] },
      { tier: 'premium' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/subscription/checkout', headers: t.bearer(session), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemOf(res)).toBeNull();
    }
    const after = await countRows();
    expect(after.subscription_checkouts).toBe(before.subscription_checkouts);
    expect(after.subscriptions).toBe(before.subscriptions);
  });

  it('a leaderboard takes no score from anyone: a page outside 1–100 is a 400 on limit, and a join with a score in its body joins at the server’s own count', async () => {
    const session = await t.signup();
    for (const q of ['limit=0', 'limit=101', 'limit=1e3', 'limit=NaN', 'offset=-5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/gamification/leaderboards/xp-weekly/entries?${q}`,
        headers: t.bearer(session),
      });
      expect(res.statusCode, q).toBe(400);
      expect(problemOf(res)).toBeNull();
      expect((res.json() as { error: { field?: string } }).error.field).toBe(q.split('=')[0]);
    }
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/gamification/leaderboards/xp-all-time/join',
      headers: t.bearer(session),
      payload: { score: 1e9, rank: 1, userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toMatchObject({ joined: true, me: { score: 0 } });
  });

  it("the season pass takes no amount from a client: a claim's body is a track (else 400, nothing written); a purchase pays the season's own price", async () => {
    const admin = await t.signup();
    await setRole(t, admin.user.id, 'admin');
    const tier = { tier: 1, xpRequired: 0, freeReward: { type: 'tokens', value: 5 }, premiumReward: { type: 'gems', value: 5 } };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: t.bearer(admin),
      payload: {
        name: 'Fuzzed',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        priceGems: 60,
        tiers: [tier],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const user = await t.signup();
    const before = await countRows();
    for (const payload of [
      { track: 'free', amount: 1000 },
      { track: 'free', reward: { type: 'gems', value: 1000 } },
      { track: 'gold' },
      { track: ['free'] },
      { track: 'free\u0000' },
      { tier: 1 },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/gamification/season-pass/${id}/tiers/1/claim`,
        headers: t.bearer(user),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemOf(res)).toBeNull();
    }
    const after = await countRows();
    for (const table of ['season_claims', 'season_passes', 'ledger_entries', 'xp_awards', 'user_badges'])
      expect(after[table], table).toBe(before[table]);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/gamification/season-pass/${id}/purchase`,
      headers: t.bearer(user),
      payload: { priceGems: 1, amount: 1, gems: 1 },
    });
    expect(bought.json()).toMatchObject({ priceGems: 60, gems: 40 });
  });

  it('a streaming route refuses bad input before it streams: GET /api/events as text/event-stream answers a 400 in the house shape', async () => {
    const session = await t.signup();
    for (const value of [...BAD_QUERY_VALUES, 'abc', '1-2-3', '1'.repeat(41)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events?lastEventId=${value}`,
        headers: { ...t.bearer(session), accept: 'text/event-stream' },
      });
      expect(res.statusCode, value.slice(0, 20)).toBe(400);
      expect(problemOf(res)).toBeNull();
    }
  });

  it('answers router errors in the house shape: a path id longer than any id is 404, an undecodable path 400', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/bots/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const broken = await t.app.inject({ method: 'GET', url: '/api/bots/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'The address is malformed' } });
  });

  it('answers below 500, in the error shape, with nothing internal, and changes nothing it refused', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const random = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: SEED, numRuns: RANDOM_CASES });
    const problems: string[] = [];
    const changedOnBadInput: string[] = [];
    let sent = 0;
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (method === 'HEAD') continue;
        routes += 1;
        const key = `${method} ${path}`;
        // A fresh admin per route: any route is reachable, and what one route's input did can't hide another's.
        const session: Session = await t.signup();
        await setRole(t, session.user.id, 'admin');
        const before = await countRows();
        let accepted = 0;
        for (const c of casesFor(path, method, op, random)) {
          const res = await t.app.inject({
            method: method as InjectOptions['method'],
            url: c.url,
            // JSON asked for: a streaming route (GET /api/events, a chat's reply) answers it instead of a stream that never ends here.
            headers: { accept: 'application/json', ...t.bearer(session), ...c.headers },
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          } as InjectOptions);
          sent += 1;
          if (res.statusCode < 400) accepted += 1;
          const problem = problemOf(res);
          if (problem) problems.push(`${key} [${c.label}] → ${res.statusCode}: ${problem}: ${res.body.slice(0, 160)}`);
        }
        const after = await countRows();
        const changed = Object.keys(after).filter(
          // live_events: what the live streams carry of other changes (a signup's bonus), stored after their answer.
          (table) => after[table] !== before[table] && !['sessions', 'refresh_tokens', 'live_events'].includes(table),
        );
        if (changed.length > 0 && !BODY_IGNORED.has(key)) changedOnBadInput.push(`${key}: ${changed.join(', ')} (${accepted} accepted)`);
      }
    }
    console.log(`bad input: ${routes} routes, ${sent} requests`);
    expect(routes).toBeGreaterThan(130);
    expect(problems).toEqual([]);
    expect(changedOnBadInput).toEqual([]);
  }, 600_000);
});

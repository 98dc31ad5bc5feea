import { randomUUID } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { AdminSeason, CurrentSeason, SeasonBody } from '@app/shared/season-pass/schemas';
import { adminAuditLog } from '../../src/db/schema/admin';
import { userBadges, userProgress } from '../../src/db/schema/gamification';
import { ledgerEntries } from '../../src/db/schema/ledger';
import type { PgTable } from 'drizzle-orm/pg-core';
import { seasonPasses, seasons } from '../../src/db/schema/season-pass';
import { awardXp } from '../../src/features/gamification/awards';
import { postLedgerEntry } from '../../src/features/tokens';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { signupAdmin } from '../helpers/auth';
import { call } from '../bots/helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** A season body: the running one unless dates are given. */
function seasonBody(overrides: Partial<SeasonBody> = {}): SeasonBody {
  return {
    name: 'Season One',
    startsAt: iso(Date.now() - HOUR),
    endsAt: iso(Date.now() + 30 * DAY),
    priceGems: 150,
    tiers: [
      { tier: 1, xpRequired: 0, freeReward: { type: 'tokens', value: 30 }, premiumReward: { type: 'gems', value: 40 } },
      { tier: 2, xpRequired: 1000, freeReward: { type: 'xp', value: 200 }, premiumReward: { type: 'badge', value: 'season-one-champion' } },
      { tier: 3, xpRequired: 5000, freeReward: { type: 'gems', value: 10 }, premiumReward: { type: 'tokens', value: 500 } },
    ],
    ...overrides,
  };
}

describe('the season pass', () => {
  let t: TestApp;
  let admin: Session;
  let season: AdminSeason;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
    admin = await signupAdmin(t);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const current = (s: Session | null) => call(t, s, 'GET', '/api/gamification/season-pass/current');
  const me = async (s: Session) => ((await current(s)).json() as CurrentSeason).me!;
  const purchase = (s: Session, id = season.id) => call(t, s, 'POST', `/api/gamification/season-pass/${id}/purchase`);
  const claim = (s: Session, tier: number, track: 'free' | 'premium', id = season.id) =>
    call(t, s, 'POST', `/api/gamification/season-pass/${id}/tiers/${tier}/claim`, { track });
  const gems = async (s: Session) => ((await call(t, s, 'GET', '/api/gems')).json() as { totalGems: number }).totalGems;
  const tokens = async (s: Session) => ((await call(t, s, 'GET', '/api/tokens/balance')).json() as { balance: number }).balance;
  const giveGems = (s: Session, amount: number) =>
    postLedgerEntry(db(), { userId: s.user.id, currency: 'gems', amount, reason: 'test', idempotencyKey: randomUUID() }, null);
  const grantXp = (s: Session, amount: number) =>
    call(t, admin, 'POST', '/api/gamification/xp', { amount, source: 'Season test', userId: s.user.id });
  /** A new user whose sign-in XP has landed (the listeners run after the answer). */
  const newUser = async () => {
    const u = await t.signup();
    await t.app.ctx.events.settled();
    return u;
  };
  const count_ = async (table: PgTable) => Number((await db().select({ n: count() }).from(table))[0]!.n);
  const createSeason = (body: object, as: Session | null = admin) => call(t, as, 'POST', '/api/admin/seasons', body);

  describe('before any season', () => {
    it('the current pass is 404 for visitors and users alike', async () => {
      for (const who of [null, await newUser()]) {
        const res = await current(who);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'No season is running' });
      }
    });

    it('admin routes: 401 without a session, 403 for a user; nothing is written', async () => {
      const user = await newUser();
      const before = await count_(seasons);
      expect((await createSeason(seasonBody(), null)).statusCode).toBe(401);
      expect((await createSeason(seasonBody(), user)).statusCode).toBe(403);
      expect((await call(t, user, 'GET', '/api/admin/seasons')).statusCode).toBe(403);
      expect((await call(t, null, 'GET', '/api/admin/seasons')).statusCode).toBe(401);
      expect((await call(t, user, 'PATCH', `/api/admin/seasons/${randomUUID()}`, { name: 'x' })).statusCode).toBe(403);
      expect((await call(t, user, 'DELETE', `/api/admin/seasons/${randomUUID()}`)).statusCode).toBe(403);
      expect(await count_(seasons)).toBe(before);
    });

    it('refuses bad seasons with a 400 naming the field, and writes nothing', async () => {
      const base = seasonBody();
      const [t1, t2] = base.tiers as [SeasonBody['tiers'][number], SeasonBody['tiers'][number]];
      const cases: [object, string | undefined][] = [
        [{ ...base, tiers: [t2, t1] }, 'tiers.0.tier'],
        [{ ...base, tiers: [t1, { ...t2, xpRequired: 0 }] }, 'tiers.1.xpRequired'],
        [{ ...base, tiers: [] }, 'tiers'],
        [{ ...base, endsAt: base.startsAt }, 'endsAt'],
        [{ ...base, startsAt: iso(Date.now()), endsAt: iso(Date.now() + 400 * DAY) }, 'endsAt'],
        [{ ...base, startsAt: iso(Date.now() - 3 * DAY), endsAt: iso(Date.now() - DAY) }, 'endsAt'],
        [{ ...base, startsAt: 'tomorrow' }, 'startsAt'],
        [{ ...base, priceGems: 0 }, 'priceGems'],
        [{ ...base, priceGems: 1.5 }, 'priceGems'],
        [{ ...base, name: '   ' }, 'name'],
        [{ ...base, tiers: [{ ...t1, freeReward: { type: 'tokens', value: -5 } }] }, 'tiers.0.freeReward.value'],
        [{ ...base, tiers: [{ ...t1, freeReward: { type: 'badge', value: 'Not A Badge!' } }] }, 'tiers.0.freeReward.value'],
        [{ ...base, tiers: [{ ...t1, freeReward: { type: 'diamonds', value: 5 } }] }, 'tiers.0.freeReward.type'],
        [{ ...base, tiers: [{ ...t1, premiumReward: undefined }] }, 'tiers.0.premiumReward'],
        [{ ...base, amount: 100 }, undefined],
      ];
      const before = [await count_(seasons), await count_(adminAuditLog)];
      for (const [body, field] of cases) {
        const res = await createSeason(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(errorOf(res).code).toBe('VALIDATION_ERROR');
        if (field) expect(errorOf(res).field, JSON.stringify(body).slice(0, 120)).toBe(field);
      }
      expect([await count_(seasons), await count_(adminAuditLog)]).toEqual(before);
    });
  });

  describe('a running season', () => {
    beforeAll(async () => {
      const res = await createSeason(seasonBody());
      expect(res.statusCode, res.body).toBe(201);
      season = res.json() as AdminSeason;
    });

    it('is created with its tiers, running, with no pass sold, and the action is in the audit log', async () => {
      expect(season).toMatchObject({ name: 'Season One', priceGems: 150, status: 'running', passesSold: 0 });
      expect(season.tiers).toEqual(seasonBody().tiers);
      const [row] = await db()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'season.created'), eq(adminAuditLog.targetId, season.id)));
      expect(row).toMatchObject({
        adminId: admin.user.id,
        targetType: 'season',
        details: { name: 'Season One', priceGems: 150, tiers: 3 },
      });
    });

    it('is the current pass: a visitor gets it with me null, a user with their standing', async () => {
      const anon = await current(null);
      expect(anon.statusCode).toBe(200);
      const body = anon.json() as CurrentSeason;
      expect(body).toEqual({
        id: season.id,
        name: 'Season One',
        startsAt: season.startsAt,
        endsAt: season.endsAt,
        priceGems: 150,
        tiers: seasonBody().tiers,
        me: null,
      });
      const user = await newUser();
      const mine = await me(user);
      expect(mine).toMatchObject({ purchased: false, tier: 1, claimed: [] });
      expect(mine.seasonXp).toBeGreaterThanOrEqual(0);
      // An expired or unknown token is a 401 (the client refreshes), not a visitor's answer.
      expect((await current({ accessToken: 'not-a-real-token' } as Session)).statusCode).toBe(401);
    });

    it("counts the XP earned in the season's dates only (not before its start), and the tier it reaches", async () => {
      const user = await newUser();
      const start = (await me(user)).seasonXp;
      await awardXp(db(), {
        userId: user.user.id,
        source: 'bot_created',
        sourceId: randomUUID(),
        base: 50,
        at: new Date(Date.now() - 2 * HOUR),
      });
      expect((await me(user)).seasonXp).toBe(start);
      expect((await grantXp(user, 1000)).statusCode).toBe(200);
      expect(await me(user)).toMatchObject({ seasonXp: start + 1000, tier: 2 });
    });

    it('rejects overlapping seasons (409 SEASON_OVERLAP); one that starts as another ends is fine', async () => {
      const overlapping = await createSeason(seasonBody({ startsAt: iso(Date.now() + 10 * DAY), endsAt: iso(Date.now() + 60 * DAY) }));
      expect(overlapping.statusCode).toBe(409);
      expect(errorOf(overlapping).code).toBe('SEASON_OVERLAP');
      const inside = await createSeason(seasonBody({ startsAt: iso(Date.now() + DAY), endsAt: iso(Date.now() + 2 * DAY) }));
      expect(errorOf(inside).code).toBe('SEASON_OVERLAP');
      const next = await createSeason(
        seasonBody({ name: 'Season Two', startsAt: season.endsAt, endsAt: iso(Date.parse(season.endsAt) + 30 * DAY) }),
      );
      expect(next.statusCode, next.body).toBe(201);
      expect((next.json() as AdminSeason).status).toBe('scheduled');
      // The running one is still the current one.
      expect(((await current(null)).json() as CurrentSeason).id).toBe(season.id);
    });

    it('20 overlapping seasons saved at once: one is created', async () => {
      const from = Date.now() + 400 * DAY;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createSeason(seasonBody({ name: `Race ${i}`, startsAt: iso(from + i * HOUR), endsAt: iso(from + 10 * DAY + i * HOUR) })),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(Array(19).fill('SEASON_OVERLAP'));
      expect(Number((await db().select({ n: count() }).from(seasons).where(like(seasons.name, 'Race %')))[0]!.n)).toBe(1);
    });

    describe('buying the pass', () => {
      it('pays the price in gems once; again is 409 SEASON_PASS_OWNED and moves nothing', async () => {
        const user = await newUser();
        await giveGems(user, 100);
        expect(await gems(user)).toBe(200);
        const res = await purchase(user);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ seasonId: season.id, purchased: true, priceGems: 150, gems: 50 });
        expect((await me(user)).purchased).toBe(true);
        const again = await purchase(user);
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).code).toBe('SEASON_PASS_OWNED');
        expect(await gems(user)).toBe(50);
        const entries = await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.reason, 'season_pass')));
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({ currency: 'gems', amount: -150, reference: season.id, contentType: 'season_pass' });
      });

      it('20 purchases at once pay once', async () => {
        const user = await newUser();
        await giveGems(user, 1000);
        const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(user)));
        expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
        expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(Array(19).fill('SEASON_PASS_OWNED'));
        expect(await gems(user)).toBe(1100 - 150);
        const passes = await db()
          .select({ n: count() })
          .from(seasonPasses)
          .where(and(eq(seasonPasses.seasonId, season.id), eq(seasonPasses.userId, user.user.id)));
        expect(Number(passes[0]!.n)).toBe(1);
      });

      it('too few gems: 402 INSUFFICIENT_GEMS and nothing changes, even 20 at once', async () => {
        const user = await newUser();
        expect(await gems(user)).toBe(100);
        const res = await purchase(user);
        expect(res.statusCode).toBe(402);
        expect(errorOf(res)).toEqual({ code: 'INSUFFICIENT_GEMS', message: 'Not enough gems' });
        const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(user)));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(402));
        expect(await gems(user)).toBe(100);
        expect((await me(user)).purchased).toBe(false);
        const rows = await db().select().from(seasonPasses).where(eq(seasonPasses.userId, user.user.id));
        expect(rows).toEqual([]);
        const entries = await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.reason, 'season_pass')));
        expect(entries).toEqual([]);
      });

      it('an unknown season is 404, a season that has not started 409 SEASON_NOT_RUNNING, a bad id 400', async () => {
        const user = await newUser();
        await giveGems(user, 1000);
        expect((await purchase(user, randomUUID())).statusCode).toBe(404);
        const [scheduled] = await db().select().from(seasons).where(eq(seasons.name, 'Season Two'));
        const early = await purchase(user, scheduled!.id);
        expect(early.statusCode).toBe(409);
        expect(errorOf(early).code).toBe('SEASON_NOT_RUNNING');
        expect((await purchase(user, 'not-a-season')).statusCode).toBe(400);
        expect(await gems(user)).toBe(1100);
      });
    });

    describe('claiming tiers', () => {
      it('a reached free tier pays once (tokens through the ledger); again is 409 SEASON_REWARD_CLAIMED', async () => {
        const user = await newUser();
        const before = await tokens(user);
        const res = await claim(user, 1, 'free');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ seasonId: season.id, tier: 1, track: 'free', reward: { type: 'tokens', value: 30 } });
        expect(await tokens(user)).toBe(before + 30);
        const again = await claim(user, 1, 'free');
        expect(again.statusCode).toBe(409);
        expect(errorOf(again).code).toBe('SEASON_REWARD_CLAIMED');
        expect(await tokens(user)).toBe(before + 30);
        expect((await me(user)).claimed).toEqual([{ tier: 1, track: 'free' }]);
      });

      it('a tier not reached is 409 SEASON_TIER_LOCKED; premium without the pass 403 SEASON_PASS_REQUIRED; nothing is paid', async () => {
        const user = await newUser();
        const [tokensBefore, gemsBefore] = [await tokens(user), await gems(user)];
        const locked = await claim(user, 2, 'free');
        expect(locked.statusCode).toBe(409);
        expect(errorOf(locked)).toEqual({ code: 'SEASON_TIER_LOCKED', message: 'This tier is not reached yet' });
        const premium = await claim(user, 1, 'premium');
        expect(premium.statusCode).toBe(403);
        expect(errorOf(premium)).toEqual({ code: 'SEASON_PASS_REQUIRED', message: 'The premium track needs the season pass' });
        expect([await tokens(user), await gems(user)]).toEqual([tokensBefore, gemsBefore]);
        expect((await me(user)).claimed).toEqual([]);
      });

      it('bad claims: an unknown tier or season is 404, a bad track or tier 400', async () => {
        const user = await newUser();
        expect((await claim(user, 4, 'free')).statusCode).toBe(404);
        expect((await claim(user, 1, 'free', randomUUID())).statusCode).toBe(404);
        expect(
          (await call(t, user, 'POST', `/api/gamification/season-pass/${season.id}/tiers/1/claim`, { track: 'gold' })).statusCode,
        ).toBe(400);
        expect(
          (await call(t, user, 'POST', `/api/gamification/season-pass/${season.id}/tiers/0/claim`, { track: 'free' })).statusCode,
        ).toBe(400);
        expect((await call(t, user, 'POST', `/api/gamification/season-pass/${season.id}/tiers/1/claim`, {})).statusCode).toBe(400);
        expect(
          (await call(t, user, 'POST', `/api/gamification/season-pass/${season.id}/tiers/1/claim`, { track: 'free', amount: 9 }))
            .statusCode,
        ).toBe(400);
        expect((await me(user)).claimed).toEqual([]);
      });

      it('with the pass and the XP: gems, XP through the award path (not counted as season XP) and a badge', async () => {
        const user = await newUser();
        await giveGems(user, 100);
        expect((await purchase(user)).statusCode).toBe(200);
        expect((await grantXp(user, 1000)).statusCode).toBe(200);
        const standing = await me(user);
        expect(standing.tier).toBe(2);

        const gemsBefore = await gems(user);
        expect((await claim(user, 1, 'premium')).json()).toMatchObject({ reward: { type: 'gems', value: 40 } });
        expect(await gems(user)).toBe(gemsBefore + 40);

        const xpOf = async () =>
          (await db().select({ totalXp: userProgress.totalXp }).from(userProgress).where(eq(userProgress.userId, user.user.id)))[0]!
            .totalXp;
        const xpBefore = await xpOf();
        expect((await claim(user, 2, 'free')).statusCode).toBe(200);
        expect(await xpOf()).toBe(xpBefore + 200);
        expect((await me(user)).seasonXp).toBe(standing.seasonXp);

        expect((await claim(user, 2, 'premium')).statusCode).toBe(200);
        const badges = await db().select().from(userBadges).where(eq(userBadges.userId, user.user.id));
        expect(badges).toEqual([expect.objectContaining({ badgeId: 'season-one-champion', source: `season:${season.id}` })]);
        const owned = (await call(t, user, 'GET', '/api/gamification/user/badges')).json() as { items: { badgeId: string }[] };
        expect(owned.items.map((b) => b.badgeId)).toContain('season-one-champion');

        expect((await claim(user, 3, 'free')).statusCode).toBe(409);
        expect((await me(user)).claimed).toEqual([
          { tier: 1, track: 'premium' },
          { tier: 2, track: 'free' },
          { tier: 2, track: 'premium' },
        ]);
      });

      it('20 claims of one reward at once pay once', async () => {
        const user = await newUser();
        await giveGems(user, 100);
        expect((await purchase(user)).statusCode).toBe(200);
        const [tokensBefore, gemsBefore] = [await tokens(user), await gems(user)];
        const free = await Promise.all(Array.from({ length: 20 }, () => claim(user, 1, 'free')));
        const premium = await Promise.all(Array.from({ length: 20 }, () => claim(user, 1, 'premium')));
        for (const answers of [free, premium]) {
          expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
          expect(answers.filter((r) => r.statusCode === 409).map((r) => errorOf(r).code)).toEqual(Array(19).fill('SEASON_REWARD_CLAIMED'));
        }
        expect([await tokens(user), await gems(user)]).toEqual([tokensBefore + 30, gemsBefore + 40]);
        const rewards = await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.reason, 'season_reward')));
        expect(rewards).toHaveLength(2);
      });

      it('20 claims of an XP reward at once award it once', async () => {
        const user = await newUser();
        expect((await grantXp(user, 1000)).statusCode).toBe(200);
        const xpOf = async () =>
          (await db().select({ totalXp: userProgress.totalXp }).from(userProgress).where(eq(userProgress.userId, user.user.id)))[0]!
            .totalXp;
        const before = await xpOf();
        const answers = await Promise.all(Array.from({ length: 20 }, () => claim(user, 2, 'free')));
        expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
        expect(await xpOf()).toBe(before + 200);
      });

      it('an ended season pays nothing more: 409 SEASON_NOT_RUNNING', async () => {
        const user = await newUser();
        const [ended] = await db()
          .insert(seasons)
          .values({
            name: 'Season Zero',
            startsAt: new Date(Date.now() - 60 * DAY),
            endsAt: new Date(Date.now() - 30 * DAY),
            priceGems: 10,
            tiers: seasonBody().tiers,
          })
          .returning();
        const res = await claim(user, 1, 'free', ended!.id);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).code).toBe('SEASON_NOT_RUNNING');
        expect(errorOf(await purchase(user, ended!.id)).code).toBe('SEASON_NOT_RUNNING');
      });
    });

    describe('the admins’ list, changes and deletion', () => {
      it('lists every season, the latest start first, with its state and passes sold', async () => {
        const res = await call(t, admin, 'GET', '/api/admin/seasons?limit=100');
        expect(res.statusCode).toBe(200);
        const page = res.json() as { items: AdminSeason[]; total: number };
        expect(page.total).toBe(page.items.length);
        const starts = page.items.map((s) => Date.parse(s.startsAt));
        expect(starts).toEqual([...starts].sort((a, b) => b - a));
        const running = page.items.find((s) => s.id === season.id)!;
        expect(running.status).toBe('running');
        expect(running.passesSold).toBe(
          Number((await db().select({ n: count() }).from(seasonPasses).where(eq(seasonPasses.seasonId, season.id)))[0]!.n),
        );
        expect(page.items.find((s) => s.name === 'Season Zero')!.status).toBe('ended');
        expect((await call(t, admin, 'GET', '/api/admin/seasons?limit=0')).statusCode).toBe(400);
      });

      it('a started season changes its name and end only (409 SEASON_STARTED otherwise), audited', async () => {
        const renamed = await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, { name: 'Season One: Dawn' });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json()).toMatchObject({ name: 'Season One: Dawn', status: 'running' });
        const [row] = await db()
          .select()
          .from(adminAuditLog)
          .where(and(eq(adminAuditLog.action, 'season.updated'), eq(adminAuditLog.targetId, season.id)));
        expect(row!.details).toEqual({ name: { from: 'Season One', to: 'Season One: Dawn' } });
        // The same tiers again are no change.
        expect((await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, { tiers: season.tiers })).statusCode).toBe(200);
        for (const patch of [{ priceGems: 1 }, { tiers: seasonBody().tiers.slice(0, 1) }, { startsAt: iso(Date.now() - DAY) }]) {
          const res = await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, patch);
          expect(res.statusCode, JSON.stringify(patch)).toBe(409);
          expect(errorOf(res).code).toBe('SEASON_STARTED');
        }
        // Its end may move, not onto the next season.
        const later = await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, { endsAt: iso(Date.parse(season.endsAt) + DAY) });
        expect(errorOf(later).code).toBe('SEASON_OVERLAP');
        const sooner = await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, { endsAt: iso(Date.parse(season.endsAt) - DAY) });
        expect(sooner.statusCode).toBe(200);
        expect((await call(t, admin, 'PATCH', `/api/admin/seasons/${season.id}`, {})).statusCode).toBe(400);
        expect((await call(t, admin, 'PATCH', `/api/admin/seasons/${randomUUID()}`, { name: 'x' })).statusCode).toBe(404);
      });

      it('a season not started yet changes anything, and can be deleted (a started one: 409), audited', async () => {
        const [scheduled] = await db().select().from(seasons).where(eq(seasons.name, 'Season Two'));
        const id = scheduled!.id;
        const changed = await call(t, admin, 'PATCH', `/api/admin/seasons/${id}`, { priceGems: 99, tiers: seasonBody().tiers.slice(0, 2) });
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json()).toMatchObject({ priceGems: 99, status: 'scheduled' });
        expect((changed.json() as AdminSeason).tiers).toHaveLength(2);
        const running = await call(t, admin, 'DELETE', `/api/admin/seasons/${season.id}`);
        expect(running.statusCode).toBe(409);
        expect(errorOf(running).code).toBe('SEASON_STARTED');
        expect((await call(t, admin, 'DELETE', `/api/admin/seasons/${id}`)).statusCode).toBe(204);
        expect(await db().select().from(seasons).where(eq(seasons.id, id))).toEqual([]);
        expect((await call(t, admin, 'DELETE', `/api/admin/seasons/${id}`)).statusCode).toBe(404);
        const audit = await db().select({ action: adminAuditLog.action }).from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
        expect(audit.map((a) => a.action).sort()).toEqual(['season.created', 'season.deleted', 'season.updated']);
      });
    });
  });
});

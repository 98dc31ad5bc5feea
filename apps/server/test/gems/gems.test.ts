import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Chat } from '@app/shared/chats/schemas';
import { type GEM_PACKAGES } from '@app/shared/gems/rules';
import type { GemBalance } from '@app/shared/gems/schemas';
import type { LedgerPage } from '@app/shared/tokens/schemas';
import { ledgerEntries, wallets } from '../../src/db/schema/ledger';
import { spendGems } from '../../src/features/gems';
import { AppError } from '../../src/lib/http-errors';
import { postLedgerEntry } from '../../src/features/tokens/wallet';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { call, createBot } from '../bots/helpers';

describe('gems', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const gems = async (s: Session) => {
    const res = await call(t, s, 'GET', '/api/gems');
    expect(res.statusCode).toBe(200);
    return res.json() as GemBalance;
  };
  const grant = (userId: string, amount: number, key: string) =>
    postLedgerEntry(db(), { userId, currency: 'gems', amount, reason: 'test_grant', idempotencyKey: key }, null);

  describe('welcome gems', () => {
    it('a new account starts with 100 gems: one earn entry, reason welcome', async () => {
      const s = await t.signup();
      const balance = await gems(s);
      expect(balance).toMatchObject({ totalGems: 100, spentGems: 0, earnedGems: 100 });
      expect(balance.transactions).toHaveLength(1);
      expect(balance.transactions[0]).toMatchObject({
        type: 'earn',
        amount: 100,
        reason: 'welcome',
        contentType: null,
        botId: null,
        balanceAfter: 100,
      });
      expect(Date.parse(balance.transactions[0]!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('the migration gives them once to accounts made before gems existed, and a second run gives nothing', async () => {
      const s = await t.signup();
      const userId = s.user.id;
      // An account from before: no welcome entry, no gem wallet.
      await db()
        .delete(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, 'gems')));
      await db()
        .delete(wallets)
        .where(and(eq(wallets.userId, userId), eq(wallets.currency, 'gems')));
      expect((await gems(s)).totalGems).toBe(0);

      const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../drizzle/0004_gems.sql'), 'utf8');
      const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('welcome-gems:'))!;
      await db().execute(sql.raw(backfill));
      await db().execute(sql.raw(backfill));

      const balance = await gems(s);
      expect(balance.totalGems).toBe(100);
      expect(balance.transactions.map((x) => x.reason)).toEqual(['welcome']);
      // Others, who had theirs, got nothing more.
      const other = await t.signup();
      await db().execute(sql.raw(backfill));
      expect((await gems(other)).totalGems).toBe(100);
    });
  });

  describe('balance and history', () => {
    it('spends and earnings add up; the latest movement comes first, with what it was for', async () => {
      const s = await t.signup();
      const bot = await createBot(t, s, { name: 'Gem Seller' });
      await spendGems(db(), null, {
        userId: s.user.id,
        amount: 30,
        reason: 'image_generation',
        contentType: 'image',
        botId: bot.id,
        idempotencyKey: `img:${s.user.id}:1`,
      });
      await grant(s.user.id, 5, `grant:${s.user.id}`);
      const balance = await gems(s);
      expect(balance).toMatchObject({ totalGems: 75, spentGems: 30, earnedGems: 105 });
      expect(balance.transactions.map((x) => [x.type, x.amount, x.balanceAfter])).toEqual([
        ['earn', 5, 75],
        ['spend', 30, 70],
        ['earn', 100, 100],
      ]);
      expect(balance.transactions[1]).toMatchObject({ reason: 'image_generation', contentType: 'image', botId: bot.id });
    });

    it('carries the latest 100; /transactions pages through all of them, each once, in order', async () => {
      const s = await t.signup();
      for (let i = 1; i <= 130; i++) await grant(s.user.id, 1, `many:${s.user.id}:${i}`);
      const balance = await gems(s);
      expect(balance.totalGems).toBe(230);
      expect(balance.transactions).toHaveLength(100);
      expect(balance.transactions[0]!.balanceAfter).toBe(230);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await call(t, s, 'GET', `/api/gems/transactions?limit=40${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as LedgerPage;
        seen.push(...page.items.map((x) => x.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toHaveLength(131);
      expect(new Set(seen).size).toBe(131);
      expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    });

    it("shows only the caller's own movements, and none to anonymous callers", async () => {
      const alice = await t.signup();
      const bob = await t.signup();
      await grant(alice.user.id, 7, `mine:${alice.user.id}`);
      expect((await gems(bob)).totalGems).toBe(100);
      const page = (await call(t, bob, 'GET', '/api/gems/transactions')).json() as LedgerPage;
      expect(page.items).toHaveLength(1);
      expectError(await call(t, null, 'GET', '/api/gems'), 401, 'UNAUTHORIZED');
      expectError(await call(t, null, 'GET', '/api/gems/transactions'), 401, 'UNAUTHORIZED');
    });

    it.each(['abc', '0', '-5', '1.5', '99999999999999999999', ''])('refuses the cursor %j', async (cursor) => {
      const s = await t.signup();
      expectError(await call(t, s, 'GET', `/api/gems/transactions?cursor=${cursor}`), 400, 'VALIDATION_ERROR');
    });
  });

  describe('packages, config and quotes', () => {
    it('sells exactly the five packages of the spec, one of them popular', async () => {
      const res = await call(t, null, 'GET', '/api/gems/packages');
      expect(res.statusCode).toBe(200);
      const { items } = res.json() as { items: typeof GEM_PACKAGES };
      expect(items.map((p) => [p.id, p.gems, p.priceEur, p.discount, p.isPopular])).toEqual([
        ['starter', 500, 4.99, 0, false],
        ['popular', 1200, 9.99, 17, true],
        ['value', 2500, 19.99, 20, false],
        ['premium', 5500, 39.99, 27, false],
        ['ultimate', 12000, 79.99, 33, false],
      ]);
    });

    it('answers the config', async () => {
      expect((await call(t, null, 'GET', '/api/gems/config')).json()).toEqual({ gemToUsdRate: 0.01, minPurchase: 100, welcomeGems: 100 });
    });

    it.each([
      ['0.37', 37, 'starter'],
      ['1.1', 110, 'starter'],
      ['0', 0, 'starter'],
      ['4.999', 500, 'starter'],
      ['5.001', 501, 'popular'],
      ['12', 1200, 'popular'],
      ['12.01', 1201, 'value'],
      ['55', 5500, 'premium'],
      ['120', 12000, 'ultimate'],
      ['120.01', 12001, 'ultimate'],
      ['5000', 500000, 'ultimate'],
    ])('quotes a cost of $%s as %i gems, recommending %s', async (costUsd, expected, pkg) => {
      const res = await call(t, null, 'GET', `/api/gems/quote?costUsd=${costUsd}`);
      expect(res.statusCode).toBe(200);
      const quote = res.json() as { gems: number; recommendedPackage: { id: string } };
      expect(quote.gems).toBe(expected);
      expect(quote.recommendedPackage.id).toBe(pkg);
    });

    it.each(['-0.01', '-1', 'abc', '', 'NaN', 'Infinity', '1e400', '2000000'])('refuses the cost %j', async (costUsd) => {
      expectError(await call(t, null, 'GET', `/api/gems/quote?costUsd=${costUsd}`), 400, 'VALIDATION_ERROR');
    });

    it('refuses a quote without a cost', async () => {
      expectError(await call(t, null, 'GET', '/api/gems/quote'), 400, 'VALIDATION_ERROR');
    });
  });

  describe('spending', () => {
    it('refuses to spend more than the balance: 402 INSUFFICIENT_GEMS, nothing moves', async () => {
      const s = await t.signup();
      const err = await spendGems(db(), null, {
        userId: s.user.id,
        amount: 101,
        reason: 'season_pass',
        idempotencyKey: `pass:${s.user.id}`,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_GEMS' });
      expect((await gems(s)).totalGems).toBe(100);
    });

    it.each([0, -5, 1.5, Number.NaN])('refuses to spend %d gems', async (amount) => {
      const s = await t.signup();
      await expect(
        spendGems(db(), null, { userId: s.user.id, amount, reason: 'season_pass', idempotencyKey: `bad:${s.user.id}` }),
      ).rejects.toThrow();
      expect((await gems(s)).totalGems).toBe(100);
    });

    it('50 spends at once of 7 gems from 100: 14 succeed, the rest are refused, the balance never goes below zero', async () => {
      const s = await t.signup();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          spendGems(db(), null, { userId: s.user.id, amount: 7, reason: 'season_pass', idempotencyKey: `pass:${s.user.id}:${i}` }),
        ),
      );
      const spent = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(spent).toHaveLength(14);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_GEMS' });
      const balance = await gems(s);
      expect(balance).toMatchObject({ totalGems: 2, spentGems: 98 });
      expect(Math.min(...balance.transactions.map((x) => x.balanceAfter))).toBe(2);
    });

    it('the same sale called 20 times at once spends once', async () => {
      const s = await t.signup();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          spendGems(db(), null, { userId: s.user.id, amount: 40, reason: 'season_pass', idempotencyKey: `once:${s.user.id}` }),
        ),
      );
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(results.every((r) => r.balance === 60)).toBe(true);
      expect((await gems(s)).totalGems).toBe(60);
    });

    it('no route lets a client spend or grant gems by naming an amount', async () => {
      const s = await t.signup();
      for (const [method, url] of [
        ['POST', '/api/gems'],
        ['POST', '/api/gems/spend'],
        ['POST', '/api/gems/earn'],
        ['PATCH', '/api/gems'],
      ] as const) {
        const res = await call(t, s, method, url, { amount: 1000 });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await gems(s)).totalGems).toBe(100);
    });
  });

  describe('token history', () => {
    it("pages the token ledger in the same shape; a reply's charge names the bot and the content type", async () => {
      const s = await t.signup();
      const bot = await createBot(t, s, { name: 'Talker' });
      const chat = (await call(t, s, 'POST', '/api/chats', { botId: bot.id })).json() as Chat;
      const sent = await call(t, s, 'POST', `/api/chats/${chat.id}/messages`, { content: 'Hello there' });
      expect(sent.statusCode).toBeLessThan(300);
      const page = (await call(t, s, 'GET', '/api/tokens/transactions')).json() as LedgerPage;
      expect(page.nextCursor).toBeNull();
      const reasons = page.items.map((x) => x.reason);
      expect(reasons.at(-1)).toBe('signup_bonus');
      expect(page.items.at(-1)).toMatchObject({ type: 'earn', amount: t.config.startingTokens });
      const charge = page.items.find((x) => x.reason === 'reply');
      expect(charge).toMatchObject({ type: 'spend', contentType: 'text', botId: bot.id });
      expectError(await call(t, null, 'GET', '/api/tokens/transactions'), 401, 'UNAUTHORIZED');
    });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { ledgerEntries, wallets } from '../../src/db/schema/ledger';
import { users } from '../../src/db/schema/users';
import { getBalance, InsufficientBalanceError, postLedgerEntry, type Currency, type LedgerPosting } from '../../src/features/tokens/wallet';
import { openTestDatabase } from '../helpers/database';

describe('postLedgerEntry', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
  });
  afterAll(() => database.close());

  const db = () => database.db;

  async function newUser(): Promise<string> {
    const id = randomUUID().slice(0, 8);
    const [row] = await db()
      .insert(users)
      .values({ email: `wallet-${id}@example.com`, username: `wallet_${id}`, displayName: 'Wallet', passwordHash: null })
      .returning({ id: users.id });
    return row!.id;
  }

  const post = (userId: string, amount: number, key: string = randomUUID(), extra: Partial<LedgerPosting> = {}) =>
    postLedgerEntry(db(), { userId, currency: 'tokens', amount, reason: 'test', idempotencyKey: key, ...extra }, null);

  const entriesOf = (userId: string, currency: Currency = 'tokens') =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, currency)))
      .orderBy(ledgerEntries.id);

  it('credits, and writes one ledger row with the resulting balance', async () => {
    const user = await newUser();
    expect(await getBalance(db(), user, 'tokens')).toBe(0);
    expect(await post(user, 50, 'credit-1', { reason: 'purchase', reference: 'order-7' })).toEqual({ balance: 50, duplicate: false });
    expect(await getBalance(db(), user, 'tokens')).toBe(50);
    expect(await entriesOf(user)).toEqual([
      expect.objectContaining({ amount: 50, balanceAfter: 50, reason: 'purchase', reference: 'order-7', idempotencyKey: 'credit-1' }),
    ]);
  });

  it('debits', async () => {
    const user = await newUser();
    await post(user, 50);
    expect(await post(user, -20)).toEqual({ balance: 30, duplicate: false });
    expect((await entriesOf(user)).map((e) => [e.amount, e.balanceAfter])).toEqual([
      [50, 50],
      [-20, 30],
    ]);
  });

  it('may take the balance to exactly zero', async () => {
    const user = await newUser();
    await post(user, 7);
    expect(await post(user, -7)).toEqual({ balance: 0, duplicate: false });
  });

  it('refuses to go below zero: nothing changes and no ledger row is written', async () => {
    const user = await newUser();
    await post(user, 30);
    const error = await post(user, -31, 'too-much').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect((error as InsufficientBalanceError).currency).toBe('tokens');
    expect(await getBalance(db(), user, 'tokens')).toBe(30);
    expect(await entriesOf(user)).toHaveLength(1);
    // The refused key was not used up: once there is enough, it posts.
    await post(user, 1);
    expect(await post(user, -31, 'too-much')).toEqual({ balance: 0, duplicate: false });
  });

  it('refuses a debit of a user who never had a balance, and creates no wallet', async () => {
    const user = await newUser();
    await expect(post(user, -1)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await db().select().from(wallets).where(eq(wallets.userId, user))).toEqual([]);
  });

  it('keeps currencies apart', async () => {
    const user = await newUser();
    await post(user, 10);
    await post(user, 3, undefined, { currency: 'gems' });
    await expect(post(user, -4, undefined, { currency: 'gems' })).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await getBalance(db(), user, 'tokens')).toBe(10);
    expect(await getBalance(db(), user, 'gems')).toBe(3);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses the amount %d', async (amount) => {
    const user = await newUser();
    await expect(post(user, amount)).rejects.toThrow('whole numbers');
    expect(await entriesOf(user)).toEqual([]);
  });

  describe('idempotency', () => {
    it('posts a key once: a repeat moves nothing and answers the balance', async () => {
      const user = await newUser();
      expect(await post(user, 25, 'bonus-once')).toEqual({ balance: 25, duplicate: false });
      expect(await post(user, 25, 'bonus-once')).toEqual({ balance: 25, duplicate: true });
      // Same key, other amount: still the first movement only.
      expect(await post(user, 999, 'bonus-once')).toEqual({ balance: 25, duplicate: true });
      expect(await entriesOf(user)).toHaveLength(1);
    });

    it('answers a repeated debit as a duplicate, not as insufficient, even when the balance is now too low', async () => {
      const user = await newUser();
      await post(user, 5);
      await post(user, -5, 'spend-1');
      expect(await post(user, -5, 'spend-1')).toEqual({ balance: 0, duplicate: true });
    });

    it("answers a repeat inside a caller's transaction without spoiling it", async () => {
      const user = await newUser();
      await post(user, 7, 'gift-1');
      const balance = await db().transaction(async (tx) => {
        const repeat = await postLedgerEntry(
          tx,
          { userId: user, currency: 'tokens', amount: 7, reason: 'test', idempotencyKey: 'gift-1' },
          null,
        );
        expect(repeat).toEqual({ balance: 7, duplicate: true });
        // The transaction goes on: a later movement in it commits with it.
        return postLedgerEntry(tx, { userId: user, currency: 'tokens', amount: -2, reason: 'test', idempotencyKey: 'spend-2' }, null);
      });
      expect(balance).toEqual({ balance: 5, duplicate: false });
      expect((await entriesOf(user)).map((e) => e.balanceAfter)).toEqual([7, 5]);
    });
  });

  describe('concurrency', () => {
    it('lets exactly 10 of 25 simultaneous debits of 1 through a balance of 10', async () => {
      const user = await newUser();
      await post(user, 10, `seed-${user}`);
      const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => post(user, -1, `debit-${user}-${i}`)));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
      expect(await getBalance(db(), user, 'tokens')).toBe(0);

      const debits = (await entriesOf(user)).filter((e) => e.amount < 0);
      expect(debits).toHaveLength(10);
      expect(debits.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('moves once for 20 simultaneous posts with the same key', async () => {
      const user = await newUser();
      const key = `same-${user}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => post(user, 5, key)));
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(results.filter((r) => r.duplicate)).toHaveLength(19);
      for (const r of results) expect(r.balance).toBe(5);
      expect(await getBalance(db(), user, 'tokens')).toBe(5);
      expect(await entriesOf(user)).toHaveLength(1);
    });

    it('moves once for simultaneous debits with the same key', async () => {
      const user = await newUser();
      await post(user, 8);
      const results = await Promise.all(Array.from({ length: 10 }, () => post(user, -3, `buy-${user}`)));
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(await getBalance(db(), user, 'tokens')).toBe(5);
    });

    it('answers every simultaneous repeat of a debit that empties the balance as a duplicate', async () => {
      const user = await newUser();
      await post(user, 3);
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => post(user, -3, `last-${user}`)));
      const values = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
      expect(values.filter((v) => v instanceof InsufficientBalanceError)).toEqual([]);
      expect(values.filter((v) => !v.duplicate)).toHaveLength(1);
      expect(await getBalance(db(), user, 'tokens')).toBe(0);
    });

    it('keeps the balance equal to the sum of the ledger under mixed simultaneous movements', async () => {
      const user = await newUser();
      await post(user, 20);
      const amounts = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 4 : -3));
      await Promise.allSettled(amounts.map((amount) => post(user, amount)));
      const entries = await entriesOf(user);
      const balance = await getBalance(db(), user, 'tokens');
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
      for (const e of entries) expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
    });

    it('keeps a first-ever wallet consistent when it is created by simultaneous credits', async () => {
      const user = await newUser();
      await Promise.all(Array.from({ length: 10 }, () => post(user, 2, undefined, { currency: 'gems' })));
      expect(await getBalance(db(), user, 'gems')).toBe(20);
      expect(await entriesOf(user, 'gems')).toHaveLength(10);
    });
  });
});

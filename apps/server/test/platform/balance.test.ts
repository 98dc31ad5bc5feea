import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { createTestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';

describe('GET /api/tokens/balance', () => {
  it('answers STARTING_TOKENS for a new user, granted once through the ledger', async () => {
    const t = await createTestApp({ env: { STARTING_TOKENS: '250' } });
    try {
      const user = await t.signup();
      const res = await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: t.bearer(user) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ balance: 250 });
      const entries = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.currency, 'tokens')));
      expect(entries).toEqual([
        expect.objectContaining({
          currency: 'tokens',
          amount: 250,
          balanceAfter: 250,
          reason: 'signup_bonus',
          idempotencyKey: `signup-bonus:${user.user.id}`,
        }),
      ]);
      expectError(await t.app.inject({ method: 'GET', url: '/api/tokens/balance' }), 401, 'UNAUTHORIZED');
    } finally {
      await t.close();
    }
  });

  it('defaults to 100 tokens, and gives nothing when STARTING_TOKENS is 0', async () => {
    const t = await createTestApp();
    const none = await createTestApp({ env: { STARTING_TOKENS: '0' } });
    try {
      const user = await t.signup();
      expect((await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: t.bearer(user) })).json()).toEqual({ balance: 100 });
      const poor = await none.signup();
      expect((await none.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: none.bearer(poor) })).json()).toEqual({
        balance: 0,
      });
      expect(await none.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.currency, 'tokens'))).toEqual([]);
    } finally {
      await Promise.all([t.close(), none.close()]);
    }
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

// A shell answer as GET /api/shell gives it (only the parts matter here).
const answer = {
  session: { user: { id: 'u1' } },
  balance: { balance: 42 },
  gems: { totalGems: 7, spentGems: 0, earnedGems: 7, transactions: [] },
  subscription: { tier: 'free' },
  notifications: { items: [], unreadCount: 3 },
  settings: { appearance: { theme: 'dark' }, notifications: { inApp: {} }, data: { scheduledDeletion: null } },
  gamification: { user: { level: { level: 2 } }, missions: { items: [] }, rewards: { items: [] }, achievements: { items: [] } },
  live: { expiresAt: '2026-12-07T18:00:00.000Z' },
  flags: { app: { payments: 'sandbox' }, gamification: { enabled: true } },
};
const ok = () => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));

async function load() {
  vi.resetModules();
  return import('./shell-parts');
}

describe("the shell's parts (decision 043)", () => {
  beforeEach(() => vi.useRealTimers());

  it('serves each read it holds once, by its path, and nothing it does not hold', async () => {
    const { adoptShell, fromShell } = await load();
    adoptShell(ok());
    expect(await fromShell('/api/tokens/balance')).toEqual({ balance: 42 });
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
    expect(await fromShell('/api/gems')).toEqual(answer.gems);
    expect(await fromShell('/api/gamification/user/u1')).toEqual(answer.gamification.user);
    expect(await fromShell('/api/gamification/user/someone-else')).toBeUndefined();
    expect(await fromShell('/api/user/notifications?page=1&limit=10&unreadOnly=false')).toEqual(answer.notifications);
    expect(await fromShell('/api/user/notifications?limit=20&unreadOnly=false')).toBeUndefined();
    expect(await fromShell('/api/app/info')).toEqual(answer.flags.app);
    expect(await fromShell('/api/bots/my')).toBeUndefined();
  });

  it("drops a write's area, and everything on a plain drop", async () => {
    const { adoptShell, dropShell, fromShell } = await load();
    adoptShell(ok());
    dropShell('/api/user/notifications/n1/read');
    expect(await fromShell('/api/user/notifications?page=1&limit=10&unreadOnly=false')).toBeUndefined();
    expect(await fromShell('/api/user/settings/appearance')).toBeUndefined();
    expect(await fromShell('/api/subscription')).toEqual(answer.subscription);
    dropShell();
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
  });

  it('serves nothing from a failed answer, nor from one older than 30 s', async () => {
    const { adoptShell, fromShell } = await load();
    adoptShell(Promise.resolve(new Response('{}', { status: 401 })));
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
    adoptShell(Promise.reject(new TypeError('Failed to fetch')));
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
    vi.useFakeTimers();
    adoptShell(ok());
    vi.advanceTimersByTime(30_001);
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
  });

  it('asks with the token once the session has one, and not at all without', async () => {
    const fetch = vi.fn(ok);
    vi.stubGlobal('fetch', fetch);
    const { loadShell, fromShell } = await load();
    loadShell(Promise.resolve(null));
    expect(await fromShell('/api/tokens/balance')).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    loadShell(Promise.resolve('at_token'));
    expect(await fromShell('/api/tokens/balance')).toEqual({ balance: 42 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/shell',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer at_token' }) }),
    );
    vi.unstubAllGlobals();
  });
});

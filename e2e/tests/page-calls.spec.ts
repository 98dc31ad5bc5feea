import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn } from './helpers';

/**
 * The API calls a signed-in page load makes (issue 38 §2, decision 043): the shell's are the
 * session's refresh, GET /api/shell and the event stream (GET /api/events, one long-lived
 * connection, counted once as it opens); each page adds its own. Counted calls, not timed ones.
 */
const SHELL = ['POST /api/auth/refresh', 'GET /api/shell', 'GET /api/events'];

async function callsOfLoad(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  // The page before is left first: its requests still in flight when this load begins (the
  // sign-in page's event stream opens once its shell's answer is in, after the profile menu has
  // shown) would otherwise be counted as this load's, a second GET /api/events (a flaky CI run).
  await page.goto('about:blank');
  const calls: string[] = [];
  const listener = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  };
  page.on('request', listener);
  await page.goto(path);
  await ready();
  // The sidebar's widget is drawn from the shell's answer; its level shows once every shell read is answered.
  await expect(page.getByTestId('gamification-widget-compact').getByTestId('widget-level')).toBeVisible();
  // The page's reads that start once it has drawn: a call still to come would be counted here (the list is compared whole).
  await page.waitForLoadState('load');
  await expect.poll(() => calls.length, { intervals: [500, 500, 500] }).toBeGreaterThanOrEqual(SHELL.length);
  await page.waitForTimeout(1000);
  page.off('request', listener);
  return calls;
}

const own = (calls: string[]) => calls.filter((c) => !SHELL.includes(c)).sort();

test('a signed-in page load: the shell in one call, and the page its own few', async ({ page }) => {
  test.setTimeout(120_000);
  const me = await signUpAndIn(page);
  const bots = (await (await page.request.get('/api/bots/public?sortBy=popular&page=1&limit=1')).json()) as { items: { id: string }[] };
  const chat = (await (await page.request.post('/api/chats', { headers: me.auth, data: { botId: bots.items[0]!.id } })).json()) as {
    id: string;
  };
  const main = page.getByRole('main');

  const home = await callsOfLoad(page, '/', () => expect(main.getByTestId('bot-card').first()).toBeVisible());
  const chatPage = await callsOfLoad(page, `/chats/${chat.id}`, () => expect(page.getByTestId('persona-picker')).toBeVisible());
  const myBots = await callsOfLoad(page, '/my-bots', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());
  const game = await callsOfLoad(page, '/gamification', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());
  const tokens = await callsOfLoad(page, '/tokens', () => expect(main.getByRole('heading', { level: 1 })).toBeVisible());

  for (const calls of [home, chatPage, myBots, game, tokens])
    expect([...calls].filter((c) => SHELL.includes(c)).sort()).toEqual([...SHELL].sort());
  expect(own(home)).toEqual([
    'GET /api/bots/categories',
    'GET /api/bots/favorites?limit=100',
    'GET /api/bots/public?sortBy=popular&page=1&limit=24',
    'GET /api/gamification/leaderboards/xp-weekly/entries?limit=5&offset=0',
  ]);
  expect(own(chatPage)).toEqual([
    `GET /api/chats/${chat.id}`,
    `GET /api/chats/${chat.id}/lorebooks`,
    `GET /api/chats/${chat.id}/messages?limit=50`,
    'GET /api/personas',
  ]);
  expect(own(myBots)).toEqual(['GET /api/bots/categories', 'GET /api/bots/my?sortBy=newest&page=1&limit=24']);
  expect(own(game)).toEqual(['GET /api/gamification/achievements']);
  // The gem panel's balance comes with the shell (GET /api/shell's `gems`).
  expect(own(tokens)).toEqual(['GET /api/tokens/packs', 'GET /api/tokens/transactions?limit=25']);
});

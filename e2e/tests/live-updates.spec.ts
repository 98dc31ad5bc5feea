import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

/**
 * Live updates (issue 18 §1): the header follows what happens elsewhere without a reload and
 * without polling (the bell and the badge no longer poll): the live stream (GET /api/events)
 * tells the page. Two people in two browser contexts: Bob follows Ann, and Ann's bell lights up;
 * Ann's tokens move on another device, and her badge follows.
 */

const unreadOf = async (page: Page) => {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};
const tokensOf = async (page: Page) => Number(((await page.getByTestId('token-badge').textContent()) ?? '').replace(/[^0-9]/g, ''));

test('a follow lights the bell live, and a balance change elsewhere updates the badge, without a reload', async ({ browser, baseURL }) => {
  const annContext = await browser.newContext({ baseURL });
  const bobContext = await browser.newContext({ baseURL });
  const ann = await annContext.newPage();
  const bob = await bobContext.newPage();
  const errors = watchConsole(ann);
  // The live stream opens once signed in (its cookie first, then GET /api/events).
  const streamOpened = ann.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  const annAccount = await signUpAndIn(ann);
  await streamOpened;
  await signUpAndIn(bob);

  // Ann waits on the home page; a mark on the window tells that it is never reloaded.
  await expect(ann.getByTestId('notification-bell')).toBeVisible();
  await expect(ann.getByTestId('token-badge')).toBeVisible();
  await ann.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 42));
  const unreadBefore = await unreadOf(ann);

  // Bob follows Ann from her profile.
  await bob.goto(`/profile/${annAccount.username}`);
  await bob.getByTestId('follow-button').click();
  await expect(bob.getByTestId('follow-button')).toHaveText('Unfollow');

  // The follow's notice (and any achievement it unlocked) arrives without a reload.
  await expect.poll(() => unreadOf(ann)).toBeGreaterThan(unreadBefore);
  const bell = ann.getByTestId('notification-bell');
  await bell.click();
  await expect(
    ann.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'started following you' }),
  ).toHaveCount(1);
  await ann.keyboard.press('Escape');

  // Ann claims the daily reward on another device: her badge here follows.
  const tokensBefore = await tokensOf(ann);
  const elsewhere = await browser.newContext({ baseURL });
  const login = await elsewhere.request.post('/api/auth/login', { data: { email: annAccount.email, password: annAccount.password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const claim = await elsewhere.request.post('/api/gamification/rewards/daily/claim', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(claim.status()).toBe(200);
  const { balance } = (await claim.json()) as { balance: number };
  expect(balance).toBeGreaterThan(tokensBefore);
  await expect.poll(() => tokensOf(ann)).toBe(balance);

  expect(await ann.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(42);
  expect(errors).toEqual([]);
  await Promise.all([annContext.close(), bobContext.close(), elsewhere.close()]);
});

test("a reply that finishes while its tab is hidden lights the bell of the user's other tab", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const chatTab = await context.newPage();
  const otherTab = await context.newPage();
  const errors = watchConsole(otherTab);
  await signUpAndIn(chatTab);

  // The other tab waits on the home page, its live stream open.
  const streamOpened = otherTab.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await otherTab.goto('/');
  await streamOpened;
  await expect(otherTab.getByTestId('notification-bell')).toBeVisible();
  const unreadBefore = await unreadOf(otherTab);

  // The chat tab starts a chat, then goes to the background (as when the user switches tabs).
  await chatTab.goto('/');
  await chatTab
    .getByTestId('bot-card')
    .filter({ has: chatTab.getByRole('heading', { name: 'Captain Mira Voss', exact: true }) })
    .getByRole('link', { name: 'Start Chat' })
    .click();
  await expect(chatTab.getByTestId('bot-message').first()).toBeVisible();
  await chatTab.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const reported = chatTab.waitForResponse((r) => /\/messages\/[^/]+\/unseen$/.test(new URL(r.url()).pathname));
  await chatTab.getByTestId('composer').fill('Any news from the cargo bay?');
  await chatTab.keyboard.press('Enter');
  expect((await reported).status()).toBe(204);

  // The reply finished unseen: the other tab's bell says so, without a reload.
  await expect.poll(() => unreadOf(otherTab), { timeout: 15_000 }).toBeGreaterThan(unreadBefore);
  await otherTab.getByTestId('notification-bell').click();
  await expect(
    otherTab.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Captain Mira Voss replied' }),
  ).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});

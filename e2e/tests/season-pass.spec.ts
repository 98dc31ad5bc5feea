import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectAccessible, signIn, signUpAndIn, watchConsole } from './helpers';

/**
 * The season pass (issue 19, decision 028): a season made through the admin API; a new user buys
 * its pass with gems after a confirmation showing the price and the balance, reaches a tier by
 * chatting, claims its free and premium rewards and sees the balances move; the page passes axe in
 * both themes at 375 px and on a desktop. Then an admin's Seasons tab: the season listed, a new
 * one refused where it overlaps, created elsewhere, and deleted.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The same name in a retry (a new worker): E2E_DATA_DIR is set once per run by the config.
const SEASON = `Season of the Browser ${createHash('sha256')
  .update(process.env.E2E_DATA_DIR ?? '')
  .digest('hex')
  .slice(0, 8)}`;
const AUTUMN = 'Autumn of Tests';

/** The admin's bearer header, through the API (a context of its own: the page's cookies stay the user's). */
async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** The admin's seasons of that name (a retry meets what its first attempt made). */
async function seasonsNamed(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const res = await request.get('/api/admin/seasons?limit=100', { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: { id: string; name: string; status: string }[] }).items.filter((s) => s.name === name);
}

/** A number a test id shows, without separators. */
async function numberOf(page: Page, testId: string): Promise<number> {
  return Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, ''));
}

test.describe('the season pass', () => {
  test('a user buys the pass with gems, reaches a tier by chatting, claims free and premium rewards, and the balances move', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const headers = await adminHeaders(request);
    // A retry finds the season its first attempt made running: it plays that one with a new user.
    const made = (await seasonsNamed(request, headers, SEASON)).some((s) => s.status === 'running');
    const created = made
      ? null
      : await request.post('/api/admin/seasons', {
          headers,
          data: {
            name: SEASON,
            startsAt: new Date(Date.now() - HOUR).toISOString(),
            endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
            priceGems: 60,
            tiers: [
              { tier: 1, xpRequired: 0, freeReward: { type: 'tokens', value: 10 }, premiumReward: { type: 'gems', value: 15 } },
              // The sign-in's 20 XP are short of it; a first chat (20) and its message (5) reach it.
              { tier: 2, xpRequired: 40, freeReward: { type: 'tokens', value: 20 }, premiumReward: { type: 'gems', value: 30 } },
              {
                tier: 3,
                xpRequired: 5000,
                freeReward: { type: 'xp', value: 100 },
                premiumReward: { type: 'badge', value: 'browser-champion' },
              },
            ],
          },
        });
    if (created) expect(created.status(), await created.text()).toBe(201);

    await signUpAndIn(page);
    const main = page.getByRole('main');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Season Pass' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Season Pass' })).toBeVisible();
    await expect(main.getByTestId('season-name')).toHaveText(SEASON);
    await expect(main.getByTestId('season-gems')).toHaveText('100');
    await expect(main.getByTestId('season-tokens')).toHaveText('100');
    expect(await numberOf(page, 'season-xp')).toBeLessThan(40);
    await expect(main.getByTestId('season-tier')).toHaveText('1 of 3');
    await expect(main.getByTestId('season-tier-2')).toHaveAttribute('data-reached', 'false');
    await expect(main.getByTestId('locked-2-free')).toHaveText('Locked');
    // Without the pass, a reached premium reward asks for it.
    await expect(main.getByTestId('locked-1-premium')).toHaveText('Pass needed');

    // The purchase: the confirmation shows the price, the balance and what is left.
    await main.getByTestId('season-buy').click();
    const dialog = page.getByTestId('season-purchase-dialog');
    await expect(dialog.getByRole('heading', { name: 'Buy the season pass?' })).toBeVisible();
    await expect(dialog.getByTestId('purchase-price')).toHaveText('60 gems');
    await expect(dialog.getByTestId('purchase-balance')).toHaveText('100 gems');
    await expect(dialog).toContainText('Left after the purchase40 gems');
    await dialog.getByTestId('confirm-purchase').click();
    await expect(page.getByText('Season pass unlocked')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main.getByTestId('season-pass-owned')).toHaveText('Premium pass');
    await expect(main.getByTestId('season-gems')).toHaveText('40');
    await expect(main.getByTestId('season-buy')).toHaveCount(0);

    // Tier 1, reached from the start: its free tokens and its premium gems.
    await main.getByTestId('claim-1-free').click();
    await expect(main.getByTestId('claimed-1-free')).toHaveText('Claimed');
    await expect(main.getByTestId('season-tokens')).toHaveText('110');
    await expect(page.getByTestId('token-badge')).toContainText('110');
    await main.getByTestId('claim-1-premium').click();
    await expect(main.getByTestId('claimed-1-premium')).toHaveText('Claimed');
    await expect(main.getByTestId('season-gems')).toHaveText('55');

    // A chat with a character the user never talked to: its XP reaches tier 2.
    await page.goto('/');
    await page
      .getByTestId('bot-card')
      .filter({ has: page.getByRole('heading', { name: 'Atlas', exact: true }) })
      .getByRole('link', { name: 'Start Chat' })
      .click();
    await page.getByTestId('composer').fill('Hello, season!');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });
    // Back on the page, the tier is reached once the reply's XP has landed (the live stream marks the season stale).
    await page.getByTestId('sidebar').getByRole('link', { name: 'Season Pass' }).click();
    await expect(main.getByTestId('season-tier-2')).toHaveAttribute('data-reached', 'true', { timeout: 20_000 });
    expect(await numberOf(page, 'season-xp')).toBeGreaterThanOrEqual(40);
    await expect(main.getByTestId('season-tier')).toHaveText('2 of 3');

    const tokens = await numberOf(page, 'season-tokens');
    await main.getByTestId('claim-2-free').click();
    await expect(main.getByTestId('claimed-2-free')).toBeVisible();
    await expect(main.getByTestId('season-tokens')).toHaveText(String(tokens + 20));
    await expect(page.getByTestId('token-badge')).toContainText(String(tokens + 20));
    await main.getByTestId('claim-2-premium').click();
    await expect(page.getByText('Reward claimed: 30 gems')).toBeVisible();
    await expect(main.getByTestId('season-gems')).toHaveText('85');
    await expect(main.getByTestId('locked-3-premium')).toHaveText('Locked');

    // Every look of the page: light and dark, a phone and a desktop.
    await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        // SEASON_SHOTS=dir: a screenshot of every look, to see it with one's own eyes.
        if (process.env.SEASON_SHOTS)
          await page.screenshot({ path: `${process.env.SEASON_SHOTS}/season-${scheme}-${width}.png`, fullPage: true });
        await expectAccessible(page, `/season [${scheme}, ${width}px]`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `/season overflows at ${width}px`).toBeLessThanOrEqual(0);
      }
    }

    // A visitor sees the season and its track, and is asked to sign in; in both themes on a phone too.
    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });
    const anonymous = await visitor.newPage();
    await anonymous.goto('/season');
    // As above: axe must see the colours a theme ends at, not a transition towards them.
    await anonymous.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
    await expect(anonymous.getByTestId('season-signed-out')).toContainText('Sign in to earn season XP');
    await expect(anonymous.getByTestId('season-name')).toHaveText(SEASON);
    await expect(anonymous.getByTestId('season-xp')).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await anonymous.emulateMedia({ colorScheme: scheme });
      await expect(anonymous.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectAccessible(anonymous, `/season, signed out [${scheme}, 375px]`);
    }
    await visitor.close();
    expect(errors).toEqual([]);
  });

  test("an admin's Seasons tab: the season listed; a new one refused where it overlaps, created elsewhere, then deleted", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    // A retry: what a first attempt left of its own season goes first (it is in 2099, never started).
    const headers = await adminHeaders(request);
    for (const left of await seasonsNamed(request, headers, AUTUMN)) {
      expect((await request.delete(`/api/admin/seasons/${left.id}`, { headers })).status()).toBe(204);
    }
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin?section=seasons');
    const panel = page.getByTestId('admin-seasons');
    // The running season (the first test's, when it ran before this one).
    const running = panel.locator('[data-testid=season-row][data-status=running]');
    await expect(running).toHaveCount(1);
    await expect(running).toContainText('Running');
    await expect(running).toContainText(/passes sold: \d+/);

    await panel.getByTestId('season-new').click();
    const dialog = page.getByTestId('season-dialog');
    await dialog.getByLabel('Name').fill(AUTUMN);
    // The default dates (from the next hour) fall in the running season.
    await dialog.getByTestId('season-save').click();
    await expect(dialog.getByText('Another season runs at that time')).toBeVisible();
    await dialog.getByLabel('Starts').fill('2099-09-01T10:00');
    await dialog.getByLabel('Ends').fill('2099-11-30T10:00');
    await dialog.getByRole('button', { name: 'Add a tier' }).click();
    await dialog.getByLabel('Tier 2: XP').fill('0');
    await dialog.getByLabel('Tier 2: free reward, amount').fill('5');
    await dialog.getByLabel('Tier 2: premium reward, amount').fill('5');
    await dialog.getByTestId('season-save').click();
    await expect(dialog.getByText('Each tier needs more XP than the one before')).toBeVisible();
    await dialog.getByLabel('Tier 2: XP').fill('500');
    await dialog.getByTestId('season-save').click();
    await expect(page.getByText('Season created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const autumn = panel.getByTestId('season-row').filter({ hasText: 'Autumn of Tests' });
    await expect(autumn).toHaveAttribute('data-status', 'scheduled');
    await expect(autumn).toContainText('tiers: 2');

    await autumn.getByRole('button', { name: 'Delete Autumn of Tests' }).click();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Season deleted')).toBeVisible();
    await expect(autumn).toHaveCount(0);

    // The audit log has the three actions.
    await page.goto('/admin?section=audit');
    const audit = page.getByTestId('admin-audit');
    await expect(audit.getByText('Season deleted').first()).toBeVisible();
    await expect(audit.getByText('Season created').first()).toBeVisible();
    // The browser logs the refused save (409) itself; nothing else may be logged.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });
});

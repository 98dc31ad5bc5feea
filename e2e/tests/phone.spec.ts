import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, signInOnPage, watchConsole } from './helpers';

test.describe('375 px wide', () => {
  test('the menu drawer navigates, and signing in works on a phone', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    // Nothing may be wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId('open-menu').click();
    await page.getByRole('dialog').getByRole('link', { name: 'Games' }).click();
    await expect(page).toHaveURL('/games');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByTestId('sign-in').click();
    await signInOnPage(page, DEMO_USER);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByTestId('token-badge')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });

  test('the bot pages fit the screen: Explore, the form, My Bots, a bot, a profile', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/login');
    await signInOnPage(page, DEMO_USER);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/bots/create');
    await page.getByTestId('template').first().click();
    await expect(page.getByTestId('bot-name')).toBeVisible();
    await fits();
    for (const path of ['/', '/my-bots', '/profile/demo', '/profile/admin']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      await fits();
    }
    await page.goto('/');
    await page.getByTestId('bot-card').first().getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Clone' })).toBeVisible();
    await fits();
    expect(errors).toEqual([]);
  });

  test('the wallet, plans, billing, referrals, the admin console and the gamification pages fit the screen', async ({ page }) => {
    const errors = watchConsole(page);
    const fits = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    };
    await page.goto('/login');
    await signInOnPage(page, DEMO_ADMIN);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    // The admin's header keeps its logo whole: the console's link is in the menu on a phone.
    const logo = page.getByRole('banner').getByRole('link', { name: 'CharaChat' });
    expect((await logo.boundingBox())?.width).toBeGreaterThanOrEqual(32);
    for (const path of [
      '/tokens',
      '/subscription',
      '/settings/billing',
      '/referrals',
      '/admin',
      '/achievements',
      '/missions',
      '/gamification',
      '/leaderboards',
    ])
      await fits(path);
    expect(errors).toEqual([]);
  });
});

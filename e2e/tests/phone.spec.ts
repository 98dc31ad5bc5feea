import { expect, test } from '@playwright/test';
import { DEMO_USER, signInOnPage, watchConsole } from './helpers';

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
});

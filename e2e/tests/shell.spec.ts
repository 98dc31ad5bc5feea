import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn, watchConsole } from './helpers';

test.describe('app shell', () => {
  test('every page of the shell renders in the layout without console errors', async ({ page }) => {
    // Many pages in one test (46 s in CI before issue 19's pages; it passed 60 s on a loaded machine).
    test.setTimeout(150_000);
    const errors = watchConsole(page);
    await signIn(page, DEMO_USER);
    for (const path of [
      '/',
      '/explore',
      '/chat',
      '/characters',
      '/create',
      '/subscription',
      '/settings',
      '/settings/security',
      '/settings/api',
      '/tokens',
      '/help',
      '/changelog',
      '/docs/getting-started',
      '/profile/demo',
      '/bots/x',
      '/notifications',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByTestId('sidebar')).toBeVisible();
    }
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('Explore lists the public demo characters', async ({ page }) => {
    await page.goto('/');
    // Other tests may have published bots of their own by now: the six demo characters are among them.
    for (const name of ['Captain Mira Voss', 'Professor Quill', 'Luna the Dream Weaver', 'Inspector Reginald Pembrooke', 'Atlas', 'Kai']) {
      await expect(page.getByTestId('bot-card').filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
    }
  });

  test('the theme switches between light, dark and system, and is kept after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/dark/);
  });

  test('the interface switches to Russian and back', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.getByTestId('sign-in')).toHaveText('Войти');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'С кем поговорим сегодня?' })).toBeVisible();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByTestId('sign-in')).toHaveText('Sign In');
  });

  test('the sidebar is keyboard usable and marks the items that need a login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sidebar').getByTestId('login-required')).toHaveCount(4);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Chat' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/chat');
  });
});

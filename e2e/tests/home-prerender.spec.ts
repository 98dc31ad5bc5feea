import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn, watchConsole } from './helpers';

// The server sends / with the home page drawn at build (apps/web/scripts/prerender.js): a first
// visit shows it before any script runs, and the app then hydrates it or draws over it.
test.describe('the prerendered home page', () => {
  test('shows the page before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Nothing but the page itself is fetched before the app's boot script runs after the first
    // paint: a module fetched by the parser would compete with the page on a slow network.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Who will you talk to today?' })).toBeVisible();
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual([]);
    await expect(page.getByRole('heading', { level: 2, name: 'Characters' })).toBeVisible();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
    await context.close();
  });

  test('its loading placeholders stand still for a second before they pulse', async ({ page }) => {
    // The characters never arrive, so their placeholders stay.
    await page.route('**/api/bots/public?**', () => undefined);
    await page.goto('/');
    const placeholder = page.getByRole('status', { name: 'Loading…' }).locator('.animate-pulse').first();
    await expect(placeholder).toBeAttached();
    const style = await placeholder.evaluate((el) => {
      const computed = getComputedStyle(el);
      return { name: computed.animationName, delay: computed.animationDelay };
    });
    expect(style).toEqual({ name: 'pulse', delay: '1s' });
  });

  test('a first-time visitor keeps the same page: React hydrates it, with no error', async ({ page }) => {
    const errors = watchConsole(page);
    // The prerendered heading, taken as soon as the HTML is parsed (before the app has started).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('main h1');
      }),
    );
    await page.goto('/');
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByTestId('bot-card').first()).toBeVisible();
    // The page works: the search box takes typing and moves the URL.
    await page.getByTestId('explore-search').fill('Luna');
    await expect(page).toHaveURL(/q=Luna/);
    const kept = await page.evaluate(
      () => (window as unknown as { prerendered: Element | null }).prerendered === document.querySelector('main h1'),
    );
    expect(kept).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a Russian reader gets the page in Russian', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'С кем поговорим сегодня?' })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a signed-in visitor gets their own header, not the sign-in button', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page, DEMO_USER);
    await page.goto('/');
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toHaveCount(0);
    await expect(page.getByTestId('bot-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

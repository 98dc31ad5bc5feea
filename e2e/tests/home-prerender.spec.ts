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

  test('asks for its scripts after the first paint, a few at a time, the entry last', async ({ page }) => {
    // Each insertion into <head>, as the page makes it (a MutationObserver record is one insertion).
    await page.addInitScript(() => {
      const seen: { links: number; entry: boolean }[] = [];
      (window as unknown as { __insertions: typeof seen }).__insertions = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const added = [...record.addedNodes].filter((n): n is Element => n instanceof Element);
          const links = added.filter((n) => n.matches('link[rel="modulepreload"]')).length;
          const entry = added.some((n) => n.matches('script[type="module"][src]'));
          if (links || entry) seen.push({ links, entry });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    const insertions = await page.evaluate(() => (window as unknown as { __insertions: { links: number; entry: boolean }[] }).__insertions);
    // Then the entry, once its modules are on their way (the app asks for its lazy parts after).
    const entry = insertions.findIndex((i) => i.entry);
    const before = insertions.slice(0, entry);
    // A long task on a phone otherwise: each link starts its request as it is added.
    expect(before.length).toBeGreaterThan(5);
    expect(before.every((i) => i.links > 0 && i.links <= 3)).toBe(true);
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

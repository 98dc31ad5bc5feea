import { expect, test, type Route } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

// The server sends a chat page with its shell drawn at build (apps/web/scripts/prerender.js,
// dist/chat.html): the layout and the chat's skeleton show before any script runs, and the chat's
// first data is asked for as the page starts (scripts/chat-early.js), not once the app has run.
test.describe("a chat page's shell", () => {
  test('shows the layout and the chat skeleton before any script runs, and fetches no script to do it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/chat/some-bot');
    await expect(page.getByTestId('chat-skeleton')).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'shell');
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual([]);
    await context.close();
  });

  test('is drawn in the saved theme, and keeps to a phone’s width, while the scripts are still to come', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // The app's scripts never arrive: what shows is the HTML alone, with its inline theme script.
    await page.route('**/assets/*.js', () => undefined);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Not its load event: that waits for the scripts held back.
    await page.goto('/chat/some-bot', { waitUntil: 'commit' });
    await expect(page.getByTestId('chat-skeleton')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const colors = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      light: (() => {
        document.documentElement.classList.remove('dark');
        const color = getComputedStyle(document.body).backgroundColor;
        document.documentElement.classList.add('dark');
        return color;
      })(),
    }));
    expect(colors.body).not.toBe(colors.light);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('asks for the chat and its messages as the page starts, each once, and the app shows them', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const bots = (await (await page.request.get('/api/bots/public?q=Mira&limit=1')).json()) as { items: { id: string; name: string }[] };
    const bot = bots.items[0]!;
    // The first visit starts the chat (the app's to do: the early script only reads).
    await page.goto(`/chat/${bot.id}`);
    await expect(page.getByTestId('bot-message').first()).toContainText('cargo bay doors');

    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      // The chat (by the bot's address: its newest chat) and the messages; the chat's other calls are its panels'.
      if (url.pathname === '/api/chats' || url.pathname.endsWith('/messages'))
        calls.push(`${r.method()} ${url.pathname.replace(/[0-9a-f-]{36}/g, '{id}')}${url.search}`);
    });
    // The app's scripts are held until the chat's messages have been asked for: the page asks for
    // them without the app, from its HTML.
    const held: Route[] = [];
    let release = false;
    await page.route('**/assets/*.js', (route) => (release ? route.continue() : void held.push(route)));
    const messagesAsked = page.waitForRequest(/\/messages\?limit=50$/);
    await page.reload({ waitUntil: 'commit' });
    await messagesAsked;
    await expect(page.getByTestId('chat-skeleton')).toBeVisible();
    release = true;
    for (const route of held.splice(0)) await route.continue();
    await expect(page.getByTestId('bot-message').first()).toContainText('cargo bay doors');
    await expect(page.getByRole('heading', { name: bot.name })).toBeVisible();
    // Each once: the app took what the page had asked for.
    expect(calls).toEqual([`GET /api/chats?botId=${bot.id}&limit=1`, 'GET /api/chats/{id}/messages?limit=50']);
    expect(errors).toEqual([]);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'a box on the page').not.toBeNull();
  return b!;
}

/** A new user’s bot, private (publishable), with a description in SillyTavern's roleplay Markdown. */
async function createBot(page: Page, auth: Record<string, string>, name: string) {
  const res = await page.request.post('/api/bots', {
    headers: auth,
    data: {
      name,
      description: '*waves* Hello, **{{user}}**! I am {{char}}, see [my page](https://example.com/mira_page).\n\n# Likes\n- `tea`',
      personality: 'Cheerful.',
      scenario: '{{user}} meets {{char}}.',
      firstMessage: 'Hello, {{user}}.',
      tags: ['preview'],
      // Publishing needs an avatar (and a tag).
      avatarUrl: '/avatars/mira.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('My Bots card preview and toasts', () => {
  test("a description's Markdown shows as plain words on the My Bots card and in Explore", async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);
    const name = `Mira ${Date.now().toString(36)}`;
    await createBot(page, auth, name);
    const plain = `waves Hello, you! I am ${name}, see my page. Likes tea`;

    await page.goto(`/my-bots?q=${encodeURIComponent(name)}`);
    const card = page.getByTestId('my-bot-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(plain);
    await expect(card).not.toContainText('*');
    await expect(card).not.toContainText('{{');

    // Published, it is in Explore, whose cards show the same words.
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The bot is public now' })).toBeVisible();
    await page.goto('/');
    await page.getByTestId('explore-search').fill(name);
    const exploreCard = page.getByTestId('bot-card').filter({ hasText: name });
    await expect(exploreCard).toHaveCount(1);
    await expect(exploreCard).toContainText(plain);
    await expect(exploreCard).not.toContainText('*');
    expect(errors).toEqual([]);
  });

  test('a toast stays clear of the header and of an open dialog’s title, on a desktop and on a phone', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);
    const name = `Toasty ${Date.now().toString(36)}`;
    await createBot(page, auth, name);

    for (const [viewport, toastText] of [
      [{ width: 1280, height: 800 }, 'The bot is public now'],
      [{ width: 375, height: 740 }, 'The bot is private now'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/my-bots?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId('my-bot-card').filter({ hasText: name });
      await expect(card).toHaveCount(1);
      const header = await box(page.getByRole('banner'));

      // Publish (then, on the phone, make private again): a toast says so.
      await card.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: toastText.endsWith('public now') ? 'Publish' : 'Make Private' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: toastText });
      await expect(toast).toBeVisible();
      // Wait for the toast to finish sliding in before measuring.
      await expect(async () => {
        const a = await box(toast);
        await page.waitForTimeout(100);
        expect(await box(toast)).toEqual(a);
      }).toPass();
      const shown = await box(toast);
      expect(
        overlap(shown, header),
        `toast ${JSON.stringify(shown)} over the header ${JSON.stringify(header)} at ${viewport.width} px`,
      ).toBe(false);
      expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height);
      expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width);

      // With the toast still up, a dialog opens (by keyboard: on the phone the toast lies over the
      // card's menu button, and a click would wait for it to go): its title stays uncovered.
      await card.getByRole('button', { name: `Actions for ${name}` }).press('Enter');
      await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
      const title = page.getByRole('dialog').getByRole('heading', { name: `Delete ${name}?` });
      await expect(title).toBeVisible();
      await expect(toast).toBeVisible();
      const titleBox = await box(title);
      const toastNow = await box(toast);
      expect(overlap(toastNow, titleBox), `toast ${JSON.stringify(toastNow)} over the dialog's title ${JSON.stringify(titleBox)}`).toBe(
        false,
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    expect(errors).toEqual([]);
  });
});

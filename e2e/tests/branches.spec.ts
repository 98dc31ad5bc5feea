import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('branches (issue 20 §4)', () => {
  test('branch a chat at a reply, go on in the branch, and find it under its parent in the list', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const bots = (await (await page.request.get('/api/bots/public?sortBy=popular&page=1&limit=1')).json()) as {
      items: { id: string; name: string }[];
    };
    const bot = bots.items[0]!;
    await page.goto(`/chat/${bot.id}`);
    const complete = page.locator('[data-testid=bot-message][data-status=complete]');
    for (const [i, words] of ['First question', 'Second question'].entries()) {
      await page.getByTestId('composer').fill(words);
      await page.keyboard.press('Enter');
      await expect(complete).toHaveCount(i + 2, { timeout: 20_000 });
    }
    const parentUrl = page.url();
    const firstReply = await page.getByTestId('bot-message').nth(1).innerText();

    // Branch at the first reply: a new chat with the greeting, the first question and its reply.
    await page.getByTestId('bot-message').nth(1).hover();
    await page.getByTestId('bot-message').nth(1).getByTestId('branch').click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toBe(parentUrl);
    await expect(page.getByTestId('bot-message')).toHaveCount(2);
    await expect(page.getByTestId('user-message')).toHaveCount(1);
    await expect(page.getByTestId('bot-message').last()).toHaveText(firstReply);
    await expect(page.getByTestId('branch-parent')).toBeVisible();

    // It goes its own way.
    await page.getByTestId('composer').fill('A different second question');
    await page.keyboard.press('Enter');
    await expect(complete).toHaveCount(3, { timeout: 20_000 });

    // The list: the branch right under its parent, marked.
    await page.goto('/chat');
    const rows = page.getByTestId('chat-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-depth', '0');
    await expect(rows.nth(1)).toHaveAttribute('data-depth', '1');
    await expect(rows.nth(1).getByTestId('branch-label')).toBeVisible();
    await expect(rows.nth(1)).toContainText(/different second question/i);

    // The parent is as it was.
    await rows.nth(0).getByRole('link').click();
    await expect(page.getByTestId('user-message')).toHaveCount(2);
    await expect(page.getByTestId('user-message').last()).toContainText('Second question');
    expect(errors).toEqual([]);
  });
});

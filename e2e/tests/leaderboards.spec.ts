import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('leaderboards', () => {
  test('a user joins a board, chats, and sees themselves ranked with their score on /leaderboards', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    const main = page.getByRole('main');

    // The page: a tab per board; on 'Messages this week' the user is not listed yet.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Leaderboards', exact: true }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    await main.getByRole('tab', { name: 'Messages this week' }).click();
    await expect(page).toHaveURL(/board=messages-weekly/);
    const me = main.getByTestId('leaderboard-me');
    await expect(me).toContainText('You are not on this board');
    await expect(main.getByText('Resets every Monday at 00:00 UTC')).toBeVisible();
    await me.getByRole('button', { name: 'Join board' }).click();
    await expect(me.getByTestId('leaderboard-me-score')).toHaveText('0 messages');
    const mine = main.getByTestId('leaderboard-row').filter({ hasText: `@${account.username}` });
    await expect(mine).toContainText('You');

    // Two messages with a bot (the offline responder answers each).
    await page.goto('/');
    await page
      .getByTestId('bot-card')
      .filter({ has: page.getByRole('heading', { name: 'Atlas', exact: true }) })
      .getByRole('link', { name: 'Start Chat' })
      .click();
    await expect(page.getByRole('heading', { name: 'Atlas' })).toBeVisible();
    for (const [i, text] of ['Hello', 'Tell me more'].entries()) {
      await page.getByTestId('composer').fill(text);
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(i + 2, { timeout: 20_000 });
    }

    // Back on the board: ranked, with the score the server counted (a message lands once its reply is over).
    await expect(async () => {
      await page.goto('/leaderboards?board=messages-weekly');
      await expect(me.getByTestId('leaderboard-me-score')).toHaveText('2 messages', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(mine).toContainText('2 messages');
    const rank = ((await me.getByTestId('leaderboard-me-rank').textContent()) ?? '').replace(/[^\d]/g, '');
    expect(Number(rank)).toBeGreaterThanOrEqual(1);
    await expect(me).toContainText(/of \d+ players?/);

    // The XP board counts what was earned before joining too (the sign-in's and the chat's XP).
    await main.getByRole('tab', { name: 'XP this week' }).click();
    await me.getByRole('button', { name: 'Join board' }).click();
    await expect(me.getByTestId('leaderboard-me-score')).toHaveText(/^[1-9][\d,]* XP$/);
    await expect(main.getByTestId('leaderboard-row').filter({ hasText: `@${account.username}` })).toContainText('XP');

    // An old link to a page past the last player says so, and leads back to the first page.
    await page.goto('/leaderboards?board=xp-weekly&page=500');
    await expect(main.getByText('This page is past the last player.')).toBeVisible();
    await main.getByRole('button', { name: 'Go to the first page' }).click();
    await expect(main.getByTestId('leaderboard-row').filter({ hasText: `@${account.username}` })).toBeVisible();

    // The home page's 'Top Players' card lists this week's XP leaders, the user among them.
    await page.goto('/');
    const card = page.getByTestId('top-players');
    await expect(card.getByRole('heading', { name: 'Top Players' })).toBeVisible();
    await expect(card.getByTestId('leaderboard-row').filter({ hasText: `@${account.username}` })).toBeVisible();
    // At 1280 px it sits beside the progress widget, level with it, not under it.
    const [widgetBox, cardBox] = await Promise.all([page.getByTestId('gamification-widget').boundingBox(), card.boundingBox()]);
    expect(Math.abs(widgetBox!.y - cardBox!.y)).toBeLessThan(1);
    expect(cardBox!.x).toBeGreaterThan(widgetBox!.x + widgetBox!.width);

    // Leaving takes the user off the board.
    await page.goto('/leaderboards?board=messages-weekly');
    await me.getByRole('button', { name: 'Leave board' }).click();
    await expect(me).toContainText('You are not on this board');
    await expect(mine).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

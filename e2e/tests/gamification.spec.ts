import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

/** The number a locator shows, without separators. */
async function numberIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByRole('main').getByTestId(testId).first().textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function balance(page: Page): Promise<number> {
  return Number(((await page.getByTestId('token-badge').textContent()) ?? '').replace(/[^\d]/g, ''));
}

test.describe('gamification', () => {
  test('a new user starts the daily quest, chats, sees XP rise, completes and claims it and the daily reward, and the balance grows', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const main = page.getByRole('main');

    // The game profile: level 1 with the sign-in's XP, the daily reward waiting.
    await page.goto('/gamification');
    await expect(main.getByRole('heading', { level: 1, name: 'Game profile' })).toBeVisible();
    await expect(main.getByTestId('profile-level')).toContainText('1');
    const xpBefore = await numberIn(page, 'profile-xp');

    // Missions: nothing under way; Daily Chat (5 messages today) is available and is started.
    await page.goto('/missions');
    await expect(main.getByRole('heading', { level: 1, name: 'Quests' })).toBeVisible();
    await expect(main.getByTestId('empty-active')).toContainText('No active quests');
    await main.getByTestId('tab-available').click();
    await main.getByTestId('filter-daily').click();
    const daily = main.locator('[data-testid=quest-card][data-quest=daily-chat]');
    await expect(daily).toContainText('Daily Chat');
    // Complete is not offered before the objectives are done.
    await expect(daily.getByTestId('quest-complete')).toHaveCount(0);
    await daily.getByTestId('quest-start').click();
    await expect(page.getByText('Quest started: Daily Chat')).toBeVisible();
    await main.getByTestId('tab-active').click();
    const active = main.locator('[data-testid=quest-card][data-quest=daily-chat]');
    await expect(active).toHaveAttribute('data-status', 'active');
    await expect(active.getByTestId('quest-expiry')).toHaveText(/Less than 1 hour|\d+ hours?/);
    await expect(active.getByTestId('quest-percent')).toHaveText('0%');
    await expect(active.getByTestId('quest-complete')).toHaveCount(0);

    // Five messages with a bot (the offline responder answers each).
    await page.goto('/');
    await page
      .getByTestId('bot-card')
      .filter({ has: page.getByRole('heading', { name: 'Atlas', exact: true }) })
      .getByRole('link', { name: 'Start Chat' })
      .click();
    await expect(page.getByRole('heading', { name: 'Atlas' })).toBeVisible();
    for (const [i, text] of ['Hello', 'Plan my day', 'And tomorrow?', 'Sounds good', 'Thanks!'].entries()) {
      await page.getByTestId('composer').fill(text);
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(i + 2, { timeout: 20_000 });
    }
    // Each reply cost a token (chat.spec.ts): 100 → 95, once the last reply's charge has landed.
    await expect(page.getByTestId('token-badge')).toContainText('95');
    const afterChat = await balance(page);
    expect(afterChat).toBe(95);

    // Within the app (no reload), the quests are read again on the way to them, and the in-app
    // notification tells that the quest's objectives are done; it goes away by itself.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Missions', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Quest completed' });
    await expect(toast).toContainText('Daily Chat: claim your reward');
    await expect(toast).toHaveCount(0, { timeout: 8000 });

    // XP rose (the messages' XP lands once each reply is over).
    await expect(async () => {
      await page.goto('/gamification');
      expect(await numberIn(page, 'profile-xp')).toBeGreaterThan(xpBefore);
    }).toPass({ timeout: 20_000 });

    // The quest is done: Complete, then Claim (its 10 tokens reach the header's balance).
    await page.goto('/missions');
    const done = main.locator('[data-testid=quest-card][data-quest=daily-chat]');
    await expect(done.getByTestId('quest-percent')).toHaveText('100%');
    await done.getByTestId('quest-complete').click();
    await expect(main.getByTestId('to-claim')).toHaveText('1 to claim');
    await main.getByTestId('tab-completed').click();
    await main.locator('[data-testid=quest-card][data-quest=daily-chat]').getByTestId('quest-claim').click();
    await expect(page.getByText('Reward claimed: Daily Chat')).toBeVisible();
    await expect(page.getByTestId('token-badge')).toContainText(String(afterChat + 10));
    await expect(main.getByTestId('to-claim')).toHaveCount(0);
    await main.getByTestId('tab-history').click();
    await expect(main.locator('[data-testid=quest-card][data-quest=daily-chat]')).toContainText(/Completed \d+ minutes? ago/);

    // The daily reward on the game profile: Claim → Claimed, 50 tokens more.
    await page.goto('/gamification');
    const reward = main.getByTestId('profile-daily-reward');
    await reward.getByTestId('reward-claim-daily').click();
    await expect(reward.getByTestId('reward-claimed-daily')).toHaveText('Claimed');
    await expect(page.getByTestId('token-badge')).toContainText(String(afterChat + 60));
    await expect(main.getByTestId('stat-missions')).toContainText('1');

    expect(errors).toEqual([]);
  });

  test('achievements: search, category, hidden toggle, the first one claimed from its dialog; the widget and the sidebar', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const main = page.getByRole('main');

    // One message unlocks First Words and First Contact.
    await page.goto('/');
    await page.getByTestId('bot-card').first().getByRole('link', { name: 'Start Chat' }).click();
    await page.getByTestId('composer').fill('Hi!');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });

    await expect(async () => {
      await page.goto('/achievements');
      await expect(main.getByTestId('unclaimed-badge')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Achievements');
    await expect(main.getByTestId('overall-progress')).toContainText(/\d+ of (39|4\d) achievements/);
    await main.getByTestId('show-hidden').click();
    await expect(main.getByTestId('overall-progress')).toContainText(/\d+ of 50 achievements/);
    await expect(main.getByText('Hidden achievement').first()).toBeAttached();

    await main.getByTestId('achievement-search').fill('FIRST WORDS');
    const card = main.locator('[data-testid=achievement-card][data-id=first-words]');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('claim-badge')).toHaveText('Claim Reward');
    await card.click();
    const dialog = page.getByTestId('achievement-dialog');
    await expect(dialog).toContainText('Requirements');
    await expect(dialog).toContainText('Messages sent');
    await dialog.getByTestId('claim-achievement').click();
    await expect(dialog.getByTestId('claimed-badge')).toHaveText('Claimed');
    await page.keyboard.press('Escape');
    await expect(card.getByTestId('claimed-check')).toBeVisible();

    // A category narrows the list to a grid; nothing matches a nonsense search.
    await main.getByTestId('achievement-search').fill('');
    await main.getByTestId('achievement-category').click();
    await page.getByRole('option', { name: 'Creation' }).click();
    await expect(main.locator('[data-testid=achievement-card]').first()).toBeVisible();
    await main.getByTestId('achievement-search').fill('zzzz');
    await expect(main.getByTestId('achievements-empty')).toContainText('No achievements match your search');
    // The choices are kept in 'gamification-storage', and only they.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('gamification-storage') ?? '{}') as { state: unknown });
    expect(stored.state).toEqual({ selectedCategory: 'creation', selectedQuestType: 'all', showHidden: true });

    // The sidebar's links and compact widget, and the home page's widget below the list.
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: 'Missions', exact: true })).toBeVisible();
    await expect(sidebar.getByTestId('gamification-widget-compact')).toContainText('Level 1');
    await page.goto('/');
    const widget = main.getByTestId('gamification-widget');
    await expect(widget).toContainText('Daily reward');
    await widget.getByRole('link', { name: 'Missions' }).click();
    await expect(page).toHaveURL(/\/missions$/);
    expect(errors).toEqual([]);
  });

  test('signed out, the game profile asks to sign in', async ({ page }) => {
    await page.goto('/gamification');
    await expect(page.getByTestId('gamification-signed-out')).toContainText('Sign in to access statistics');
  });
});

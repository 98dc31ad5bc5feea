import { expect, test, type Page } from '@playwright/test';
import { newAccount, signIn, watchConsole } from './helpers';

/** The API as a fresh account (the app keeps its token in memory only). */
async function newUserWithApi(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, password: account.password, displayName: account.displayName },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const answer = await page.request.post(path, { data, headers });
    expect(answer.ok(), `POST ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return { account, post };
}

test.describe('the profile’s gamification blocks (§2.11)', () => {
  test('a user with activity sees the stats, activity and achievements on their profile', async ({ page }) => {
    const errors = watchConsole(page);
    const { account, post } = await newUserWithApi(page);
    // A public bot (created and published) and a chat with it: XP, achievements and activity, all counted by the server.
    const bot = await post<{ id: string }>('/api/bots', {
      name: 'Profile Pilot',
      description: 'A test pilot for the profile blocks.',
      personality: 'Bold and cheerful.',
      scenario: '{{user}} meets {{char}} at the airfield.',
      firstMessage: 'Ready to fly, {{user}}?',
      tags: ['aviation'],
      visibility: 'public',
      avatarUrl: '/avatars/mira.svg',
    });
    await post('/api/chats', { botId: bot.id });
    await post(`/api/bots/${bot.id}/favorite`, {});
    await signIn(page, account);
    await page.goto(`/profile/${account.username}`);

    const stats = page.getByTestId('profile-stats');
    await expect(stats.locator('[data-stat="botsCreated"] dd').first()).toHaveText('1');
    await expect(stats.locator('[data-stat="totalChats"] dd').first()).toHaveText('1');
    // 50 + 100 for the bot, 20 for the first chat with it, 20 for the day's sign-in.
    await expect(stats.locator('[data-stat="totalXp"] dd').first()).toHaveText('190');

    const feed = page.getByTestId('activity-feed');
    // The overview shows the latest 5; 'Load more' brings the rest.
    await expect(feed.locator('li')).toHaveCount(5);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => feed.locator('li').count()).toBeGreaterThan(5);
    for (const type of ['bot_published', 'chat_started', 'bot_liked'])
      await expect(feed.locator(`[data-type="${type}"]`)).toContainText('Profile Pilot');
    await expect(feed.locator('[data-type="achievement_unlocked"]').first()).toContainText('Unlocked the achievement');

    const featured = page.getByTestId('achievements-featured');
    await expect(featured.locator('[data-achievement]')).toHaveCount(3);

    await page.getByRole('main').getByRole('tab', { name: 'Achievements' }).click();
    const full = page.getByTestId('achievements-full');
    await expect(full.locator('[data-achievement="creator"]')).toContainText('Creator');
    await expect(full.locator('[data-achievement="icon"]')).toContainText('Hidden achievement');
    await page.getByRole('combobox', { name: 'Filter' }).click();
    await page.getByRole('option', { name: 'Unlocked' }).click();
    await expect(full.locator('[data-achievement="icon"]')).toHaveCount(0);
    await expect(full.locator('[data-achievement="creator"]')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('profile-achievements.png'), fullPage: true });

    // In Russian, the catalogue's names and descriptions are shown in Russian, as on /achievements.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(full.locator('[data-achievement="creator"]')).toContainText('Создатель');
    await expect(full.locator('[data-achievement="creator"]')).not.toContainText('Creator');
    expect(errors).toEqual([]);
  });
});

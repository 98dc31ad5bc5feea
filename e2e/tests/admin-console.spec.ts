import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, newAccount, signIn, signInOnPage, signOut, watchConsole } from './helpers';

/**
 * The admin console (issue 18 §4, decision 023): a ban with a reason ends the user's sign-in, a
 * report upheld hides the bot, a broadcast goes out from its form, and every section fits a phone.
 * Independent of the pricing (the admin-economy spec changes it, alone, last).
 */

const SUSPENDED = 'This account has been suspended. Contact support if you think this is a mistake.';

/** A new account through the API, with its bearer header. */
async function newUser(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, displayName: account.displayName, password: account.password },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { account, headers: { authorization: `Bearer ${accessToken}` } };
}

test.describe('the admin console', () => {
  test('an admin bans a user with a reason: the user can no longer sign in and is told why not', async ({ page }) => {
    const errors = watchConsole(page);
    const { account } = await newUser(page);

    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin');
    await page.getByLabel('Search by email, username or name').fill(account.email);
    const row = page.getByTestId(`admin-user-${account.username}`);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Manage @${account.username}` }).click();
    const dialog = page.getByRole('dialog');
    const ban = dialog.getByRole('button', { name: 'Ban', exact: true });
    // No ban without a reason.
    await expect(ban).toBeDisabled();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Spam in public bots');
    await ban.click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Banned', { exact: true })).toBeVisible();
    await expect(row).toContainText('Banned: Spam in public bots');

    // The audit log shows it.
    await page.getByTestId('admin-tab-audit').click();
    await expect(page).toHaveURL(/section=audit/);
    // Found by its reason and name, not as the newest entry: other tests' admins write to the log too.
    const entry = page
      .getByTestId('audit-entries')
      .locator('li')
      .filter({ hasText: 'Spam in public bots' })
      .filter({ hasText: `@${account.username}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('User banned');
    await signOut(page);

    await signInOnPage(page, account);
    await expect(page.getByRole('form', { name: 'Sign In' })).toContainText(SUSPENDED);
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
  });

  test('a report upheld from the moderation queue hides the bot', async ({ page }) => {
    const creator = await newUser(page);
    const name = `Reported ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/bots', {
      headers: creator.headers,
      data: {
        name,
        description: 'A bot that somebody reported, for the moderation queue.',
        personality: 'Calm.',
        scenario: 'A quiet office.',
        firstMessage: 'Hello!',
        tags: ['e2e'],
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bot = (await created.json()) as { id: string };
    const reporter = await newUser(page);
    expect((await page.request.post(`/api/bots/${bot.id}/report`, { headers: reporter.headers, data: { reason: 'spam' } })).status()).toBe(
      201,
    );

    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin?section=moderation');
    // The referrals the anti-fraud rules held wait where moderators look, not at the bottom of Economy.
    await expect(page.getByRole('heading', { name: 'Flagged referrals' })).toBeVisible();
    const item = page.getByTestId('moderation-requests').locator('li', { hasText: name });
    await expect(item).toBeVisible();
    // A report is dismissed or upheld; approving it alone means nothing.
    await expect(item.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await item.getByRole('button', { name: 'Uphold and hide the bot' }).click();
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Uphold and hide the bot' })).toHaveCount(0);
    // No longer public: a stranger can't open it.
    expect((await page.request.get(`/api/bots/${bot.id}`, { headers: reporter.headers })).status()).toBe(404);
  });

  test('a broadcast is sent from its form after a confirmation and listed', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin?section=broadcast');
    const form = page.getByTestId('broadcast-form');
    const send = form.getByRole('button', { name: 'Send to everyone' });
    await expect(send).toBeDisabled();
    const title = `Maintenance ${Date.now().toString(36)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('The service restarts tonight at 22:00 UTC.');
    await expect(form).toContainText('42/2000');
    await send.click();
    await expect(page.getByRole('dialog')).toContainText(title);
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Broadcast sent')).toBeVisible();
    await expect(page.getByTestId('broadcast-history').locator('li').first()).toContainText(title);
    await expect(form.getByLabel('Title')).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('every section loads and fits a 375 px screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page, DEMO_ADMIN);
    await page.setViewportSize({ width: 375, height: 740 });
    for (const section of ['users', 'moderation', 'analytics', 'broadcast', 'jobs', 'audit', 'economy']) {
      await page.goto(`/admin?section=${section}`);
      await expect(page.getByTestId(`admin-tab-${section}`)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, section).toBeLessThanOrEqual(375);
    }
    // The tabs are reached with the keyboard: arrows move between sections.
    await page.getByTestId('admin-tab-economy').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('admin-tab-audit')).toBeFocused();
    expect(errors).toEqual([]);
  });
});

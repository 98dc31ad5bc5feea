import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, signUpAndIn, watchConsole } from './helpers';

/** Opens a section of /settings and waits for it to have loaded (its first card is there). */
async function openSection(page: Page, slug: string, heading: string) {
  await page.goto(`/settings/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByText(heading, { exact: true }).first()).toBeVisible();
}

/** Save Changes, then the bar goes away once the server has the values. */
async function saveChanges(page: Page) {
  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(save).toBeHidden();
}

/** Picks an option of a labelled select (Radix: a combobox and a listbox). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

test.describe('settings', () => {
  test('profile: display name and bio are saved, the header shows the new name, the username indicator answers', async ({ page }) => {
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    await openSection(page, 'profile', 'Account Information');
    await expect(page.getByText(account.email)).toBeVisible();

    // Save Changes appears only after a change.
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

    // The live availability of the username: taken (the demo user's), available (a new name), and nothing for one's own.
    const username = page.getByLabel('Username');
    const indicator = page.getByTestId('username-availability');
    await username.fill('demo');
    await expect(indicator).toHaveAttribute('data-state', 'taken');
    await expect(indicator).toHaveText('Username is already taken');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await username.fill(`${account.username}_x`);
    await expect(indicator).toHaveAttribute('data-state', 'available');
    await expect(indicator).toHaveText('Username is available');
    await username.fill(account.username);
    await expect(indicator).toHaveCount(0);

    const name = `Renamed ${account.username.slice(-6)}`;
    const bio = 'I chat with starship captains.';
    await page.getByLabel('Display name').fill(name);
    await page.getByLabel('Bio').fill(bio);
    await expect(page.getByTestId('bio-counter')).toHaveText(`${bio.length}/160`);
    await saveChanges(page);

    // The header's menu shows the new name at once…
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menu')).toContainText(name);
    await page.keyboard.press('Escape');

    // …and everything is kept after a reload.
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue(name);
    await expect(page.getByLabel('Bio')).toHaveValue(bio);
    await expect(page.getByLabel('Username')).toHaveValue(account.username);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menu')).toContainText(name);
    expect(errors).toEqual([]);
  });

  test('privacy: Show Online Status is saved', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openSection(page, 'privacy', 'Profile Visibility');
    const online = page.getByRole('switch', { name: 'Show Online Status' });
    await expect(online).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await online.click();
    await expect(online).not.toBeChecked();
    await saveChanges(page);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show Online Status' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Public Profile' })).toBeChecked();
    expect(errors).toEqual([]);
  });

  test('notifications: an event switch and the digest are saved; the in-app test reaches the bell', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openSection(page, 'notifications', 'Notification Channels');

    // Channels: turn the digest on, monthly. Its two selects sit on one line, side by side.
    await page.getByRole('switch', { name: 'Enable Digest' }).click();
    const [frequencyBox, timeBox] = await Promise.all(
      ['Frequency', 'Time'].map((name) => page.getByRole('combobox', { name }).boundingBox()),
    );
    expect(Math.abs(frequencyBox!.y - timeBox!.y)).toBeLessThan(1);
    await choose(page, 'Frequency', 'Monthly (on the 1st)');
    // Email tab: Bot Updates (off by default) on.
    await page.getByRole('tab', { name: 'Email' }).click();
    const botUpdates = page.getByRole('switch', { name: 'Bot Updates' });
    await expect(botUpdates).not.toBeChecked();
    await botUpdates.click();
    await saveChanges(page);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Enable Digest' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Frequency' })).toHaveText('Monthly (on the 1st)');
    await page.getByRole('tab', { name: 'Email' }).click();
    await expect(page.getByRole('switch', { name: 'Bot Updates' })).toBeChecked();

    // The in-app Test puts an unread notification in the header's bell.
    await page.getByRole('tab', { name: 'Channels' }).click();
    const bell = page.getByTestId('notification-bell');
    // The first sign-in of the day already put the daily reward's notice (§2.12) in the bell, and
    // on a holiday a seasonal achievement's: count from there.
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    const unread = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
    await page.getByRole('button', { name: 'Send a test notification by In-App' }).click();
    await expect(page.getByText('Test notification added to the bell.')).toBeVisible();
    await expect(bell).toHaveAccessibleName(`Notifications, ${unread + 1} unread`);
    await bell.click();
    const items = page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem');
    await expect(items).toHaveCount(unread + 1);
    await expect(items.first()).toContainText('Test notification');
    expect(errors).toEqual([]);
  });

  test('appearance: font size, compact mode and the dark theme apply to the page and are kept', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openSection(page, 'appearance', 'Display');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-font-size', /.*/);
    await expect(html).not.toHaveAttribute('data-compact', /.*/);

    await choose(page, 'Theme', 'Dark');
    await choose(page, 'Font size', 'Large');
    await page.getByRole('switch', { name: 'Compact mode' }).click();
    // A live preview before saving.
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-font-size', 'large');
    await expect(html).toHaveAttribute('data-compact', 'true');
    await saveChanges(page);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-font-size', 'large');
    await expect(html).toHaveAttribute('data-compact', 'true');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText('Dark');
    await expect(page.getByRole('combobox', { name: 'Font size' })).toHaveText('Large');
    await expect(page.getByRole('switch', { name: 'Compact mode' })).toBeChecked();

    // Elsewhere in the app too: the look belongs to the account, not to the section.
    await page.goto('/');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-font-size', 'large');
    expect(errors).toEqual([]);
  });

  test('security: the login alerts switch is kept; a changed password signs in', async ({ page }) => {
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    await openSection(page, 'security', 'Security Alerts');
    const alerts = page.getByRole('switch', { name: 'Login Alerts' });
    const before = await alerts.isChecked();
    await alerts.click();
    // Saved as soon as it is flipped.
    await expect(alerts).toBeChecked({ checked: !before });
    await expect(alerts).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Login Alerts' })).toBeChecked({ checked: !before });

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const password = 'Quiet-Heron-Sings-77!';
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm new password').fill('Quiet-Heron-Sings-78!');
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await dialog.getByLabel('Confirm new password').fill(password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Your password has been changed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await signOut(page);
    await signIn(page, { email: account.email, password });
    expect(errors).toEqual([]);
  });

  test('data: retention and auto-delete are saved; the JSON export downloads', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openSection(page, 'data', 'Data & Storage');
    await choose(page, 'Data retention period', '90 days');
    const autoDelete = page.getByRole('switch', { name: 'Auto-delete messages' });
    await expect(autoDelete).not.toBeChecked();
    await autoDelete.click();
    await saveChanges(page);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Data retention period' })).toHaveText('90 days');
    await expect(page.getByRole('switch', { name: 'Auto-delete messages' })).toBeChecked();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('user-data-export.json');
    const content: unknown = JSON.parse(await fs.readFile(await file.path(), 'utf8'));
    expect(content).toEqual(expect.objectContaining({ profile: expect.anything() }));
    await expect(page.getByText(/user-data-export\.json has been downloaded/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('integrations: an API key is shown once and then listed by its prefix', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openSection(page, 'integrations', 'API Keys');
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('Home automation');
    await dialog.getByRole('checkbox', { name: /profile:read/ }).click();
    await dialog.getByRole('checkbox', { name: /bots:read/ }).click();
    await dialog.getByRole('button', { name: 'Create API Key' }).click();

    const created = page.getByRole('dialog', { name: 'Your new API key' });
    const keyField = created.getByLabel('API key');
    await expect(keyField).toHaveValue(/^\S{20,}$/);
    const key = await keyField.inputValue();
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();

    await page.reload();
    const item = page.getByRole('list', { name: 'API Keys' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Home automation');
    await expect(item).toContainText('profile:read');
    await expect(item).toContainText('bots:read');
    const prefix = (await item.locator('.font-mono').first().innerText()).replace(/…$/, '');
    expect(prefix.length).toBeGreaterThan(3);
    expect(key.startsWith(prefix)).toBe(true);
    // The secret itself is never shown again.
    await expect(page.getByText(key)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('integrations: a webhook to a loopback address is refused with the reason', async ({ page }) => {
    await signUpAndIn(page);
    await openSection(page, 'integrations', 'Webhooks');
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('checkbox', { name: /bot\.published/ }).click();

    await dialog.getByLabel('URL').fill('http://127.0.0.1:9/hook');
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The webhook URL must use https');

    await dialog.getByLabel('URL').fill('https://127.0.0.1/hook');
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The webhook URL points to a private, loopback or link-local address');
    await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, signUpAndIn, watchConsole } from './helpers';

/** Signs up through the API and answers the bearer headers of the new account. */
async function apiAccount(request: APIRequestContext) {
  const account = newAccount();
  const res = await request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, password: account.password, displayName: account.displayName },
  });
  expect(res.status()).toBe(201);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  return { ...account, id: user.id, headers: { authorization: `Bearer ${accessToken}` } };
}

async function bearerOf(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.ok()).toBe(true);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  return { id: user.id, headers: { authorization: `Bearer ${accessToken}` } };
}

/**
 * Real notifications of two kinds for the user (through `request`, the API without the page's
 * cookies: a signup there would sign the page in as someone else): `followers` other accounts follow them (new
 * follower), and `replies` chats whose opening reply finished "unseen" (new message), as the chat
 * page reports a reply that ends while its tab is hidden.
 */
async function makeNotifications(
  request: APIRequestContext,
  me: { id: string; headers: Record<string, string> },
  followers: number,
  replies: number,
) {
  for (let i = 0; i < followers; i += 1) {
    const fan = await apiAccount(request);
    expect((await request.post(`/api/users/${me.id}/follow`, { headers: fan.headers })).ok()).toBe(true);
  }
  const bots = (await (await request.get('/api/bots/public?limit=1')).json()) as { items: { id: string }[] };
  for (let i = 0; i < replies; i += 1) {
    const chat = await request.post('/api/chats', { headers: me.headers, data: { botId: bots.items[0]!.id } });
    expect(chat.status()).toBe(201);
    const { id } = (await chat.json()) as { id: string };
    const messages = (await (await request.get(`/api/chats/${id}/messages`, { headers: me.headers })).json()) as {
      items: { id: string }[];
    };
    const unseen = await request.post(`/api/chats/${id}/messages/${messages.items[0]!.id}/unseen`, { headers: me.headers });
    expect(unseen.status()).toBe(204);
  }
}

test.describe('the notification center', () => {
  test('/notifications: filters by type, marks one read, and scrolls to the end page by page', async ({ page, request }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    const me = await bearerOf(request, account);
    await makeNotifications(request, me, 14, 12);

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const items = page.getByTestId('notification-list').getByTestId('notification-item');
    // The first page holds 20; the end of the list brings the rest (14 + 12, and the first sign-in's own notices).
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThanOrEqual(20);
    const total = ((await (await request.get('/api/user/notifications?limit=1', { headers: me.headers })).json()) as { total: number })
      .total;
    expect(total).toBeGreaterThanOrEqual(26);
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/user/notifications?') && r.url().includes('cursor='));
    await page.mouse.wheel(0, 20_000);
    await nextPage;
    await expect(items).toHaveCount(total);
    await expect(page.getByText("That's everything.")).toBeVisible();

    // One type: the replies only, each with its kind's icon.
    await page.getByTestId('notification-filter-messages').click();
    await expect(page).toHaveURL(/\?type=messages$/);
    await expect(items).toHaveCount(12);
    await expect(page.getByTestId('notification-list').locator('[data-kind=newMessage]')).toHaveCount(12);
    await expect(items.first()).toContainText('replied');

    // Mark one read: it loses its unread mark, and the count goes down by one.
    const unreadLine = page.getByText(/^\d+ unread$/);
    const before = Number((await unreadLine.textContent())!.split(' ')[0]);
    const first = items.first();
    await expect(first).toHaveAttribute('data-read', 'false');
    await first.getByRole('button', { name: /^Mark “.+” as read$/ }).click();
    await expect(first).toHaveAttribute('data-read', 'true');
    await expect(unreadLine).toHaveText(`${before - 1} unread`);

    // The unread ones of that type: one fewer.
    await page.getByRole('tab', { name: 'Unread' }).click();
    await expect(items).toHaveCount(11);

    // Another type: the followers.
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByTestId('notification-filter-social').click();
    await expect(items).toHaveCount(14);
    await expect(page.getByTestId('notification-list').locator('[data-kind=newFollower]')).toHaveCount(14);
    // A type with nothing yet says so.
    await page.getByTestId('notification-filter-purchases').click();
    await expect(page.getByText('No notifications of this type yet.')).toBeVisible();

    // Opening a row follows its link.
    await page.getByTestId('notification-filter-messages').click();
    await items.nth(1).getByRole('button').first().click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]+$/);
    expect(errors).toEqual([]);
  });

  test('switching the language shows the notices already there in the new one, without a reload', async ({ page, request }) => {
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    const me = await bearerOf(request, account);
    const fan = await apiAccount(request);
    expect((await request.post(`/api/users/${me.id}/follow`, { headers: fan.headers })).ok()).toBe(true);

    await page.goto('/notifications');
    const notice = page
      .getByTestId('notification-list')
      .getByTestId('notification-item')
      .filter({ has: page.locator('[data-kind=newFollower]') });
    await expect(notice).toContainText(`${fan.displayName} started following you`);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(notice).toContainText(`Новый подписчик: ${fan.displayName}`);
    await expect(notice).not.toContainText('started following you');
    expect(errors).toEqual([]);
  });

  test('the bell: the unread count, mark all read, then clear all', async ({ page, request }) => {
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);
    const me = await bearerOf(request, account);
    await makeNotifications(request, me, 2, 2);
    await page.reload();

    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByTestId('notification-item').first()).toBeVisible();
    await expect(popover.locator('[data-kind=newMessage]')).toHaveCount(2);
    await expect(popover.locator('[data-kind=newFollower]')).toHaveCount(2);

    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(popover.locator('[data-read=false]')).toHaveCount(0);

    await popover.getByRole('button', { name: 'Clear all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear all notifications?' });
    await confirm.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByText('Notifications cleared.')).toBeVisible();
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet.')).toBeVisible();
    const left = (await (await request.get('/api/user/notifications', { headers: me.headers })).json()) as { total: number };
    expect(left.total).toBe(0);
    expect(errors).toEqual([]);
  });
});

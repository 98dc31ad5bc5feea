import { expect, test } from '@playwright/test';
import { newAccount, signIn, watchConsole } from './helpers';

/** What a new user tripped over in the shell (issue 37 §8). */
test.describe('first steps', () => {
  test('the sign-in and sign-up pages are the form: no second Sign In button over them', async ({ page }) => {
    for (const path of ['/login', '/auth/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('form')).toBeVisible();
      await expect(page.getByTestId('sign-in')).toHaveCount(0);
    }
    await page.goto('/explore');
    await expect(page.getByTestId('sign-in')).toBeVisible();
  });

  test('the account menu says Sign Out, and a notice arriving on the chat page logs no error', async ({ page: signInPage, request }) => {
    const me = newAccount();
    const made = await signInPage.request.post('/api/auth/signup', {
      data: { email: me.email, username: me.username, password: me.password },
    });
    expect(made.status()).toBe(201);
    const meId = ((await made.json()) as { user: { id: string } }).user.id;
    await signIn(signInPage, me);
    await signInPage.getByTestId('profile-menu').click();
    await expect(signInPage.getByTestId('logout')).toHaveText('Sign Out');
    await signInPage.keyboard.press('Escape');

    // A new tab, never touched: a notice arrives while its chat page is open. (Headless Chromium
    // reports the tab as activated all the same, so the vibration rule itself is a unit test.)
    const page = await signInPage.context().newPage();
    const errors = watchConsole(page);
    await page.goto('/chat');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bell = page.getByTestId('notification-bell');
    const before = await bell.getAttribute('aria-label');
    // Someone follows me: the live stream brings the notice to the bell.
    const fan = newAccount();
    const signup = await request.post('/api/auth/signup', { data: { email: fan.email, username: fan.username, password: fan.password } });
    expect(signup.status()).toBe(201);
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const follow = await request.post(`/api/users/${meId}/follow`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(follow.ok()).toBe(true);
    await expect(bell).not.toHaveAttribute('aria-label', before ?? '');
    expect(errors).toEqual([]);
  });
});

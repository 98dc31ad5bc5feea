import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, newAccount, signIn, signInOnPage, signOut, signUpAndIn, watchConsole } from './helpers';

test.describe('accounts', () => {
  test('signs up, signs out and signs in again', async ({ page }) => {
    const errors = watchConsole(page);
    const account = newAccount();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Username').fill(account.username);
    await form.getByLabel('Display name (optional)').fill(account.displayName);
    await form.getByLabel('Password', { exact: true }).fill('weak');
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
    await expect(page.getByText('Very weak password')).toBeVisible();
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'very-strong');
    await expect(page.getByText('Excellent password')).toBeVisible();
    await form.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('token-badge')).toHaveText('100');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menu')).toContainText(account.displayName);
    await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
    await page.keyboard.press('Escape');

    // The session survives a reload (the refresh cookie brings a new access token).
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible();

    await signOut(page);
    await signInOnPage(page, account);
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a signup in Russian with the dark theme keeps both, and its address check comes in Russian', async ({ page, request }) => {
    const errors = watchConsole(page);
    const account = newAccount();
    await page.goto('/signup');
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const form = page.locator('form');
    await form.locator('input[name=email]').fill(account.email);
    await form.locator('input[name=username]').fill(account.username);
    await form.locator('input[name=password]').fill(account.password);
    await form.locator('button[type=submit]').click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();

    // The account took the page's language, and the browser's theme (it was otherwise untouched).
    const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    await expect
      .poll(async () => (await request.get('/api/user/settings/appearance', { headers })).json())
      .toMatchObject({ language: 'ru', theme: 'dark' });
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.goto('/dev/outbox');
    await expect(page.getByTestId('outbox')).toContainText('Подтвердите адрес почты для CharaChat');
    expect(errors).toEqual([]);
  });

  test('a signed-in page asks for its access token once, from theme-init.js (inline) before the app has run', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const bots = (await (await page.request.get('/api/bots/public?sortBy=popular&page=1&limit=1')).json()) as { items: { id: string }[] };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const refreshes: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.endsWith('/api/auth/refresh'))
        refreshes.push(event.initiator.stack?.callFrames[0]?.url ?? event.initiator.type);
    });
    // Both pages carry theme-init.js inline (apps/web/scripts/prerender.js: home.html and the chat's
    // shell, chat.html), so the refresh's initiator is the page itself, not the app's scripts.
    const chatPath = `/chat/${bots.items[0]!.id}`;
    for (const [path, initiator] of [
      [chatPath, new RegExp(`${chatPath}$`)],
      ['/', /\/$/],
    ] as const) {
      refreshes.length = 0;
      await page.goto(path);
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      await expect(page.getByTestId('token-badge')).toHaveText('100');
      // The app took that answer instead of asking again (a second refresh would present the
      // rotated token once more) and its calls carried the new token (the badge above).
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]).toMatch(initiator);
    }
    // The signed-in home's widgets load after its first paint: they are let finish before the sign-out,
    // or one of their calls meets the ended session (a 401 in the console: the CI run's flaky failure).
    await expect(page.getByTestId('gamification-widget')).toBeVisible();
    await expect(page.getByTestId('top-players')).toBeVisible();
    await expect(page.getByTestId('top-players').locator('[aria-busy="true"]')).toHaveCount(0);
    // Signed out: nobody asks.
    await signOut(page);
    refreshes.length = 0;
    await page.goto('/');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(refreshes).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a session whose refresh meets the rate limit as the page opens is restored once the limit passes', async ({ page }) => {
    await signUpAndIn(page);
    // The first two refreshes (theme-init.js's, then the app's first retry) are refused for 1 s.
    let calls = 0;
    await page.route('**/api/auth/refresh', (route) =>
      calls++ < 2
        ? route.fulfill({
            status: 429,
            headers: { 'retry-after': '1', 'content-type': 'application/json' },
            body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }),
          })
        : route.continue(),
    );
    await page.goto('/notifications');
    // The page waits on its placeholders, then shows the user's own page: never "Authentication required".
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    expect(calls).toBe(3);
    await expect(page.getByText('Authentication required')).toHaveCount(0);
  });

  test('shows the server field errors: a taken email and a wrong password', async ({ page }) => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Email').fill(DEMO_USER.email);
    await form.getByLabel('Username').fill(newAccount().username);
    await form.getByLabel('Password', { exact: true }).fill('Brisk-Otter-Runs-42!');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('An account with this email already exists')).toBeVisible();

    await page.goto('/login');
    await signInOnPage(page, { email: DEMO_USER.email, password: 'Wrong-Password-1!' });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('a guarded route sends a visitor to sign in and comes back after', async ({ page }) => {
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fprofile$/);
    await signInOnPage(page, DEMO_USER);
    await expect(page).toHaveURL('/settings/profile');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  });

  test('the admin sees the Admin Panel; a user does not and is refused /admin', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    // Searched for: the first page shows the newest accounts, and the other tests make many.
    await page.getByLabel('Search by email, username or name').fill('demo@example.com');
    await expect(page.getByTestId('admin-users')).toContainText('demo@example.com');
    await signOut(page);

    await signInOnPage(page, DEMO_USER);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Get Premium' })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('the Sign In modal opens from the header and closes on Escape and on the backdrop', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('sign-in').click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page.getByTestId('sign-in').click();
    await expect(modal).toBeVisible();
    // Radix listens for a click outside only from the task after the dialog opens (so that the
    // opening click can't close it); on a loaded machine the first click may come before that.
    await expect(async () => {
      await page.mouse.click(5, 400);
      await expect(modal).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });

    // Signing in from the modal keeps the user on the page they were on.
    await page.getByTestId('sign-in').click();
    await signInOnPage(page, DEMO_USER);
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('verifies the email through the link in the dev outbox', async ({ page }) => {
    const account = newAccount();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Username').fill(account.username);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();

    // /referrals needs a verified email: the guard sends the user to /verify-email.
    await page.goto('/referrals');
    await expect(page).toHaveURL('/verify-email');
    await expect(page.getByText(`We sent a confirmation link to ${account.email}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Open the outbox' }).click();
    const link = page
      .getByTestId('outbox')
      .getByRole('link', { name: /verify-email\?token=/ })
      .first();
    await link.click();
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await page.goto('/referrals');
    await expect(page.getByRole('heading', { name: 'Referral Program' })).toBeVisible();
  });
});

test.describe('logout fallback', () => {
  test('a logout that hangs for 10 s runs the forced logout and goes home', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO_USER);
    let forced = false;
    // The normal logout never answers; the forced one must still end the session on the server.
    await page.route('**/api/auth/logout', () => undefined);
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/force-logout')) forced = true;
    });
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.clock.runFor(10_000);
    await expect.poll(() => forced).toBe(true);
    await page.clock.runFor(600);
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth-storage'))).toBeNull();
    // The server ended the session: a reload does not bring it back.
    await page.reload();
    await expect(page.getByTestId('sign-in')).toBeVisible();
  });
});

test.describe('OpenID Connect', () => {
  test('"Continue with TestID" signs in at the provider and comes back signed in', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByText('Or sign in with')).toBeVisible();
    await page.getByRole('link', { name: 'Continue with TestID' }).click();
    // The provider's own login form.
    await page.locator('input[name="login"]').fill('oidc_e2e');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL('/settings/profile');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menu')).toContainText('oidc_e2e@idp.example.com');
    expect(errors).toEqual([]);
  });
});

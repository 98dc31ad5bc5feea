import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, expectAccessible, newAccount, signInOnPage, watchConsole } from './helpers';

/** Makes an account through the API, without signing this browser in. */
async function newAccountViaApi(request: APIRequestContext) {
  const account = newAccount();
  const res = await request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, password: account.password },
  });
  expect(res.status()).toBe(201);
  return account;
}

/**
 * The path of the newest reset link mailed to an address, read from the dev outbox as the admin
 * (a separate request context: the page's own cookies stay as they are). The mail is a job's work,
 * so it is waited for.
 */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  let link = '';
  await expect
    .poll(async () => {
      const { items } = (await (await request.get('/api/dev/outbox', { headers })).json()) as { items: { to: string; text: string }[] };
      const mail = items.find((m) => m.to === email && /\/reset-password\?token=/.test(m.text));
      link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test.describe('forgot password', () => {
  test('asks for a link from the sign-in page, sets a new password through it, and signs in with it', async ({ page, request }) => {
    const errors = watchConsole(page);
    const account = await newAccountViaApi(request);
    await page.goto('/login');
    const signInForm = page.getByRole('form', { name: 'Sign In' });
    await signInForm.getByLabel('Email').fill(account.email);
    await signInForm.getByRole('link', { name: 'Forgot password?' }).click();

    await expect(page).toHaveURL('/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot your password?' });
    // The address typed on the sign-in form came along.
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expectAccessible(page, '/forgot-password');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toContainText(`If an account exists for ${account.email}, we sent a link`);
    await expectAccessible(page, 'the link is sent');

    await page.goto(await resetLinkFor(request, account.email));
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    const newPassword = 'Quiet-Harbor-77!';
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
    await expectAccessible(page, '/reset-password');
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await expect(reset.getByText('Passwords do not match')).toBeVisible();
    await reset.getByLabel('Confirm new password').fill(newPassword);
    // The keyboard is enough: Enter sends the form.
    await reset.getByLabel('Confirm new password').press('Enter');
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await expect(page).toHaveURL('/login');
    await signInOnPage(page, { email: account.email, password: newPassword });
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the link works once: used again, the page says so and offers a new one', async ({ page, request }) => {
    const account = await newAccountViaApi(request);
    expect((await request.post('/api/auth/password/forgot', { data: { email: account.email } })).status()).toBe(202);
    const path = await resetLinkFor(request, account.email);
    const token = new URLSearchParams(path.split('?')[1]).get('token');
    expect((await request.post('/api/auth/password/reset', { data: { token, password: 'Quiet-Harbor-77!' } })).status()).toBe(200);

    await page.goto(path);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('Another-Harbor-78!');
    await reset.getByLabel('Confirm new password').fill('Another-Harbor-78!');
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: "This link doesn't work" })).toBeVisible();
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('the Sign In modal leads there too, and the pages work in Russian, dark, at 375 px', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByTestId('sign-in').click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Забыли пароль?' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await wide()).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/forgot-password, Russian, dark');

    await page.goto('/reset-password?token=pr_nothing');
    await expect(page.getByRole('heading', { name: 'Задайте новый пароль' })).toBeVisible();
    await page.getByLabel('Новый пароль', { exact: true }).fill('Quiet-Harbor-77!');
    await page.getByLabel('Повторите новый пароль').fill('Quiet-Harbor-77!');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('heading', { name: 'Ссылка не работает' })).toBeVisible();
    expect(await wide()).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'a bad link, Russian, dark');
  });
});

import { expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin-Demo-2026!' };
export const DEMO_USER = { email: 'demo@example.com', password: 'User-Demo-2026!' };
export const NEW_PASSWORD = 'Brisk-Otter-Runs-42!';

/** A new account's details, unique per call. */
export function newAccount() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `e2e_${id}@example.com`, username: `e2e_${id}`, displayName: `Tester ${id}`, password: NEW_PASSWORD };
}

/** Fails the test on any console error or uncaught exception of the page. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function signInOnPage(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await signInOnPage(page, account);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sign-in')).toBeVisible();
}

import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin-Demo-2026!' };
export const DEMO_USER = { email: 'demo@example.com', password: 'User-Demo-2026!' };
export const NEW_PASSWORD = 'Brisk-Otter-Runs-42!';

/** A new account's details, unique per call. */
export function newAccount() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `e2e_${id}@example.com`, username: `e2e_${id}`, displayName: `Tester ${id}`, password: NEW_PASSWORD };
}

/** Collects console errors and uncaught exceptions of our pages (not of other sites, such as the OIDC provider's). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  const ours = test.info().project.use.baseURL ?? '';
  page.on('console', (msg) => {
    if (msg.type() === 'error' && page.url().startsWith(ours)) errors.push(`${msg.text()} (${msg.location().url})`);
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
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
}

/**
 * A new account, made through the API (the sign-up page has its own tests), and signed in; with
 * the headers that call the API as it (`auth`), for setting things up.
 */
export async function signUpAndIn(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, password: account.password },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  await signIn(page, account);
  return { ...account, auth: { authorization: `Bearer ${accessToken}` } };
}

/** axe-core on the page as it is now: no serious or critical violation (a11y.spec.ts checks every page; this, one a spec is on). */
export async function expectAccessible(page: Page, where: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } })
      .then((r) =>
        r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ),
  );
  expect(violations, where).toEqual([]);
}

import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount } from './helpers';

/**
 * The referral program end to end (issue 16): A makes a code, a friend signs up through A's link
 * and verifies the email, and A's dashboard shows one confirmed referral and 50 tokens. The two
 * people browse from different addresses (the server trusts X-Forwarded-For here: TRUST_PROXY),
 * as they would in life; from one address the signup would be flagged as A's own.
 */
async function personAt(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return context.newPage();
}

/** Opens the newest verification link of the signed-in user from the dev outbox. */
async function verifyThroughOutbox(page: Page) {
  await page.goto('/dev/outbox');
  await page
    .getByTestId('outbox')
    .getByRole('link', { name: /verify-email\?token=/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

test('a friend signs up through the link and verifies: the referrer sees one confirmed referral and 50 tokens', async ({ browser }) => {
  const a = await personAt(browser, '203.0.113.10');
  const referrer = newAccount();
  const res = await a.request.post('/api/auth/signup', {
    data: { email: referrer.email, username: referrer.username, displayName: referrer.displayName, password: referrer.password },
  });
  expect(res.status()).toBe(201);
  await a.goto('/login');
  const login = a.getByRole('form', { name: 'Sign In' });
  await login.getByLabel('Email').fill(referrer.email);
  await login.getByLabel('Password', { exact: true }).fill(referrer.password);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(a.getByTestId('profile-menu')).toBeVisible();
  await verifyThroughOutbox(a);

  // A opens the program from the profile menu and makes a code.
  await a.getByTestId('profile-menu').click();
  await a.getByRole('menuitem', { name: 'Referrals' }).click();
  await expect(a.getByRole('heading', { name: 'Referral Program' })).toBeVisible();
  await expect(a.getByText("You don't have a referral code yet. Generate one to start earning rewards!")).toBeVisible();
  await a.getByRole('button', { name: 'Generate Referral Code' }).click();
  const link = await a.getByTestId('referral-link').inputValue();
  const code = (await a.getByTestId('referral-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6,10}$/);
  expect(link).toMatch(new RegExp(`/signup\\?ref=${code}$`));
  await expect(a.getByTestId('stat-total')).toContainText('0');

  // The friend follows the link from elsewhere.
  const b = await personAt(browser, '198.51.100.20');
  const friend = newAccount();
  await b.goto(new URL(link).pathname + new URL(link).search);
  await expect(b.getByTestId('referral-invite')).toHaveText(`Invited by ${referrer.displayName}`);
  const form = b.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(friend.email);
  await form.getByLabel('Username').fill(friend.username);
  await form.getByLabel('Password', { exact: true }).fill(friend.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(b.getByTestId('profile-menu')).toBeVisible();
  // Pending until the friend verifies.
  await a.reload();
  await expect(a.getByTestId('stat-pending')).toContainText('1');
  await expect(a.getByTestId('stat-total')).toContainText('1 link visit');
  await verifyThroughOutbox(b);

  await a.reload();
  await expect(a.getByTestId('stat-confirmed')).toContainText('1');
  await expect(a.getByTestId('stat-confirmed')).toContainText('Conversion rate 100.0%');
  await expect(a.getByTestId('stat-earned')).toContainText('50');
  await expect(a.getByTestId('registration-bonuses')).toHaveText('50 tokens');
  await expect(a.getByTestId('referral-activity')).toContainText(`${friend.username} signed up`);
  await expect(a.getByTestId('referral-activity')).toContainText('+50 tokens');
});

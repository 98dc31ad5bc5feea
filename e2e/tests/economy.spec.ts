import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('gems and tokens', () => {
  test('buys a gem package through the sandbox checkout and sees the balance change', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/tokens');
    const panel = page.getByTestId('gem-panel');
    await expect(panel.getByTestId('gem-balance')).toHaveText('100');
    await expect(panel.getByTestId('gems-transactions')).toContainText('Welcome gems');

    await panel.getByRole('button', { name: 'Buy' }).click();
    await panel.getByRole('button', { name: /Popular, 1,200 gems/ }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    const checkout = page.getByTestId('checkout');
    await expect(checkout).toContainText('1,200 gems');
    await expect(checkout).toContainText('Test payment');
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('checkout-status')).toHaveText(/Paid/);

    await checkout.getByRole('link', { name: 'Back to your balance' }).click();
    await expect(page).toHaveURL(/\/tokens$/);
    await expect(panel.getByTestId('gem-balance')).toHaveText('1,300');
    await expect(panel.getByTestId('gems-transactions').getByRole('listitem').first()).toContainText('+1,200');
    expect(errors).toEqual([]);
  });

  test('a cancelled sandbox checkout charges nothing; the token page lists packs and history', async ({ page }) => {
    await signUpAndIn(page);
    await page.goto('/tokens');
    await expect(page.getByTestId('tokens-balance')).toContainText('100');
    await expect(page.getByTestId('tokens-transactions')).toContainText('Starting tokens');
    await page.getByRole('button', { name: /Small pack/ }).click();
    await expect(page).toHaveURL(/\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('checkout-status')).toHaveText(/Cancelled/);
    await page.goto('/tokens');
    await expect(page.getByTestId('tokens-balance')).toContainText('100');
  });

  test("another user's checkout is not found", async ({ page, browser }) => {
    await signUpAndIn(page);
    await page.goto('/tokens');
    await page.getByRole('button', { name: /Small pack/ }).click();
    await expect(page).toHaveURL(/\/checkout\//);
    const url = page.url();
    const other = await browser.newPage();
    await signUpAndIn(other);
    await other.goto(url);
    await expect(other.getByText('Purchase not found')).toBeVisible();
    await other.close();
  });
});

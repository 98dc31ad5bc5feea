import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('subscriptions', () => {
  test('a new user subscribes to premium through the sandbox page, sees PRO, the upgrade button and the allowance, then cancels on /settings/billing', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/');
    const premium = page.getByTestId('premium-button');
    await expect(premium).toHaveAccessibleName('Get Premium');
    await expect(page.getByTestId('token-badge')).toContainText('100');

    await premium.click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId('plan-free')).toContainText('Current plan');
    await expect(page.getByTestId('plan-premium')).toContainText('8,000 tokens every month');
    await page.getByTestId('subscribe-premium').click();

    await expect(page).toHaveURL(/\/subscription\/checkout\/[0-9a-f-]{36}$/);
    const checkout = page.getByTestId('subscription-checkout');
    await expect(checkout).toContainText('PRO plan');
    await expect(checkout).toContainText('Test payment');
    await expect(checkout).toContainText('no money moves');
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('subscription-checkout-status')).toHaveText('Paid: you are on PRO now.');

    // The header follows at once: Upgrade to ULTIMATE, the allowance in the balance, PRO in the profile menu.
    await expect(premium).toHaveAccessibleName('Upgrade to ULTIMATE');
    await expect(page.getByTestId('token-badge')).toContainText('8,100');
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('plan-badge')).toHaveText('PRO');
    await page.keyboard.press('Escape');

    // Upgrade leads to the plans with the next tier focused.
    await premium.click();
    await expect(page).toHaveURL(/\/subscription\?upgrade=true$/);
    await expect(page.getByTestId('subscribe-ultimate')).toBeFocused();
    await expect(page.getByTestId('plan-premium')).toContainText('Current plan');

    await page.goto('/tokens');
    await expect(page.getByTestId('tokens-balance')).toContainText('8,100');

    await page.goto('/settings/billing');
    const plan = page.getByTestId('billing-plan');
    await expect(plan.getByTestId('billing-plan-badge')).toHaveText('PRO');
    await expect(plan.getByTestId('billing-renewal')).toContainText('Renews on');
    await expect(page.getByTestId('billing-invoices')).toContainText('8,000 tokens credited');
    await plan.getByTestId('billing-cancel').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Cancel your subscription?');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(dialog).toBeHidden();
    await expect(plan.getByTestId('billing-renewal')).toContainText('Ends on');
    await expect(plan.getByTestId('billing-resume')).toBeVisible();
    // Still PRO until the period ends.
    await expect(plan.getByTestId('billing-plan-badge')).toHaveText('PRO');
    await page.reload();
    await expect(page.getByTestId('billing-renewal')).toContainText('Ends on');
    expect(errors).toEqual([]);
  });

  test('an ultimate subscriber sees no premium button', async ({ page }) => {
    await signUpAndIn(page);
    await page.goto('/subscription');
    await page.getByTestId('subscribe-ultimate').click();
    await page.getByTestId('subscription-checkout').getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('subscription-checkout-status')).toHaveText('Paid: you are on ULTIMATE now.');
    await expect(page.getByTestId('premium-button')).toHaveCount(0);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('plan-badge')).toHaveText('ULTIMATE');
  });
});

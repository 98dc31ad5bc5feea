import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, newAccount, signIn, watchConsole } from './helpers';

test.describe('admin economy', () => {
  test('pricing with a live preview, an API token purchase with its cost per token, and the economy totals', async ({ page }) => {
    const errors = watchConsole(page);
    // A buyer pays a 5 EUR token pack through the sandbox: revenue for the report.
    const buyer = newAccount();
    const signup = await page.request.post('/api/auth/signup', {
      data: { email: buyer.email, username: buyer.username, password: buyer.password },
    });
    expect(signup.status()).toBe(201);
    const headers = { authorization: `Bearer ${((await signup.json()) as { accessToken: string }).accessToken}` };
    const purchase = await page.request.post('/api/purchases', { data: { kind: 'tokens', packId: 'small' }, headers });
    expect(purchase.status()).toBe(201);
    const { id } = (await purchase.json()) as { id: string };
    expect((await page.request.post(`/api/purchases/${id}/sandbox/complete`, { headers })).ok()).toBe(true);

    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin');

    // Pricing: the defaults, then the preview follows the markup as it is typed.
    const pricing = page.getByTestId('admin-pricing');
    const markup = pricing.getByLabel('Markup (%)');
    await expect(markup).toHaveValue('50');
    // text: 100 × 0.001 = 0.1 EUR; × (1 + 50/100 × 2) = 0.2 EUR; ceil(0.2 / 0.0015) = 134 tokens.
    await expect(pricing.getByTestId('preview-text-tokens')).toHaveText('134');
    await expect(pricing.getByTestId('preview-text-price')).toHaveText('€0.20');
    await markup.fill('100');
    // × (1 + 100/100 × 2) = 0.3 EUR; ceil(0.3 / 0.0015) = 200 tokens; margin (0.3 − 0.1) / 0.3.
    await expect(pricing.getByTestId('preview-text-price')).toHaveText('€0.30');
    await expect(pricing.getByTestId('preview-text-tokens')).toHaveText('200');
    await expect(pricing.getByTestId('preview-text-margin')).toHaveText('66.67 %');
    await expect(pricing.getByTestId('preview-video-tokens')).toHaveText('4,000');
    // Outside 10–200: the spec's message, no preview, and Save refuses.
    await markup.fill('5');
    await expect(pricing.getByTestId('pricing-invalid')).toHaveText('Невалидная конфигурация ценообразования');
    await expect(pricing.getByTestId('preview-text-tokens')).toHaveText('—');
    await markup.fill('100');
    await expect(pricing.getByTestId('pricing-invalid')).toHaveCount(0);
    await pricing.getByRole('button', { name: 'Save pricing' }).click();
    await expect(page.getByText('Pricing saved')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('admin-pricing').getByLabel('Markup (%)')).toHaveValue('100');
    const quote = await page.request.get('/api/pricing/quote?type=text');
    expect(await quote.json()).toEqual({ providerCostEur: 0.1, priceEur: 0.3, tokens: 200 });

    // API token purchases: the seed, then a new one with its cost per token, then deleted.
    const purchases = page.getByTestId('admin-token-purchases');
    await expect(purchases.getByTestId('token-purchase-row')).toHaveCount(1);
    await expect(purchases.getByTestId('cost-per-token').first()).toHaveText('€0.015');
    await purchases.getByRole('button', { name: 'Add purchase' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tokens').fill('20000');
    await dialog.getByLabel('Price paid (EUR)').fill('60');
    await dialog.getByLabel('Supplier').fill('E2E Supplier');
    await expect(dialog.getByTestId('purchase-computed')).toContainText('€0.003');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = purchases.getByTestId('token-purchase-row').filter({ hasText: 'E2E Supplier' });
    await expect(row.getByTestId('cost-per-token')).toHaveText('€0.003');
    await expect(row.getByTestId('cost-rub')).toContainText('6,000');

    // Economy: this month's revenue (the 5 EUR pack) against the purchases of the range (150 + 60 EUR).
    const economy = page.getByTestId('admin-economy');
    await expect(economy.getByTestId('economy-revenue')).toContainText('€5.00');
    await expect(economy.getByTestId('economy-cost')).toContainText('€210.00');
    // (5 − 210) / 5 × 100.
    await expect(economy.getByTestId('economy-margin')).toContainText('-4,100 %');
    await expect(economy.getByRole('img', { name: /revenue per day/ })).toBeVisible();

    // Deleting asks first; the report follows.
    await row.getByRole('button', { name: /Delete the purchase/ }).click();
    await page.getByTestId('confirm-button').click();
    await expect(purchases.getByTestId('token-purchase-row')).toHaveCount(1);
    await expect(economy.getByTestId('economy-cost')).toContainText('€150.00');

    // Leave the pricing as the other tests expect it.
    await page.getByTestId('admin-pricing').getByLabel('Markup (%)').fill('50');
    await page.getByTestId('admin-pricing').getByRole('button', { name: 'Save pricing' }).click();
    await expect(page.getByTestId('admin-pricing').getByRole('button', { name: 'Save pricing' })).toBeDisabled();
    expect(errors).toEqual([]);
  });
});

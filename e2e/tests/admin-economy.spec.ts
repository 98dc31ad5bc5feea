import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, newAccount, signIn, watchConsole } from './helpers';

test.describe('admin economy', () => {
  test('pricing with a live preview, an API token purchase with its cost per token, and the economy totals', async ({ page }) => {
    const errors = watchConsole(page);
    // What the report said before this test (other tests may have sold something today).
    const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
    const adminHeaders = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const before = (await (await page.request.get('/api/admin/economy', { headers: adminHeaders })).json()) as {
      revenueEur: number;
      costEur: number;
    };
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
    // The economy panels are the console's Economy section.
    await page.goto('/admin?section=economy');

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
    const rows = purchases.getByTestId('token-purchase-row');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    // The seed: 150 000 tokens for 150 EUR, a token at the pricing's 0.001 EUR; euros alone on the page.
    await expect(rows.filter({ hasText: 'Default' }).getByTestId('cost-per-token')).toHaveText('€0.001');
    await expect(purchases).not.toContainText(/\$|₽|USD|RUB/);
    await purchases.getByRole('button', { name: 'Add purchase' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tokens').fill('20000');
    await dialog.getByLabel('Price paid (EUR)').fill('60');
    await dialog.getByLabel('Supplier').fill('E2E Supplier');
    await expect(dialog.getByTestId('purchase-computed')).toContainText('€0.003');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(count + 1);
    const row = purchases.getByTestId('token-purchase-row').filter({ hasText: 'E2E Supplier' });
    await expect(row.getByTestId('cost-per-token')).toHaveText('€0.003');

    // Economy, the last 30 days: the 5 EUR pack more revenue, the 60 EUR purchase more paid to the
    // provider; the margin is on the tokens replies used, the cash margin (from both) under it.
    const economy = page.getByTestId('admin-economy');
    const eur = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(n);
    const percent = (n: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n)} %`;
    const revenue = before.revenueEur + 5;
    const cost = before.costEur + 60;
    await expect(economy.getByTestId('economy-revenue')).toContainText(eur(revenue));
    await expect(economy.getByTestId('economy-cost')).toContainText(eur(cost));
    const cashMargin = Math.round(((revenue - cost) / revenue) * 100 * 100) / 100;
    await expect(economy.getByTestId('economy-cost-note')).toHaveText(`Cash margin: ${percent(cashMargin)}`);
    const after = (await (await page.request.get('/api/admin/economy', { headers: adminHeaders })).json()) as {
      usage: { costEur: number; marginPercent: number };
    };
    await expect(economy.getByTestId('economy-usage-cost')).toContainText(eur(after.usage.costEur));
    await expect(economy.getByTestId('economy-margin')).toContainText(percent(after.usage.marginPercent));
    await expect(economy).toContainText('The cash margin counts each provider purchase in full');
    await expect(economy).not.toContainText(/\$|₽/);
    await expect(economy.getByRole('img', { name: /revenue per day/ })).toBeVisible();

    // Deleting asks first; the report follows.
    await row.getByRole('button', { name: /Delete the purchase/ }).click();
    await page.getByTestId('confirm-button').click();
    await expect(rows).toHaveCount(count);
    await expect(economy.getByTestId('economy-cost')).toContainText(eur(before.costEur));

    // Leave the pricing as the other tests expect it.
    await page.getByTestId('admin-pricing').getByLabel('Markup (%)').fill('50');
    await page.getByTestId('admin-pricing').getByRole('button', { name: 'Save pricing' }).click();
    await expect(page.getByTestId('admin-pricing').getByRole('button', { name: 'Save pricing' })).toBeDisabled();
    expect(errors).toEqual([]);
  });
});

import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { signInOnPage, signOut, signUpAndIn, watchConsole } from './helpers';

const PERIOD_MS = 30_000;

function totpFor(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: PERIOD_MS / 1000 });
}

const stepOf = (ms: number) => Math.floor(ms / PERIOD_MS);

/** The sign-in's second step, after email and password. */
async function reachCodeStep(page: Page, account: { email: string; password: string }) {
  await signInOnPage(page, account);
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  await expect(step.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  return step;
}

test.describe('two-factor authentication', () => {
  test('turns on with an authenticator app, then signs in with a backup code and with a fresh code', async ({ page }) => {
    // Up to one 30-second TOTP step is waited for: a code is never accepted twice.
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const account = await signUpAndIn(page);

    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: /^Two-Factor Authentication/ })).toContainText('Off');
    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await expect(dialog.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
    await expect(dialog.getByRole('note')).toContainText('Turning this on signs you out everywhere else');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const totp = totpFor(secret);
    const usedAt = Date.now();
    await dialog.getByLabel('6-digit code').fill(totp.generate({ timestamp: usedAt }));
    await dialog.getByRole('button', { name: 'Verify and Enable' }).click();

    // The ten backup codes, shown once.
    const codes = dialog.getByTestId('backup-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const backupCode = (await codes.first().innerText()).trim();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: /^Two-Factor Authentication/ })).toContainText('On');
    await expect(page.getByText('On: codes come from Authenticator app.')).toBeVisible();
    await expect(page.getByText('10 unused backup codes left.')).toBeVisible();

    // Signing in now asks for a code; a wrong one is refused with a message.
    await signOut(page);
    let step = await reachCodeStep(page, account);
    const current = totp.generate();
    const wrong = current === '000000' ? '111111' : '000000';
    await step.getByLabel('Verification code').fill(wrong);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByRole('alert')).toHaveText('Invalid verification code');
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);

    // A backup code works once.
    await step.getByRole('button', { name: 'Use a backup code' }).click();
    await step.getByLabel('Backup code').fill(backupCode);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await page.goto('/settings/security');
    await expect(page.getByText('9 unused backup codes left.')).toBeVisible();

    // A fresh code of the app: the one of a later step than the code that turned two-factor on.
    await signOut(page);
    step = await reachCodeStep(page, account);
    const nextStepAt = (stepOf(usedAt) + 1) * PERIOD_MS;
    const wait = nextStepAt - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 250);
    await step.getByLabel('Verification code').fill(totp.generate());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menu')).toContainText(account.email);

    // The failed attempt answered 401 (the browser logs it); nothing else went wrong.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

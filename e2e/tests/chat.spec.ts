import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

/** Explore's card of a demo bot → Start Chat. */
async function openChatWith(page: Page, botName: string) {
  await page.goto('/');
  await page
    .getByTestId('bot-card')
    .filter({ has: page.getByRole('heading', { name: botName, exact: true }) })
    .getByRole('link', { name: 'Start Chat' })
    .click();
}

test.describe('chat', () => {
  test('open a bot, chat, watch the reply stream, regenerate it, see the balance drop', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await expect(page.getByTestId('token-badge')).toContainText('100');

    await openChatWith(page, 'Captain Mira Voss');
    await expect(page.getByRole('heading', { name: 'Captain Mira Voss' })).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('bot-message').first()).toContainText('cargo bay doors');

    await page.getByTestId('composer').fill('What are we hauling?');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-message').last()).toContainText('What are we hauling?');
    // The reply arrives word by word: first a streaming message with a Stop button, then the whole of it.
    await expect(page.getByTestId('stop')).toBeVisible();
    await expect(page.locator('[data-testid=bot-message][data-status=streaming]')).toHaveCount(1);
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });
    await expect(page.getByTestId('bot-message').last()).toContainText('Captain Mira Voss');
    await expect(page.getByTestId('token-badge')).toContainText('99');

    await page.getByTestId('regenerate').last().click();
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });
    await expect(page.getByTestId('variant-position').last()).toHaveText('2/2');
    await expect(page.getByTestId('token-badge')).toContainText('98');

    // The conversation is kept: it is listed, and reopening it shows the messages.
    await page.goto('/chat');
    await expect(page.getByTestId('chat-list').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('chat-list')).toContainText('Captain Mira Voss');
    await page.getByTestId('chat-list').getByRole('link').first().click();
    await expect(page.getByTestId('user-message')).toContainText('What are we hauling?');

    // Loaded at its own address, the page asks for the chat and its newest messages together while
    // the app starts (main.tsx), not one after the other, and each once: the conversation takes the
    // page asked for at boot.
    const seen: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/chats\/[^/]+\/messages\?limit=50$/.test(r.url())) seen.push('messages asked');
    });
    page.on('response', (r) => {
      if (/\/api\/chats\/[^/?]+$/.test(r.url())) seen.push('chat answered');
    });
    await page.reload();
    await expect(page.getByTestId('user-message')).toContainText('What are we hauling?');
    await expect(page.getByTestId('variant-position').last()).toHaveText('2/2');
    expect(seen).toEqual(['messages asked', 'chat answered']);
    expect(errors).toEqual([]);
  });

  test('after a few exchanges the chat asks for stars once, and the header keeps them', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await openChatWith(page, 'Atlas');
    await expect(page.getByRole('heading', { name: 'Atlas' })).toBeVisible();

    for (const [i, text] of ['Plan my Monday', 'And Tuesday?', 'Thanks!'].entries()) {
      await expect(page.getByTestId('rate-prompt')).toHaveCount(0);
      await page.getByTestId('composer').fill(text);
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(i + 2, { timeout: 20_000 });
    }
    const prompt = page.getByTestId('rate-prompt');
    await expect(prompt).toContainText('How is your chat with Atlas going?');
    await prompt.getByRole('button', { name: '4 stars' }).click();
    await expect(page.getByText('Thanks! You gave 4 stars')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByTestId('rate-button')).toHaveAccessibleName('Your rating: 4 stars');

    // Reopened, the chat knows the stars and does not ask again.
    await page.reload();
    await expect(page.getByTestId('rate-button')).toHaveAccessibleName('Your rating: 4 stars');
    await expect(page.getByTestId('rate-prompt')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

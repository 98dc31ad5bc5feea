import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

type Auth = Record<string, string>;

async function createBot(request: APIRequestContext, auth: Auth, name: string): Promise<string> {
  const res = await request.post('/api/bots', {
    headers: auth,
    data: {
      name,
      description: `${name}, who keeps the focus where it was.`,
      personality: 'Patient.',
      scenario: '{{user}} meets {{char}}.',
      firstMessage: `Hello, {{user}}. I am ${name}.`,
      tags: ['focus'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createChat(request: APIRequestContext, auth: Auth, data: object): Promise<string> {
  const res = await request.post('/api/chats', { headers: auth, data });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** Opens the dialog from `opener` by keyboard and closes it with Escape, then with its Close button: the opener has the focus each time. */
async function expectFocusBack(page: Page, opener: Locator, dialog: Locator, opened: () => Promise<void>) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await opened();
  await expect(opener).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * Dialogs opened without a DialogTrigger (the reply's Prompt panel, a group's members) give the
 * focus back to the control that opened them when they close, as a trigger's dialog does: a
 * keyboard or screen-reader user goes on from where they were, not from the top of the page.
 */
test.describe('focus returns to the opener when a dialog closes', () => {
  test('the Prompt panel of a reply, closed with Escape and with its close button', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);
    const botId = await createBot(page.request, auth, 'Focus Keeper');
    const chatId = await createChat(page.request, auth, { botId });

    await page.goto(`/chats/${chatId}`);
    await page.getByTestId('composer').fill('Where does the focus go?');
    await page.keyboard.press('Enter');
    const reply = page.locator('[data-testid=bot-message][data-status=complete]').last();
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });

    const opener = reply.getByTestId('show-prompt');
    const dialog = page.getByTestId('prompt-dialog');

    await expectFocusBack(page, opener, dialog, () =>
      expect(dialog.getByTestId('prompt-messages')).toContainText('Where does the focus go?'),
    );
    expect(errors).toEqual([]);
  });

  test('the members of a group chat, closed with Escape and with its close button', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);
    const botIds = [await createBot(page.request, auth, 'Focus Keeper'), await createBot(page.request, auth, 'Tab Walker')];
    const chatId = await createChat(page.request, auth, { botIds, turnOrder: 'natural' });

    await page.goto(`/chats/${chatId}`);
    const opener = page.getByTestId('group-members-button');
    const dialog = page.getByTestId('group-members-dialog');
    await expectFocusBack(page, opener, dialog, () => expect(dialog.getByTestId('group-members').getByRole('listitem')).toHaveCount(2));
    expect(errors).toEqual([]);
  });

  test('the new group dialog of the chat list, cancelled with Escape and with its close button', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/chat');
    const opener = page.getByTestId('new-group');
    const dialog = page.getByTestId('new-group-dialog');
    await expectFocusBack(page, opener, dialog, () => expect(dialog.getByTestId('create-group')).toBeDisabled());
    expect(errors).toEqual([]);
  });
});

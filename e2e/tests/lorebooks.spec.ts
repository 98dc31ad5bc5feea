import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

/** SillyTavern's own Eldoria world file (the server tests' fixture). */
const ELDORIA = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/worlds/eldoria-sillytavern.json');

test.describe('lorebooks (issue 20 §1)', () => {
  test('import a SillyTavern world, edit an entry, attach it to a bot, and see the entry in a reply’s Prompt panel', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);

    // From My Bots to the lorebooks: none yet.
    await page.goto('/my-bots');
    await page.getByTestId('lorebooks-link').click();
    await expect(page).toHaveURL(/\/lorebooks$/);
    await expect(page.getByTestId('lorebooks-empty')).toBeVisible();

    // Import SillyTavern's Eldoria world: its four entries, the book opened.
    await page.getByTestId('import-lorebook-file').setInputFiles(ELDORIA);
    const editor = page.getByTestId('lorebook-editor');
    await expect(editor).toBeVisible();
    await expect(editor.getByTestId('lore-entry')).toHaveCount(4);
    await expect(page.getByTestId('lorebook-list')).toContainText('eldoria-sillytavern');
    await expect(page.getByTestId('lorebook-list')).toContainText('4 entries');

    // Search, open the forest entry, add a key, save.
    const search = editor.getByLabel('Search entries');
    await search.fill('ability');
    await expect(editor.getByTestId('lore-entry')).toHaveCount(1);
    await search.fill('');
    const first = editor.getByTestId('lore-entry').first();
    await first.getByRole('button', { name: /eldoria/ }).click();
    const keys = first.getByTestId('entry-keys');
    await keys.fill('eldoria, wood, forest, magical forest, grove');
    await keys.blur();
    await page.getByTestId('save-lorebook').click();
    await expect(page.getByTestId('save-lorebook')).toHaveText(/Saved/);
    const bookId = new URL(page.url()).searchParams.get('book')!;
    const saved = (await (await page.request.get(`/api/lorebooks/${bookId}`, { headers: auth })).json()) as {
      entries: { keys: string[] }[];
    };
    expect(saved.entries[0]!.keys).toContain('grove');

    // An unsaved edit is not dropped by leaving the page: it asks, and staying keeps the edit.
    await keys.fill('eldoria, wood, forest, magical forest, grove, glade');
    await keys.blur();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByTestId('premium-button').click();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/lorebooks\?book=/);
    await expect(keys).toHaveValue(/glade/);
    await page.getByTestId('save-lorebook').click();
    await expect(page.getByTestId('save-lorebook')).toHaveText(/Saved/);

    // A bot of the user's with the book attached; a chat that names a key.
    const bot = await page.request.post('/api/bots', {
      headers: auth,
      data: {
        name: 'Grove Keeper',
        description: 'A gentle keeper of the old grove and its stories.',
        personality: 'Gentle and patient.',
        scenario: '{{user}} meets {{char}} in the grove.',
        firstMessage: 'Welcome, {{user}}.',
        tags: ['lore'],
      },
    });
    expect(bot.status(), await bot.text()).toBe(201);
    const botId = ((await bot.json()) as { id: string }).id;
    // Attached in the bot's form.
    await page.goto(`/bots/edit/${botId}`);
    const select = page.getByTestId('bot-lorebook-select');
    const attached = page.waitForResponse((r) => r.url().endsWith(`/api/bots/${botId}/lorebook`) && r.request().method() === 'PUT');
    await select.selectOption(bookId);
    expect((await attached).status()).toBe(200);
    await expect(page.getByTestId('bot-lorebook').getByRole('link', { name: 'Edit this lorebook' })).toBeVisible();
    const chat = await page.request.post('/api/chats', { headers: auth, data: { botId } });
    const chatId = ((await chat.json()) as { id: string }).id;
    await page.goto(`/chats/${chatId}`);
    await page.getByTestId('composer').fill('Tell me about this grove.');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });

    // The Prompt panel: the Eldoria entry went in, and its text is in what the model got.
    await page.getByTestId('bot-message').last().hover();
    await page.getByTestId('bot-message').last().getByTestId('show-prompt').click();
    const dialog = page.getByTestId('prompt-dialog');
    await expect(dialog.getByTestId('prompt-lore')).toContainText('eldoria');
    await expect(dialog.getByTestId('prompt-messages')).toContainText('Eldoria is here, all of the woods.');
    await expect(dialog.getByTestId('prompt-messages')).toContainText('Tell me about this grove.');
    // The greeting asked no model: it has no Prompt button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bot-message').first().getByTestId('show-prompt')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

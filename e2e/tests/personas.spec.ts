import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('personas (issue 20 §2)', () => {
  test('make personas, speak as one in a chat, and see its name and description in the Prompt panel', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);

    // From the profile menu to the personas: none yet.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Personas' }).click();
    await expect(page).toHaveURL(/\/personas$/);
    await expect(page.getByTestId('personas-empty')).toBeVisible();

    // A first persona: the default, whatever the box says.
    await page.getByTestId('new-persona').click();
    const form = page.getByTestId('persona-form');
    await form.getByTestId('persona-save').click();
    await expect(form.getByRole('alert')).toHaveText('Give the persona a name');
    await form.getByTestId('persona-name').fill('Captain Vex');
    await form.getByTestId('persona-description').fill('{{user}} is a starship captain who distrusts {{char}}.');
    await form.getByTestId('persona-save').click();
    await expect(form).toBeHidden();
    const cards = page.getByTestId('persona-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Captain Vex');
    await expect(cards.first().getByTestId('persona-default-badge')).toBeVisible();

    // A second one, then edited.
    await page.getByTestId('new-persona').click();
    await form.getByTestId('persona-name').fill('Scout');
    await form.getByTestId('persona-save').click();
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Edit Scout' }).click();
    await form.getByTestId('persona-name').fill('Scout Ilo');
    await form.getByTestId('persona-description').fill('A young scout on a first voyage.');
    await form.getByTestId('persona-save').click();
    await expect(page.getByTestId('persona-list')).toContainText('Scout Ilo');

    // A chat with a bot of the user's: the greeting speaks to the default persona.
    const bot = await page.request.post('/api/bots', {
      headers: auth,
      data: {
        name: 'Harbor Master',
        description: 'The harbor master of a busy spaceport.',
        personality: 'Gruff and careful.',
        scenario: '{{user}} lands at the spaceport of {{char}}.',
        firstMessage: 'Papers, {{user}}.',
        tags: ['space'],
      },
    });
    expect(bot.status(), await bot.text()).toBe(201);
    const botId = ((await bot.json()) as { id: string }).id;
    await page.goto(`/chat/${botId}`);
    await expect(page.getByTestId('bot-message').first()).toContainText('Papers, Captain Vex.');
    await expect(page.getByTestId('persona-picker')).toHaveAccessibleName(/Speaking as Captain Vex/);

    // Speak as the scout in this chat, by keyboard.
    await page.getByTestId('persona-picker').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Scout Ilo' }).click();
    await expect(page.getByTestId('persona-picker')).toHaveAccessibleName(/Speaking as Scout Ilo/);
    await page.getByTestId('composer').fill('Here are my papers.');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });

    await page.getByTestId('bot-message').last().hover();
    await page.getByTestId('bot-message').last().getByTestId('show-prompt').click();
    const messages = page.getByTestId('prompt-dialog').getByTestId('prompt-messages');
    await expect(messages).toContainText('Scout Ilo lands at the spaceport of Harbor Master.');
    await expect(messages).toContainText('A young scout on a first voyage.');
    await expect(messages).not.toContainText('starship captain');
    await page.keyboard.press('Escape');

    // The choice stays with the chat.
    await page.reload();
    await expect(page.getByTestId('persona-picker')).toHaveAccessibleName(/Speaking as Scout Ilo/);
    expect(errors).toEqual([]);
  });
});

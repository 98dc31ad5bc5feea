import { expect, test } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

test.describe('group chats (issue 20 §3)', () => {
  test('start a group chat, talk to one character by name, choose who replies, and change who is in it', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/chat');

    // Pick two characters by name.
    await page.getByTestId('new-group').click();
    const dialog = page.getByTestId('new-group-dialog');
    await expect(dialog.getByTestId('create-group')).toBeDisabled();
    const search = dialog.getByRole('searchbox');
    await search.fill('Mira');
    await dialog.getByRole('button', { name: 'Captain Mira Voss' }).click();
    await search.fill('Quill');
    await dialog.getByRole('button', { name: 'Professor Quill' }).click();
    await expect(dialog.getByTestId('group-picked')).toHaveText('Captain Mira Voss, Professor Quill');
    await dialog.getByTestId('create-group').click();

    // The group's page: both greet, each reply says whose it is.
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('group-header')).toContainText('Captain Mira Voss, Professor Quill');
    await expect(page.getByTestId('speaker')).toHaveText(['Captain Mira Voss', 'Professor Quill']);

    // Naming the professor makes him reply.
    const complete = page.locator('[data-testid=bot-message][data-status=complete]');
    await page.getByTestId('composer').fill('Professor, what do you teach?');
    await page.keyboard.press('Enter');
    await expect(complete).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByTestId('speaker').last()).toHaveText('Professor Quill');

    // Reply as the captain, chosen by keyboard.
    await page.getByTestId('reply-as').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Captain Mira Voss' }).click();
    await page.getByTestId('composer').fill('And you, Professor?');
    await page.keyboard.press('Enter');
    await expect(complete).toHaveCount(4, { timeout: 20_000 });
    await expect(page.getByTestId('speaker').last()).toHaveText('Captain Mira Voss');

    // The members: one joins, one leaves.
    await page.getByTestId('group-members-button').click();
    const members = page.getByTestId('group-members-dialog');
    await members.getByRole('searchbox').fill('Atlas');
    await members.getByTestId('bot-picker').getByRole('button', { name: 'Atlas' }).click();
    await expect(members.getByTestId('group-members').getByRole('listitem')).toHaveCount(3);
    await members.getByRole('button', { name: 'Remove Captain Mira Voss from the chat' }).click();
    await expect(members.getByTestId('group-members').getByRole('listitem')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('group-header')).toContainText('Professor Quill, Atlas');
    // The captain's words stay.
    await expect(page.getByTestId('speaker').first()).toHaveText('Captain Mira Voss');

    // The list marks it as a group.
    await page.goto('/chat');
    await expect(page.getByTestId('chat-row').first().getByTestId('group-label')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn, signOut, signUpAndIn, watchConsole } from './helpers';

const PORTRAIT = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/cards/seraphina-sillytavern.png');

test.describe('bots', () => {
  test('create a bot from a template, see the errors, publish it; another user finds it, clones it and bulk-deletes the copy', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const name = `Tutor ${Date.now().toString(36)}`;

    await page.goto('/create');
    await expect(page).toHaveURL(/[?&]draft=/);
    await page.getByTestId('template').filter({ hasText: 'Patient Tutor' }).click();
    await expect(page.getByTestId('bot-name')).toHaveValue('Mr. Alder');
    await expect(page.getByTestId('preview-opening')).toContainText('Good to see you, e2e_');

    // The rules of the draft, with the spec's words, a red dot on the tab, and the save button held.
    const description = page.getByTestId('bot-description');
    await description.fill('');
    await description.blur();
    await expect(page.getByText('Description is required')).toBeVisible();
    await description.fill('Too short');
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(page.getByTestId('tab-basic').getByTestId('tab-error-dot')).toBeVisible();
    await expect(page.getByTestId('save-bot')).toBeDisabled();
    await page.getByTestId('tab-personality').click();
    await page.getByTestId('bot-personality').fill('');
    await page.getByTestId('bot-personality').blur();
    await expect(page.getByText('Personality is required')).toBeVisible();
    await expect(page.getByTestId('tab-personality').getByTestId('tab-error-dot')).toBeVisible();
    await page.getByTestId('bot-personality').fill('Encouraging and methodical; loves analogies.');

    // A reload keeps the draft.
    await page.reload();
    await expect(page.getByTestId('bot-name')).toHaveValue('Mr. Alder');
    await page.getByTestId('bot-name').fill(name);
    await page.getByTestId('bot-description').fill('A patient tutor for maths and science, one step at a time.');
    await page.getByTestId('bot-tags').fill('tutor, maths, , science ');
    await page.getByTestId('avatar-input').setInputFiles(PORTRAIT);
    // The picture waits for the first save; the preview shows it already, not the initials.
    await expect(page.getByTestId('draft-preview').locator('img').first()).toHaveAttribute('src', /^blob:/);
    await page.getByTestId('tab-visibility').click();
    await page.getByText('Public', { exact: true }).click();
    await expect(page.getByTestId('draft-warnings')).toHaveCount(0);
    await page.getByTestId('save-bot').click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Public', { exact: true })).toBeVisible();
    for (const tag of ['#tutor', '#maths', '#science']) await expect(page.getByRole('main').getByText(tag, { exact: true })).toBeVisible();
    await expect(page.locator('main img').first()).toHaveAttribute('src', /^\/uploads\//);

    // Another user finds it in Explore and clones it.
    await signOut(page);
    await signIn(page, DEMO_USER);
    await page.goto('/');
    await page.getByTestId('explore-search').fill(name.toUpperCase());
    const card = page.getByTestId('bot-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Clone' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} (Copy)` })).toBeVisible();
    await expect(page.getByText('Private', { exact: true })).toBeVisible();

    // The copy is among the demo user's bots; select all and delete with the spec's confirmation.
    await page.goto(`/my-bots?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('my-bot-card')).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Select all' }).click();
    await expect(page.getByTestId('bulk-bar')).toContainText('1 bot(s) selected');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Delete 1 bot(s)? This cannot be undone.');
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('No bots match your search')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a card's menu loads when first opened: by keyboard it takes the focus, and Report opens its dialog", async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/');
    const card = page.getByTestId('bot-card').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const menuButton = card.getByRole('button', { name: `Actions for ${name}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Share' })).toBeVisible();
    // Radix moves the focus into the open menu; Escape closes it and gives the focus back.
    await expect(menu).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(card.getByRole('button', { name: `Actions for ${name}` })).toBeFocused();
    // Opened again with the mouse, it opens at once (the menu is loaded now).
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(page.getByRole('dialog', { name: `Report ${name}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a bot's page shows its texts as the chat will: roleplay actions in italics, no raw marks, names filled in", async ({ page }) => {
    const errors = watchConsole(page);
    const found = (await (await page.request.get('/api/bots/public?q=Captain%20Mira%20Voss&page=1&limit=1')).json()) as {
      items: { id: string }[];
    };
    await page.goto(`/bots/${found.items[0]!.id}`);
    const opening = page.getByTestId('bot-opening');
    await expect(opening.locator('em')).toHaveText('The cargo bay doors hiss shut behind you.');
    await expect(opening).toContainText('Questions, you?');
    await expect(opening).not.toContainText('*');
    await expect(page.getByTestId('bot-about')).toContainText('Veteran captain of the freighter Wayward Lark.');
    await expect(page.getByRole('main')).not.toContainText('{{user}}');
    expect(errors).toEqual([]);
  });

  test('a new user: an empty My Bots, an unknown draft, a missing bot', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/my-bots');
    await expect(page.getByText('No bots yet')).toBeVisible();
    await expect(page.getByText('Create your first AI character to get started')).toBeVisible();
    await page.goto('/bots/create?draft=no-such-draft');
    await expect(page.getByTestId('draft-not-found')).toHaveText('Draft not found');
    await page.goto('/bots/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Bot not found' })).toBeVisible();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  test('an unfinished draft is listed on My Bots for its author only: continued in the editor, or discarded', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    // A draft left at the template picker holds nothing and is not listed.
    await page.goto('/create');
    await expect(page).toHaveURL(/[?&]draft=/);
    await page.goto('/my-bots');
    await expect(page.getByText('No bots yet')).toBeVisible();
    const drafts = page.getByTestId('draft-list');
    await expect(drafts).toHaveCount(0);

    // Begun from a template and named, then left: My Bots leads back to it.
    await page.goto('/create');
    await expect(page).toHaveURL(/[?&]draft=/);
    const draftId = new URL(page.url()).searchParams.get('draft');
    await page.getByTestId('template').filter({ hasText: 'Patient Tutor' }).click();
    const name = `Half-made ${Date.now().toString(36)}`;
    await page.getByTestId('bot-name').fill(name);
    await page.goto('/my-bots');
    await expect(drafts.getByRole('heading', { name: '1 unfinished draft' })).toBeVisible();
    const row = drafts.getByTestId('draft-row').filter({ hasText: name });
    await expect(row).toContainText('Edited');
    await row.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`draft=${draftId}`));
    await expect(page.getByTestId('bot-name')).toHaveValue(name);

    // Another account in the same browser does not see it.
    await signOut(page);
    await signUpAndIn(page);
    await page.goto('/my-bots');
    await expect(page.getByText('No bots yet')).toBeVisible();
    await expect(drafts).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a discarded draft is gone after a confirmation, and its link finds no draft', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.goto('/create');
    await expect(page).toHaveURL(/[?&]draft=/);
    const draftId = new URL(page.url()).searchParams.get('draft');
    await page.getByTestId('template').filter({ hasText: 'Patient Tutor' }).click();
    const name = `Dropped ${Date.now().toString(36)}`;
    await page.getByTestId('bot-name').fill(name);
    await page.goto('/my-bots');
    const drafts = page.getByTestId('draft-list');
    await drafts.getByRole('button', { name: `Discard the draft ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Discard the draft “${name}”?`);
    await page.getByTestId('confirm-button').click();
    await expect(drafts).toHaveCount(0);
    await page.goto(`/bots/create?draft=${draftId}`);
    await expect(page.getByTestId('draft-not-found')).toHaveText('Draft not found');
    expect(errors).toEqual([]);
  });
});

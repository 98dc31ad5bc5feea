import { expect, test, type Page } from '@playwright/test';
import { newAccount, signIn, watchConsole } from './helpers';

/** A fresh account through the API, with a way to make public bots as it. */
async function creator(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/auth/signup', {
    data: { email: account.email, username: account.username, password: account.password, displayName: account.displayName },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const publicBot = async (name: string, description: string) => {
    const answer = await page.request.post('/api/bots', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {
        name,
        description,
        personality: 'Calm and curious.',
        scenario: '{{user}} meets {{char}}.',
        firstMessage: 'Hello, {{user}}.',
        tags: ['search'],
        visibility: 'public',
        avatarUrl: '/avatars/mira.svg',
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { id: string; name: string };
  };
  return { account, publicBot };
}

const unique = () => Math.random().toString(36).slice(2, 8);

test.describe('search (Ctrl/Cmd+K, issue 18 §3)', () => {
  test('Ctrl+K finds a bot by a word of its description, Enter opens it, and the query becomes a recent search', async ({ page }) => {
    const errors = watchConsole(page);
    const word = `zephyrine${unique()}`;
    const { account, publicBot } = await creator(page);
    const bot = await publicBot(`Lighthouse Keeper ${unique()}`, `*Keeps* the ${word} lamp burning for {{user}} through every storm.`);
    await signIn(page, account);

    await page.keyboard.press('Control+k');
    const dialog = page.getByTestId('search-dialog');
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('combobox');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Search bots, users, or docs...');

    await input.fill(word);
    const option = dialog.getByRole('option', { name: new RegExp(bot.name) });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Bots' })).toBeVisible();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    // The description is Markdown with the card's macros: its words, as on the bot's card.
    await expect(option).toContainText(`Keeps the ${word} lamp burning for you through every storm.`);
    await expect(option).not.toContainText('*');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));
    await expect(dialog).toBeHidden();

    // The query the bot was found with is kept: the empty dialog shows it under Recent.
    await page.keyboard.press('Control+k');
    const recent = page.getByTestId('search-dialog').getByRole('group', { name: 'Recent' });
    await expect(recent.getByRole('option', { name: word })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the arrows move through the results across groups, Esc closes and focus goes back to the button; nothing found says so', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const word = `quasarwhale${unique()}`;
    const { publicBot } = await creator(page);
    const first = await publicBot(`Alpha ${word}`, 'The first of two bots to find.');
    const second = await publicBot(`Beta ${word}`, 'The second of two bots to find.');
    await page.goto('/');

    const button = page.getByTestId('search-button');
    await button.click();
    const dialog = page.getByTestId('search-dialog');
    const input = dialog.getByRole('combobox');
    await input.fill(word);
    const options = dialog.getByRole('option');
    await expect(options).toHaveCount(2);
    const selected = dialog.getByRole('option', { selected: true });
    const firstName = (await selected.textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(selected).not.toHaveText(firstName);
    await page.keyboard.press('ArrowDown'); // wraps around to the first
    await expect(selected).toHaveText(firstName);
    await page.keyboard.press('ArrowUp'); // and back to the last
    await expect(selected).not.toHaveText(firstName);
    expect([first.name, second.name].some((n) => firstName.includes(n))).toBe(true);

    await input.fill(`nothingmatches${unique()}xyz`);
    await expect(dialog.getByText('No results found.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(errors).toEqual([]);
  });
});

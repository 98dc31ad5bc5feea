import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUpAndIn, watchConsole } from './helpers';

/** A SillyTavern data folder written by SillyTavern 1.12.6 itself (the server tests' fixture; see its README). */
const FOLDER = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/sillytavern/default-user');

/** What the folder brings: 3 characters, 4 chats and a group chat, 2 worlds, 2 personas; nothing skipped. */
const FIRST = { characters: 3, chats: 5, groups: 1, messages: 39, lorebooks: 2, personas: 2, alreadyImported: 0 };
/** The same folder again: every one of those 12 things is already here, nothing is made twice. */
const AGAIN = { characters: 0, chats: 0, groups: 0, messages: 0, lorebooks: 0, personas: 0, alreadyImported: 12 };

/** Chooses the folder (the browser sends its files under their paths) and waits for the job to end. */
async function importFolder(page: Page) {
  const before = new URL(page.url()).searchParams.get('id');
  await page.getByTestId('import-folder-input').setInputFiles(FOLDER);
  // The page shows the new import (?id=) as soon as the upload is taken, then its progress.
  await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(before);
  await expect(page.getByTestId('import-status')).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
}

async function expectCounts(page: Page, counts: Record<string, number>) {
  const report = page.getByTestId('import-report');
  for (const [key, value] of Object.entries(counts)) {
    await expect(report.getByTestId(`import-count-${key}`).locator('dd'), key).toHaveText(String(value));
  }
}

/** Nothing may be wider than the screen. */
async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} overflows`).toBeLessThanOrEqual(0);
}

/** axe-core on the page as it is, in both themes: no serious or critical violation. */
async function expectAccessibleInBothThemes(page: Page, where: string) {
  // The final colours, not a theme's fade towards them.
  await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectAccessible(page, `${where} [${scheme}]`);
  }
}

test.describe('import from SillyTavern (issue 20 §5)', () => {
  test('import a data folder, talk on in an imported chat with its lorebook, and import it again without doubles', async ({ page }) => {
    // Two imports of the folder and a reply: about 25 s here, twice that on a busy machine.
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await signUpAndIn(page);

    // From My Bots to the import page: nothing imported yet.
    await page.goto('/my-bots');
    await page.getByTestId('sillytavern-import-link').click();
    await expect(page).toHaveURL(/\/import\/sillytavern$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import from SillyTavern' })).toBeVisible();
    await expect(page.getByText('No imports yet')).toBeVisible();
    await expect(page.getByText('or drop a .zip here')).toBeVisible();

    // The folder: its files go up, the job runs, and the report says what came over.
    await importFolder(page);
    const status = page.getByTestId('import-status');
    await expect(status.getByRole('heading', { name: 'Done' })).toBeVisible();
    await expect(status.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expectCounts(page, FIRST);
    await expect(page.getByTestId('import-report')).toContainText('Skipped files (0)');
    await expect(page.getByTestId('import-report')).toContainText('No file was skipped.');
    await expect(page.getByTestId('import-skipped')).toHaveCount(0);
    // The only import is the one shown: no "Earlier imports" saying there is none.
    await expect(page.getByText('No imports yet')).toBeHidden();

    // The report leads to the chats; Captain Mira's first chat is found by its name in SillyTavern.
    await page.getByTestId('import-report').getByRole('link', { name: 'Chats' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('chat-row')).toHaveCount(5);
    await page.getByRole('searchbox').fill('18h 52m 25s');
    await expect(page.getByTestId('chat-row')).toHaveCount(1);
    await expect(page.getByTestId('chat-row')).toContainText('Captain Mira');
    await page.getByTestId('chat-row').getByRole('link').click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);

    // Its history, as written in the file: the greeting, the persona's words, the replies.
    await expect(page.getByTestId('bot-message').first()).toContainText('The gangplank creaks as you step aboard.');
    await expect(page.getByText('Aye, Captain. How long until we clear the Saltmere harbor?')).toBeVisible();
    await expect(page.getByTestId('bot-message').last()).toContainText('Nobody has asked for it in thirty years.');
    const complete = page.locator('[data-testid=bot-message][data-status=complete]');
    const before = await page.getByTestId('bot-message').count();

    // Talk on, naming a key of Mira's lorebook (Harbor Lore, the world her card links to).
    await page.getByTestId('composer').fill('Tell me about Saltmere harbor.');
    await page.keyboard.press('Enter');
    await expect(complete).toHaveCount(before + 1, { timeout: 20_000 });
    // One exchange said here: the chat doesn't ask for stars yet (what was said in SillyTavern doesn't count).
    await expect(page.getByTestId('rate-prompt')).toHaveCount(0);

    // The reply's Prompt panel: the entry the key woke, and the constant one.
    await page.getByTestId('bot-message').last().hover();
    await page.getByTestId('bot-message').last().getByTestId('show-prompt').click();
    const dialog = page.getByTestId('prompt-dialog');
    await expect(dialog.getByTestId('prompt-lore')).toContainText('Port Saltmere');
    await expect(dialog.getByTestId('prompt-lore')).toContainText('Harbor Law (always on)');
    await expect(dialog.getByTestId('prompt-messages')).toContainText('Tell me about Saltmere harbor.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The chat's Lorebooks dialog says where that lore came from: Mira's own book (her world, once).
    await page.getByTestId('chat-lorebooks-button').click();
    await expect(page.getByTestId('chat-character-lorebooks')).toContainText('Harbor Lore');
    await page.keyboard.press('Escape');

    // The same folder again: everything is already here, nothing is made twice.
    await page.goto('/import/sillytavern');
    await expect(page.getByTestId('import-history').getByRole('listitem')).toHaveCount(1);
    await importFolder(page);
    await expectCounts(page, AGAIN);
    await expect(page.getByTestId('import-report')).toContainText('No file was skipped.');
    // The first import is listed below, and can be shown again.
    const history = page.getByTestId('import-history').getByRole('listitem');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Characters: 3 · Chats: 5');
    await history.getByRole('button', { name: 'Show' }).click();
    await expectCounts(page, FIRST);
    await page.goto('/chat');
    await expect(page.getByTestId('chat-row')).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  test('the page in Russian', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await page.goto('/import/sillytavern');
    await expect(page.getByRole('heading', { level: 1, name: 'Импорт из SillyTavern' })).toBeVisible();
    await expect(page.getByTestId('import-choose-folder')).toHaveText('Выбрать папку');
    await expect(page.getByTestId('import-choose-zip')).toHaveText('Выбрать .zip');
    await expect(page.getByText('Импортов пока не было')).toBeVisible();

    await importFolder(page);
    const status = page.getByTestId('import-status');
    await expect(status.getByRole('heading', { name: 'Готово' })).toBeVisible();
    await expect(status.getByTestId('import-progress-text')).toHaveText(/^\d+ из \d+ файл(а|ов)$/);
    await expect(page.getByTestId('import-report')).toContainText('Что перенесено');
    await expect(page.getByTestId('import-count-characters').locator('dt')).toHaveText('Персонажи');
    await expect(page.getByTestId('import-count-alreadyImported').locator('dt')).toHaveText('Уже были');
    await expectCounts(page, FIRST);
    await expect(page.getByTestId('import-report')).toContainText('Ни один файл не пропущен.');
    await expect(page.getByTestId('import-report').getByRole('link', { name: 'Книги лора' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test('the import page fits the screen, before and after an import', async ({ page }) => {
      test.setTimeout(90_000);
      const errors = watchConsole(page);
      await signUpAndIn(page);
      await page.goto('/import/sillytavern');
      await expect(page.getByTestId('import-choose-folder')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoOverflow(page, 'the import page');
      // A touch screen has nothing to drag a file from: no drop hint.
      await expect(page.getByText('or drop a .zip here')).toBeHidden();

      await importFolder(page);
      await expectCounts(page, FIRST);
      await expectNoOverflow(page, 'the import report');
      // Both buttons stay on the screen.
      for (const id of ['import-choose-folder', 'import-choose-zip']) {
        const box = (await page.getByTestId(id).boundingBox())!;
        expect(box.x + box.width, id).toBeLessThanOrEqual(375);
      }

      // Again: the first import moves to the list below, and still nothing overflows.
      await importFolder(page);
      await expectCounts(page, AGAIN);
      await expect(page.getByTestId('import-history').getByRole('listitem')).toHaveCount(1);
      await expectNoOverflow(page, 'the import page with its history');
      await expectAccessibleInBothThemes(page, 'the import page with a report and its history');
      expect(errors).toEqual([]);
    });
  });
});

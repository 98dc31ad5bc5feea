import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

const BOT = 'Captain Mira Voss';
/** A SillyTavern character and its two chats, from the server tests' fixture folder (see sillytavern-import.spec.ts). */
const FOLDER = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/sillytavern/default-user');
const IMPORTED = [
  'characters/Captain Mira.png',
  ...fs.readdirSync(path.join(FOLDER, 'chats/Captain Mira')).map((f) => `chats/Captain Mira/${f}`),
];

async function botId(page: Page, name: string) {
  const res = await page.request.get(`/api/bots/public?q=${encodeURIComponent(name)}&page=1&limit=10`);
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  return items.find((b) => b.name === name)!.id;
}

/** Nothing may be wider than the screen. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test.describe('chat titles', () => {
  test('two chats with one character are told apart in the list and the header', async ({ page }) => {
    const errors = watchConsole(page);
    await signUpAndIn(page);
    const id = await botId(page, BOT);

    // Two chats with the same character, started a second or more apart.
    await page.goto(`/chat/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: BOT })).toBeVisible();
    await page.waitForTimeout(1_100);
    await page.getByTestId('new-chat').click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('bot-message')).toHaveCount(1);

    // The list: the same name twice, and below it when each began, which differs.
    await page.goto('/chat');
    const rows = page.getByTestId('chat-row');
    await expect(rows).toHaveCount(2);
    const subtitles = rows.getByTestId('chat-subtitle');
    await expect(subtitles).toHaveCount(2);
    const [a, b] = await subtitles.allInnerTexts();
    expect(a).toMatch(/^Started /);
    expect(b).toMatch(/^Started /);
    expect(a).not.toBe(b);
    // The whole text on pointing, whatever the width leaves of it.
    await expect(subtitles.first()).toHaveAttribute('title', a!);
    await expect(rows.first().getByText(BOT, { exact: true })).toHaveAttribute('title', BOT);

    // The header: the character's name, and when the chat began, as the list said.
    await rows.first().getByRole('link').click();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(BOT);
    // (The list gives the seconds only when two chats began in the same minute; the header, the minute.)
    const started = a!.replace(/(\d+:\d\d):\d\d/, '$1');
    await expect(header.getByTestId('chat-subtitle')).toHaveText(started);
    await expect(header.getByTestId('chat-subtitle')).toHaveAttribute('title', started);

    expect(errors).toEqual([]);
  });

  test('at 375 px the header gives the name its room, and the offline notice is one line', async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpAndIn(page);
    const id = await botId(page, BOT);
    await page.goto(`/chat/${id}`);

    // The name whole (the buttons make room), with the chat's second line, and nothing wider than the screen.
    const heading = page.getByRole('heading', { level: 1, name: BOT });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.width).toBeGreaterThan(120);
    expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    await expect(page.getByTestId('chat-subtitle')).toBeVisible();
    for (const name of ['New chat', 'Download for SillyTavern (.jsonl)', 'Rate']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // The offline responder's notice: one line, its whole text a click away (and always read out whole).
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toBeVisible();
    expect((await notice.boundingBox())!.height).toBeLessThan(60);
    await expect(notice).toContainText('LLM_BASE_URL');
    const toggle = notice.getByRole('button', { name: 'More' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await notice.boundingBox())!.height).toBeGreaterThan(60);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // The list of chats fits too.
    await page.goto('/chat');
    await expect(page.getByTestId('chat-row')).toHaveCount(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });

  test('an imported chat shows its SillyTavern title in the list and the header', async ({ page }) => {
    const errors = watchConsole(page);
    const { auth } = await signUpAndIn(page);
    const form = new FormData();
    for (const file of IMPORTED) form.append('file', new Blob([fs.readFileSync(path.join(FOLDER, file))]), file);
    const started = await page.request.post('/api/imports/sillytavern', { headers: auth, multipart: form });
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/imports/${id}`, { headers: auth })).json()) as { status: string }).status, {
        timeout: 45_000,
      })
      .toBe('done');

    await page.goto('/chat');
    const rows = page.getByTestId('chat-row');
    await expect(rows).toHaveCount(2);
    const titles = (await rows.getByTestId('chat-subtitle').allInnerTexts()).sort();
    expect(titles).toEqual(['Captain Mira - 2026-11-27 @18h 52m 25s 33ms', 'Captain Mira - 2026-11-27@18h55m28s']);
    const row = rows.filter({ hasText: '18h55m28s' });
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captain Mira');
    await expect(page.getByTestId('chat-subtitle')).toHaveText('Captain Mira - 2026-11-27@18h55m28s');
    expect(errors).toEqual([]);
  });
});

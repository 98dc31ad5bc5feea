import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signUpAndIn, watchConsole } from './helpers';

/**
 * Challenge rooms (issue 19): two people in two browser contexts play one ranked room; each one's
 * messages, counted by the server, move their score on the other's room page live (the stream's
 * challenge.room_updated), without a reload. Then a private room joined by its invite code, the
 * casual tap game, and leaving.
 */

const scoreOf = (page: Page, username: string) =>
  page
    .getByTestId('standing')
    .and(page.locator(`[data-user="${username}"]`))
    .getByTestId('standing-score');

/** A device of the user's own that talks to the API (as a phone would): it sends chat messages. */
async function apiDevice(browser: Browser, baseURL: string, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  return { context, request: context.request, headers };
}

async function sendMessages(request: APIRequestContext, headers: Record<string, string>, botId: string, count: number) {
  const chat = await request.post('/api/chats', { headers, data: { botId } });
  expect(chat.status()).toBe(201);
  const { id } = (await chat.json()) as { id: string };
  for (let i = 0; i < count; i += 1) {
    const sent = await request.post(`/api/chats/${id}/messages`, { headers, data: { content: `Race message ${i + 1}` } });
    expect(sent.status()).toBe(201);
    // The answer streams the reply; its end is when the message counts (message.sent).
    await sent.body();
  }
}

test('two players in one room see each other’s score move live', async ({ browser, baseURL }) => {
  // Two people signing in, two more devices and their chats: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const annContext = await browser.newContext({ baseURL });
  const bobContext = await browser.newContext({ baseURL });
  const ann = await annContext.newPage();
  const bob = await bobContext.newPage();
  const errors = [...watchConsole(ann), ...watchConsole(bob)];
  const annAccount = await signUpAndIn(ann);
  const bobAccount = await signUpAndIn(bob);

  // Ann makes a room of two for the message sprint.
  await ann.goto('/challenges');
  await ann.getByTestId('create-message-sprint').click();
  const dialog = ann.getByRole('dialog', { name: 'Create a room' });
  await dialog.getByLabel('Room name').fill('Lunch sprint');
  await dialog.getByTestId('room-players').click();
  await ann.getByRole('option', { name: '2 players' }).click();
  await dialog.getByTestId('create-room-submit').click();
  await expect(ann).toHaveURL(/\/challenges\/rooms\/[0-9a-f-]{36}$/);
  await expect(ann.getByRole('heading', { name: /Lunch sprint/ })).toBeVisible();
  await expect(ann.getByTestId('room-header').getByTestId('room-status')).toHaveText('Waiting');
  await expect(ann.getByTestId('countdown')).toBeVisible();
  await ann.evaluate(() => ((window as unknown as { roomMark: number }).roomMark = 7));

  // Bob finds it among the open rooms and joins: it is full, so it starts.
  await bob.goto('/challenges');
  const row = bob.getByTestId('open-rooms').getByTestId('room-row').filter({ hasText: 'Lunch sprint' });
  await row.getByRole('button', { name: 'Join' }).click();
  await expect(bob).toHaveURL(ann.url());
  await expect(bob.getByTestId('room-header').getByTestId('room-status')).toHaveText('Live');
  // Ann's page follows without a reload.
  await expect(ann.getByTestId('room-header').getByTestId('room-status')).toHaveText('Live');
  await expect(ann.getByTestId('standing')).toHaveCount(2);
  await expect(scoreOf(ann, bobAccount.username)).toHaveText('0');

  // Each writes to a bot from another device; the server counts, both pages follow.
  const botRes = await bobContext.request.get('/api/bots/public?limit=1');
  const botId = ((await botRes.json()) as { items: { id: string }[] }).items[0]!.id;
  const bobDevice = await apiDevice(browser, baseURL!, bobAccount);
  await sendMessages(bobDevice.request, bobDevice.headers, botId, 2);
  await expect(scoreOf(ann, bobAccount.username)).toHaveText('2');
  await expect(scoreOf(bob, bobAccount.username)).toHaveText('2');

  const annDevice = await apiDevice(browser, baseURL!, annAccount);
  await sendMessages(annDevice.request, annDevice.headers, botId, 3);
  await expect(scoreOf(bob, annAccount.username)).toHaveText('3');
  await expect(scoreOf(ann, annAccount.username)).toHaveText('3');
  // Ann leads now: first in both standings.
  await expect(bob.getByTestId('standing').first()).toHaveAttribute('data-user', annAccount.username);
  await expect(ann.getByTestId('standing').first()).toHaveAttribute('data-user', annAccount.username);

  expect(await ann.evaluate(() => (window as unknown as { roomMark?: number }).roomMark)).toBe(7);
  expect(errors).toEqual([]);
  await Promise.all([annContext.close(), bobContext.close(), bobDevice.context.close(), annDevice.context.close()]);
});

test('a private room joined by its invite code: the tap game counts live, and a player leaves', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const annContext = await browser.newContext({ baseURL });
  const bobContext = await browser.newContext({ baseURL });
  const ann = await annContext.newPage();
  const bob = await bobContext.newPage();
  const errors = [...watchConsole(ann), ...watchConsole(bob)];
  await signUpAndIn(ann);
  const bobAccount = await signUpAndIn(bob);

  await ann.goto('/challenges');
  await ann.getByTestId('create-tap-sprint').click();
  const dialog = ann.getByRole('dialog', { name: 'Create a room' });
  await dialog.getByTestId('room-players').click();
  await ann.getByRole('option', { name: '2 players' }).click();
  await dialog.getByRole('switch', { name: 'Private room' }).click();
  await dialog.getByTestId('create-room-submit').click();
  const code = (await ann.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

  // Bob types the code (in lower case) on the challenges page, with the keyboard.
  await bob.goto('/challenges');
  await bob.getByTestId('invite-code-input').fill(code.toLowerCase());
  await bob.keyboard.press('Enter');
  await expect(bob).toHaveURL(/\/challenges\/rooms\//);
  await expect(bob.getByTestId('room-header').getByTestId('room-status')).toHaveText('Live');
  await expect(ann.getByTestId('room-header').getByTestId('room-status')).toHaveText('Live');

  // Bob taps (a click, then Space on the focused button); Ann sees his best score arrive.
  await bob.getByTestId('tap-button').click();
  for (let i = 0; i < 4; i += 1) await bob.keyboard.press('Space');
  await expect(bob.getByTestId('tap-count')).toHaveText('Your taps: 5');
  await expect(scoreOf(ann, bobAccount.username)).toHaveText('5');

  // Ann leaves the running room: a question first, then she is out; Bob sees her marked as left.
  await ann.getByTestId('leave-room').click();
  await ann.getByRole('dialog', { name: 'Leave this room?' }).getByTestId('confirm-button').click();
  await expect(ann.getByTestId('leave-room')).toHaveCount(0);
  await expect(bob.getByTestId('standing').filter({ hasText: 'Left' })).toHaveCount(1);
  expect(errors).toEqual([]);
  await Promise.all([annContext.close(), bobContext.close()]);
});

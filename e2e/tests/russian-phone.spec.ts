import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, signInOnPage } from './helpers';

/** A new account made through the API from `ip`, its address verified through the dev outbox; its API headers. */
async function verifiedAccount(request: APIRequestContext, ip: string, ref?: string) {
  const account = newAccount();
  const res = await request.post('/api/auth/signup', {
    headers: { 'x-forwarded-for': ip },
    data: { email: account.email, username: account.username, displayName: account.displayName, password: account.password, ref },
  });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const outbox = (await (await request.get('/api/dev/outbox', { headers: auth })).json()) as { items: { text: string }[] };
  const token = outbox.items.map((m) => /verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  expect(token).toBeTruthy();
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  return { ...account, auth };
}

async function toRussian(page: Page) {
  await page.getByTestId('open-menu').click();
  await page.getByRole('dialog').getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.keyboard.press('Escape');
}

/** The innermost elements that reach past the screen's right edge, to say what to fix. */
function overflowing(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Only what widens the page: an element inside its own scroller (a tab strip) doesn't.
    const scrolled = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > 376 && !scrolled(el));
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return innermost
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').slice(0, 30)}"`)
      .join('; ');
  });
}

/**
 * Russian words are long ("Зарегистрировался", "Подтверждённые"): at 375 px every signed-in page
 * must still wrap instead of scrolling sideways (issue 37 §8: /referrals was 879 px, /tokens 473 px).
 */
test('every signed-in page fits 375 px in Russian', async ({ page, request }) => {
  test.setTimeout(180_000);
  const me = await verifiedAccount(request, '203.0.113.77');
  const code = ((await (await request.post('/api/referral/generate-code', { headers: me.auth })).json()) as { referralCode: string })
    .referralCode;
  // A friend through the link, from another address: the activity list has a line.
  await verifiedAccount(request, '198.51.100.77', code);

  await page.goto('/login');
  await signInOnPage(page, me);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await toRussian(page);

  const wide: string[] = [];
  for (const path of [
    '/',
    '/explore',
    '/chat',
    '/my-bots',
    '/bots/create',
    '/tokens',
    '/subscription',
    '/referrals',
    '/achievements',
    '/missions',
    '/gamification',
    '/leaderboards',
    '/season',
    '/challenges',
    '/notifications',
    '/personas',
    '/lorebooks',
    '/import/sillytavern',
    `/profile/${me.username}`,
    '/profile/demo',
    '/settings/profile',
    '/settings/privacy',
    '/settings/notifications',
    '/settings/appearance',
    '/settings/security',
    '/settings/data',
    '/settings/integrations',
    '/settings/billing',
    '/settings/api',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 375) wide.push(`${path}: ${width} px (${await overflowing(page)})`);
  }
  expect(wide).toEqual([]);

  // The join card is pinned to the bottom of the screen only over a list: on an empty board (a
  // new period, a board nobody joined yet) it covered the board's words on a phone.
  const entries = '**/api/gamification/leaderboards/*/entries*';
  await page.route(entries, (route) => route.fulfill({ json: { items: [], total: 0, me: null } }));
  await page.goto('/leaderboards');
  const empty = page.getByTestId('leaderboard-empty');
  await expect(empty).toBeVisible();
  const [board, card] = [await empty.boundingBox(), await page.getByTestId('leaderboard-me').boundingBox()];
  expect(card!.y, 'the join card starts below the empty board').toBeGreaterThanOrEqual(board!.y + board!.height);
  await page.unroute(entries);

  // The chat list's search box shows its whole placeholder ("Поиск по персонажу или названию").
  await page.goto('/chat');
  const search = page.getByRole('searchbox');
  await expect(search).toBeVisible();
  const room = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { inside, needed: context.measureText(input.placeholder).width };
  });
  expect(room.needed, 'the placeholder fits its box').toBeLessThanOrEqual(room.inside);

  // The activity lines are Russian too, not the server's English description.
  await page.goto('/referrals');
  await expect(page.getByTestId('referral-activity')).toContainText('зарегистрировался(-ась) по вашей ссылке');
  await expect(page.getByTestId('referral-activity')).not.toContainText('signed up');
  // Its percent the Russian way: a decimal comma and a space before the sign.
  await expect(page.getByTestId('stat-confirmed')).toContainText(/Конверсия \d+,\d\s%/);

  // A template fills the form in Russian; a bot without an avatar is told at once why it can't be public.
  await page.goto('/bots/create');
  await page.locator('[data-testid="template"]', { hasText: 'Помощник' }).click();
  await expect(page.getByTestId('bot-name')).toHaveValue('Нова');
  await page.getByRole('tab', { name: 'Видимость' }).click();
  await expect(page.getByTestId('visibility-public')).toBeDisabled();
  await expect(page.getByTestId('public-blockers')).toContainText('добавьте аватар');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

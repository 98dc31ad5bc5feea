import axe from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpAndIn } from './helpers';

/**
 * Accessibility (issue 14 §5): axe-core on every page of the app, in both themes, on a phone's
 * width and on a desktop's, with no serious or critical violation allowed. One signed-in page per
 * role; the theme follows the device (`system`), so it is switched by emulating the color scheme
 * and the width by resizing, without signing in again.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const VIEWPORTS = [
  { name: '375px', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const SHOTS = process.env.A11Y_SHOTS;

interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits for a page to settle: its heading shown, no skeleton left, the theme's transitions over. */
async function settle(page: Page, ready?: Locator) {
  await expect(ready ?? page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The report of one failed check: every violation with its rule, impact, help and elements. */
function describe(findings: Finding[]): string {
  if (findings.length === 0) return 'no serious or critical violations';
  return findings.map((f) => `- ${f.where}: ${f.id} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n');
}

class Checker {
  readonly findings: Finding[] = [];
  checks = 0;
  axeMs = 0;
  readonly started = Date.now();

  constructor(private readonly page: Page) {}

  /**
   * Transitions and animations off in every document of the page: a check looks at the final
   * colours (a theme switch fades them for a moment), and nothing waits for effects to end.
   */
  static async stillPages(page: Page) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}';
        document.head.append(style);
      });
    });
  }

  /**
   * Runs axe once on what the page shows now (axe is put in the page once per document). The two
   * themes share one DOM and differ only in colours, so the second theme's look checks only them.
   */
  async axe(where: string, include?: string, onlyColors = false) {
    const t0 = Date.now();
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(axe.source);
    const violations = await this.page.evaluate(
      ({ tags, include, onlyColors }) =>
        (window as unknown as { axe: typeof axe }).axe
          .run(include ? { include: [include] } : document, {
            runOnly: onlyColors ? { type: 'rule', values: ['color-contrast'] } : { type: 'tag', values: tags },
            resultTypes: ['violations'],
          })
          .then((r) =>
            r.violations.map((v) => ({
              id: v.id,
              impact: v.impact,
              help: v.help,
              // The element, and why it fails (for color-contrast: the colors and the ratio).
              targets: v.nodes.map(
                (n) => `${n.target.join(' ')}  ${n.html.slice(0, 140)}\n      ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
              ),
            })),
          ),
      { tags: TAGS, include, onlyColors },
    );
    this.axeMs += Date.now() - t0;
    this.checks += 1;
    for (const v of violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      this.findings.push({ where, id: v.id, impact: v.impact, help: v.help, targets: v.targets });
    }
  }

  /**
   * Checks the page in both themes at both widths. `open`, when given, is run after each change
   * (a menu or dialog that a resize or a new color scheme would close) and only its content checked.
   */
  async everyLook(where: string, opts: { ready?: () => Locator; open?: () => Promise<void>; include?: string } = {}) {
    for (const viewport of VIEWPORTS) {
      await this.page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const scheme of SCHEMES) {
        await this.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await expect(this.page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        if (opts.open) await opts.open();
        await settle(this.page, opts.ready?.());
        await this.axe(`${where} [${scheme}, ${viewport.name}]`, opts.include, scheme !== SCHEMES[0]);
        // A11Y_SHOTS=dir: a screenshot of every look, to see the colors with one's own eyes.
        if (SHOTS) await this.page.screenshot({ path: `${SHOTS}/${where.replace(/\W+/g, '_')}-${scheme}-${viewport.name}.png` });
      }
    }
  }

  /** Opens a path and checks it in every look. */
  async visit(path: string, opts: { ready?: () => Locator; name?: string } = {}) {
    await this.page.goto(path);
    await settle(this.page, opts.ready?.());
    await this.everyLook(opts.name ?? path, opts);
  }

  report() {
    console.log(`A11Y ${this.checks} checks, axe ${this.axeMs} ms of ${Date.now() - this.started} ms`);
    expect(this.findings.length, `${this.checks} checks:\n${describe(this.findings)}`).toBe(0);
  }
}

/** The API with a user's bearer token (the app keeps its token in memory only). */
async function apiAs(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.ok()).toBe(true);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const send = async <T>(method: 'POST' | 'PATCH', path: string, data: unknown): Promise<T> => {
    const answer = await page.request.fetch(path, { method, data, headers });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    post: <T>(path: string, data: unknown) => send<T>('POST', path, data),
    patch: <T>(path: string, data: unknown) => send<T>('PATCH', path, data),
  };
}

const main = (page: Page) => page.getByRole('main');
const firstBotId = async (page: Page) => {
  const res = await page.request.get('/api/bots/public?limit=1');
  const { items } = (await res.json()) as { items: { id: string }[] };
  return items[0]!.id;
};

test.describe('accessibility (axe-core)', () => {
  // A control that never shows fails at once, not at the end of these long tests.
  test.use({ actionTimeout: 10_000 });

  test('signed out: the public pages, the sign-in forms and their second step', async ({ page }) => {
    test.setTimeout(240_000);
    await Checker.stillPages(page);
    const check = new Checker(page);
    const botId = await firstBotId(page);
    for (const path of [
      '/',
      '/explore/trending',
      '/signup',
      '/verify-email',
      '/forgot-password',
      '/reset-password?token=pr_example',
      '/unauthorized',
      '/goodbye',
      `/bots/${botId}`,
      '/profile/demo',
      '/chat',
      '/subscription',
      '/comics',
      '/games',
      '/help',
      '/contact',
      '/affiliate',
      '/changelog',
      '/docs/getting-started',
      '/gamification',
      '/season',
      '/no-such-page',
    ]) {
      await check.visit(path);
    }
    // A page that needs a user, signed out.
    await check.visit('/settings', { name: '/settings (signed out)' });

    await page.goto('/login');
    await check.everyLook('/login', { ready: () => page.getByRole('form', { name: 'Sign In' }) });
    // The second step of a sign-in with two-factor on (the answer stubbed: only the form is looked at).
    await page.route('/api/auth/login', (route) =>
      route.fulfill({ json: { twoFactorRequired: true, challengeToken: 'a11y', method: 'app', codeSentTo: null } }),
    );
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Password', { exact: true }).fill('Any-Password-1!');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await check.everyLook('/login (two-factor step)', { ready: () => page.getByRole('form', { name: 'Two-factor authentication' }) });
    await page.unroute('/api/auth/login');

    check.report();
  });

  test('signed in: every page of a user, the settings, the chat, the editor and the menus', async ({ page }) => {
    test.setTimeout(480_000);
    await Checker.stillPages(page);
    const check = new Checker(page);
    const account = await signUpAndIn(page);
    const api = await apiAs(page, account);
    const bot = await api.post<{ id: string }>('/api/bots', {
      name: 'Axe Tester',
      description: 'A bot made by the accessibility test, to see the pages of an owner.',
      personality: 'Calm and precise.',
      scenario: 'A quiet office.',
      firstMessage: 'Hello! Shall we look at the contrast together?',
      tags: ['a11y'],
    });
    await api.post('/api/user/notifications/test', { type: 'inApp' });

    // A chat with a few messages.
    const publicBot = await firstBotId(page);
    await page.goto(`/chat/${publicBot}`);
    await page.getByTestId('composer').fill('Hello there');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid=bot-message][data-status=complete]')).toHaveCount(2, { timeout: 20_000 });
    await check.everyLook(`/chat/${publicBot}`);

    for (const path of [
      '/',
      '/chat',
      '/my-bots',
      `/bots/${bot.id}`,
      `/bots/${publicBot}`,
      '/profile/' + account.username,
      '/characters',
      '/collection',
      '/achievements',
      '/missions',
      '/gamification',
      '/challenges',
      '/season',
      '/leaderboards',
      '/tokens',
      '/subscription',
      '/referrals',
      '/import/sillytavern',
      '/dev/outbox',
      '/no-such-page',
    ]) {
      await check.visit(path);
    }

    // A challenge room of the user's own (private: its invite code shows).
    const room = await api.post<{ id: string }>('/api/gamification/challenges/rooms', { challengeId: 'tap-sprint', private: true });
    await check.visit(`/challenges/rooms/${room.id}`, { name: '/challenges/rooms/{id}' });

    // The wallet: the gem packages opened, and the sandbox checkout of a purchase.
    await page.goto('/tokens');
    await settle(page);
    await page.getByTestId('gem-panel').getByRole('button', { name: 'Buy' }).click();
    await check.everyLook('/tokens (gem packages)', { ready: () => page.locator('#gem-packages li').first() });
    await page.getByRole('button', { name: /Starter, 500 gems/ }).click();
    await expect(page).toHaveURL(/\/checkout\//);
    await check.everyLook('/checkout/{id}', { ready: () => page.getByTestId('checkout') });

    // Subscriptions: the plans with the next tier brought forward, and the sandbox checkout of a plan.
    await check.visit('/subscription?upgrade=true');
    await page.goto('/subscription');
    await page.getByTestId('subscribe-premium').click();
    await expect(page).toHaveURL(/\/subscription\/checkout\//);
    await check.everyLook('/subscription/checkout/{id}', { ready: () => page.getByTestId('subscription-checkout') });

    // The notifications, both tabs.
    await check.visit('/notifications');
    await main(page).getByRole('tab', { name: 'Unread' }).click();
    await check.everyLook('/notifications (unread)');

    // A group chat, and its characters' dialog.
    const second = await api.post<{ id: string }>('/api/bots', {
      name: 'Axe Partner',
      description: 'A second bot made by the accessibility test, for a group chat.',
      personality: 'Cheerful.',
      scenario: 'A quiet office.',
      firstMessage: 'Hi! I check the group chat page.',
      tags: ['a11y'],
    });
    const group = await api.post<{ id: string }>('/api/chats', { botIds: [bot.id, second.id] });
    await check.visit(`/chats/${group.id}`, { name: '/chats/{id} (group)' });
    await page.getByTestId('group-members-button').click();
    await check.everyLook('/chats/{id} (group members)', { ready: () => page.getByTestId('group-members-dialog') });
    await page.keyboard.press('Escape');

    // Personas: the list, and the form of one.
    await api.post('/api/personas', { name: 'Axe Persona', description: 'Checks the contrast of every page.' });
    await check.visit('/personas');
    await main(page).getByRole('button', { name: 'Edit Axe Persona' }).click();
    await check.everyLook('/personas (form)', { ready: () => page.getByTestId('persona-form') });
    await page.keyboard.press('Escape');

    // Lorebooks: one open in its editor.
    const book = await api.post<{ id: string }>('/api/lorebooks', {
      name: 'Axe Lore',
      entries: [{ id: 1, name: 'Office', keys: ['office'], content: 'A quiet office with good contrast.' }],
    });
    await check.visit(`/lorebooks?book=${book.id}`, { name: '/lorebooks?book={id}', ready: () => page.getByTestId('lorebook-editor') });

    // The editor's tabs, new and of an existing bot.
    for (const path of ['/bots/create', `/my-bots/${bot.id}/edit`]) {
      await page.goto(path);
      if (path === '/bots/create') {
        // A new bot starts with the template picker.
        await check.everyLook('/bots/create (templates)');
        await page.getByText('Start from scratch').click();
      }
      for (const tab of ['basic', 'personality', 'settings', 'visibility']) {
        await page.getByTestId(`tab-${tab}`).click();
        await check.everyLook(`${path} (${tab})`);
      }
    }

    // Every section of the settings; the notification section's tabs.
    for (const section of ['profile', 'privacy', 'notifications', 'appearance', 'security', 'data', 'integrations', 'billing']) {
      await check.visit(`/settings/${section}`);
    }
    await page.goto('/settings/notifications');
    for (const tab of await main(page).getByRole('tab').all()) {
      const name = (await tab.innerText()).trim();
      await tab.click();
      await check.everyLook(`/settings/notifications (${name})`);
    }

    // The profile's tabs.
    await page.goto(`/profile/${account.username}`);
    for (const name of ['Bots', 'Achievements', 'Activity']) {
      await main(page).getByRole('tab', { name }).click();
      await check.everyLook(`/profile (${name})`);
    }

    // Menus and dialogs: the profile menu, the bell, and a confirmation.
    await page.goto('/');
    await settle(page);
    await check.everyLook('profile menu', {
      open: async () => {
        if (!(await page.getByRole('menu').isVisible())) await page.getByTestId('profile-menu').click();
      },
      ready: () => page.getByRole('menu'),
    });
    await page.keyboard.press('Escape');
    await check.everyLook('notification bell', {
      open: async () => {
        if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('notification-bell').click();
      },
      ready: () => page.getByRole('dialog'),
    });
    await page.keyboard.press('Escape');
    await page.goto('/settings/security');
    await settle(page);
    await check.everyLook('change password dialog', {
      open: async () => {
        if (!(await page.getByRole('dialog').isVisible())) await page.getByRole('button', { name: 'Change Password' }).click();
      },
      ready: () => page.getByRole('dialog'),
    });
    await page.keyboard.press('Escape');
    await page.goto('/my-bots');
    await settle(page);
    await check.everyLook('delete confirmation', {
      open: async () => {
        if (await page.getByRole('dialog').isVisible()) return;
        await page.getByRole('checkbox', { name: 'Select all' }).click();
        await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
      },
      ready: () => page.getByRole('dialog'),
    });
    await page.keyboard.press('Escape');
    // Gamification: an achievement's dialog, and a quest under way with its Abandon Quest dialog.
    await page.goto('/achievements');
    await settle(page);
    await check.everyLook('achievement dialog', {
      open: async () => {
        if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('achievement-card').first().click();
      },
      ready: () => page.getByRole('dialog'),
    });
    await page.keyboard.press('Escape');
    await api.post('/api/gamification/quests/daily-chat/start', {});
    await check.visit('/missions', { name: '/missions (a quest under way)' });
    await check.everyLook('abandon quest dialog', {
      open: async () => {
        if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('quest-abandon').first().click();
      },
      ready: () => page.getByRole('dialog'),
    });
    await page.keyboard.press('Escape');

    check.report();
  });

  test('admin: the console and the pages for verified or admin users', async ({ page }) => {
    test.setTimeout(120_000);
    await Checker.stillPages(page);
    const check = new Checker(page);
    await signIn(page, DEMO_ADMIN);
    // The theme follows the device, whatever another test left on the account.
    const api = await apiAs(page, DEMO_ADMIN);
    await api.patch('/api/user/settings/appearance', { theme: 'system' });
    for (const path of [
      '/admin',
      '/monitoring-demo',
      '/referrals',
      '/partner/dashboard',
      '/partner/games/new',
      '/partner/analytics',
      '/partner/settings',
    ]) {
      await check.visit(path);
    }
    check.report();
  });
});

/**
 * Takes screenshots of every page of the shell, signed out and signed in, in both themes, on a
 * desktop and a 375 px phone, and lists console errors. For looking at the UI, not a test:
 *   BASE_URL=http://localhost:3000 OUT=/tmp/shots [UI_LANGUAGE=ru] node --import tsx e2e/tools/screenshots.ts [filter]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = process.env.OUT ?? '/tmp/shots';
const filter = process.argv[2];
const language = process.env.UI_LANGUAGE;

const PAGES = [
  '/',
  '/login',
  '/signup',
  '/verify-email',
  '/settings/profile',
  '/settings/appearance',
  '/admin',
  '/chat',
  '/create',
  '/subscription',
  '/dev/outbox',
  '/unauthorized',
  '/nope',
];

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${BASE}/login`);
  const form = page.locator('main form');
  await form.locator('input[type=email]').fill(email);
  await form.locator('input[type=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const errors: string[] = [];
  for (const who of ['anon', 'admin'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'phone', width: 375, height: 740 },
      ]) {
        const context = await browser.newContext({ viewport, colorScheme: theme });
        if (language) await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const page = await context.newPage();
        page.on('console', (m) => m.type() === 'error' && errors.push(`${who} ${page.url()}: ${m.text()}`));
        page.on('pageerror', (e) => errors.push(`${who} ${page.url()}: ${e.message}`));
        if (who === 'admin') await signIn(page, 'admin@example.com', 'Admin-Demo-2026!');
        for (const p of PAGES) {
          if (filter && !p.includes(filter)) continue;
          await page.goto(`${BASE}${p}`);
          await page.waitForLoadState('networkidle');
          const name = `${language ?? 'en'}-${who}-${theme}-${viewport.name}${p.replace(/\//g, '_') || '_home'}.png`;
          await page.screenshot({ path: path.join(OUT, name), fullPage: true });
        }
        await context.close();
      }
    }
  }
  await browser.close();
  console.log(`screenshots in ${OUT}`);
  console.log(errors.length ? `console errors:\n${[...new Set(errors)].join('\n')}` : 'no console errors');
}

await main();

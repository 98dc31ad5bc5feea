/**
 * One-off screenshots of given paths, for looking at a page while building it:
 *   BASE_URL=http://localhost:3000 OUT=/tmp/shots [AS=demo|admin] [THEME=dark] [WIDTH=375] [UI_LANGUAGE=ru] \
 *     node --import tsx e2e/tools/shot.ts /my-bots /bots/create
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = process.env.OUT ?? '/tmp/shots';
const ACCOUNTS = {
  demo: ['demo@example.com', 'User-Demo-2026!'],
  admin: ['admin@example.com', 'Admin-Demo-2026!'],
} as const;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const width = Number(process.env.WIDTH ?? 1280);
const context = await browser.newContext({
  viewport: { width, height: 900 },
  colorScheme: process.env.THEME === 'dark' ? 'dark' : 'light',
});
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.addInitScript(
  ([theme, language]) => {
    if (theme) localStorage.setItem('theme', theme);
    if (language) localStorage.setItem('language', language);
  },
  [process.env.THEME ?? '', process.env.UI_LANGUAGE ?? ''],
);
const as = process.env.AS as keyof typeof ACCOUNTS | undefined;
if (as) {
  await page.goto(`${BASE}/login`);
  const form = page.locator('main form');
  await form.locator('input[type=email]').fill(ACCOUNTS[as][0]);
  await form.locator('input[type=password]').fill(ACCOUNTS[as][1]);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
fs.mkdirSync(OUT, { recursive: true });
for (const target of process.argv.slice(2)) {
  await page.goto(`${BASE}${target}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const file = path.join(
    OUT,
    `${target.replace(/[^\w]+/g, '_') || 'home'}-${width}${process.env.THEME ? `-${process.env.THEME}` : ''}${process.env.UI_LANGUAGE ? `-${process.env.UI_LANGUAGE}` : ''}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();

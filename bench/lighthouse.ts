/**
 * Lighthouse on the built platform (issue 14, §5): performance and accessibility of `/` and of a
 * chat page (`/chat/{botId}`, signed in as the demo user, a return visit), and of `/` on a first
 * visit (`/ cold`: signed out, nothing cached), with Lighthouse's mobile and desktop presets, the
 * median of BENCH_RUNS runs each. Figures, not a test: they depend on the machine.
 *
 *   npm run bench:lighthouse                      3 runs per page and preset
 *   BENCH_RUNS=5 npm run bench:lighthouse
 *   BENCH_KEEP=/tmp/lh npm run bench:lighthouse   also keeps each run's JSON report and trace there
 *   BENCH_ONLY='/ mobile' npm run bench:lighthouse  only the runs whose "page preset" contains this
 *
 * What it does: builds what changed (scripts/build-if-stale.js), starts the compiled server on the
 * embedded database in a temporary folder (demo data), signs the demo user in once in a Chromium
 * profile, and runs the Lighthouse CLI in Debian's chromium with that profile (storage kept, so
 * the chat page opens signed in). The CLI comes through npx (LIGHTHOUSE_VERSION), fetched from
 * the npm registry on the first run, so that `npm ci` does not carry it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const base = `http://localhost:${PORT}`;
const DEMO = { email: 'demo@example.com', password: 'User-Demo-2026!' };
// The flags this machine's Chromium needs (its closed network refuses Google's background calls).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium 156's headless mode draws its own omnibox popup (a WebUI page, chrome://omnibox-popup)
  // in a renderer of its own while the page loads: about 0.9 s of CPU on this 2-core machine, taken
  // from the page under test (its main thread's tasks ran 1.6x longer by the wall clock, which
  // Lighthouse multiplies by 4). No phone runs that beside a page. Lighthouse's own list of
  // disabled features (chrome-launcher's defaults) is repeated: the last --disable-features wins.
  `--disable-features=${[
    ...['Translate', 'OptimizationHints', 'MediaRouter', 'DialMediaRouteProvider', 'CalculateNativeWinOcclusion'],
    ...['InterestFeedContentSuggestions', 'CertificateTransparencyComponentUpdater', 'AutofillServerCommunication'],
    ...['PrivacySandboxSettings4', 'RenderDocument'],
    ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'],
  ].join(',')}`,
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'charachat-lighthouse-'));
const profileDir = path.join(work, 'chromium-profile');
const only = process.env.BENCH_ONLY ?? '';
const keep = process.env.BENCH_KEEP ? path.resolve(process.env.BENCH_KEEP) : null;

function run(command: string, args: string[]): void {
  const done = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function startServer() {
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: path.join(work, 'data'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not answer /healthz within 60 s');
}

/** Signs the demo user in through the login page, in the profile Lighthouse will use. */
async function signIn(): Promise<void> {
  fs.rmSync(profileDir, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(DEMO.email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('profile-menu').waitFor({ timeout: 15_000 });
  } finally {
    await context.close();
  }
}

async function pickBot(): Promise<string> {
  const bots = (await (await fetch(`${base}/api/bots/public?sortBy=popular&page=1&limit=1`)).json()) as { items: { id: string }[] };
  const botId = bots.items[0]?.id;
  if (!botId) throw new Error('no public bot in the demo data');
  return botId;
}

type Scores = { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

function lighthouse(url: string, preset: 'mobile' | 'desktop', runIndex: number, cold: boolean): Scores {
  const out = path.join(work, `report-${preset}-${runIndex}.json`);
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    `--chrome-path=${CHROMIUM}`,
    // Cold: Lighthouse's own fresh profile, storage cleared (a first visit, signed out, nothing cached).
    ...(cold
      ? [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]
      : [`--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${profileDir}`].join(' ')}`, '--disable-storage-reset']),
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    // The trace (and DevTools log) beside the report, to see which tasks block: only when kept.
    ...(keep ? ['--save-assets'] : []),
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): one more try before giving up.
  let done = spawnSync('npx', args, { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) done = spawnSync('npx', args, { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    const page = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}${cold ? '-cold' : ''}`;
    fs.copyFileSync(out, path.join(keep, `${page}-${preset}-${runIndex}.json`));
    fs.copyFileSync(out.replace(/\.json$/, '-0.trace.json'), path.join(keep, `${page}-${preset}-${runIndex}.trace.json`));
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  run(process.execPath, ['scripts/build-if-stale.js']);
  const server = await startServer();
  try {
    const botId = await pickBot();
    const pages = [
      ['/', `${base}/`],
      ['/chat/{botId}', `${base}/chat/${botId}`],
      ['/ cold', `${base}/`],
    ] as const;
    console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, ${RUNS} runs each, medians (FCP, LCP, TBT, SI in ms)`);
    console.log('page            preset   perf  a11y    FCP    LCP    TBT   CLS     SI   (perf of each run)');
    for (const [name, url] of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        if (!`${name} ${preset}`.includes(only)) continue;
        const runs: Scores[] = [];
        // A fresh sign-in before each run: Lighthouse ends Chromium before it writes the rotated
        // refresh cookie to the profile, and the next run's stale cookie would end the session.
        for (let i = 0; i < RUNS; i++) {
          const cold = name.endsWith('cold');
          if (!cold) await signIn();
          runs.push(lighthouse(url, preset, i, cold));
        }
        const m = (key: keyof Scores) => median(runs.map((r) => r[key]));
        console.log(
          [
            name.padEnd(15),
            preset.padEnd(8),
            String(m('performance')).padStart(4),
            String(m('accessibility')).padStart(5),
            ...(['fcp', 'lcp', 'tbt'] as const).map((k) => String(Math.round(m(k))).padStart(6)),
            m('cls').toFixed(2).padStart(5),
            String(Math.round(m('si'))).padStart(6),
            `  (${runs.map((r) => r.performance).join(', ')})`,
          ].join(' '),
        );
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();

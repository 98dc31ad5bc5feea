import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const OIDC_PORT = PORT + 1;
// A fresh embedded database for every run, so the tests always meet the same demo data.
// Set once in the main process; workers inherit it, and the global teardown deletes it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `charachat-e2e-${process.pid}-${Date.now()}`);
const DATA_DIR = process.env.E2E_DATA_DIR;

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const ALONE = /admin-(economy|console)\.spec/;

/**
 * Browser tests against the real server (built web app, demo data) in the machine's Chromium.
 * `npm run test:e2e` builds the web app first.
 */
export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  // Two files at a time (the tests of one file run in order): every test makes its own users and
  // bots, so files don't step on each other, and CI's 2 cores finish in about two thirds of the time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  // CI's machine is shared and slow at times (a sign-in of 20-40 s at load 15): a test that fails
  // there runs once more, with a trace, and the report names it flaky. Here it fails at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs the browser a screenshot per frame: in CI only the retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // No endless spinners and pulses (styles.css stops them under reduced motion): fewer frames drawn.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: DESKTOP, testIgnore: [/phone\.spec/, ALONE] },
    { name: 'phone', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, testMatch: /phone\.spec/ },
    // Tests that change what every other test sees (the admin's pricing, the economy's totals, a
    // broadcast into every user's bell) run last, alone, once the others are done.
    { name: 'alone', use: DESKTOP, testMatch: ALONE, dependencies: ['desktop', 'phone'] },
  ],
  webServer: [
    {
      // A real OIDC provider, so that "Continue with TestID" can be used end to end.
      command: `node --import tsx tools/oidc-provider.ts ${OIDC_PORT} ${BASE_URL}/auth/callback`,
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: 'node --import tsx ../apps/server/src/main.ts',
      url: `${BASE_URL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        // Tests sign in many times from one address; the limits themselves are tested in the API suite.
        LOGIN_MAX_PER_IP: '1000',
        SIGNUP_MAX_PER_IP: '1000',
        // A cheap argon2id for the browser tests' many sign-ups and sign-ins, as the API suite does.
        PASSWORD_HASH_MEMORY_KIB: '4096',
        PASSWORD_HASH_TIME_COST: '1',
        RATE_LIMIT_MAX: '100000',
        // The referral test browses as two people from two addresses (X-Forwarded-For).
        TRUST_PROXY: 'true',
        // The browser tests always use the embedded database, whatever the shell has set.
        DATABASE_URL: '',
        REDIS_URL: '',
        PUBLIC_URL: BASE_URL,
        OIDC_ISSUER: `http://localhost:${OIDC_PORT}`,
        OIDC_CLIENT_ID: 'charachat-e2e',
        OIDC_CLIENT_SECRET: 'e2e-client-secret-of-enough-length',
        OIDC_PROVIDER_NAME: 'TestID',
      },
    },
  ],
});

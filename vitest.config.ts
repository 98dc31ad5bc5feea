import { defineConfig } from 'vitest/config';

// One suite for the whole repository (`npm test`): shared rules, the server's API, the web's logic.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Migrates once per run; every file's database starts as a copy (decision 041).
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
    ],
  },
});

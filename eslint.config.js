import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-prerender/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // A promise nobody awaits loses its error: the one bug class lint finds best.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Shared code runs in browsers and in Node: no Node, React or database imports; imports flow shared → server and shared → web.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'fastify*', '@app/server*', '@app/web*'] },
      ],
    },
  },
  {
    // The server's layers run one way (decision 011): lib, config → db → platform (plugins, jobs,
    // events, mail, llm, context) → features → seed and the app. A feature uses another only
    // through that feature's index.ts; most of the time it reacts to its events instead.
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      'boundaries/include': ['apps/server/src/**/*.ts'],
      // The single-file elements (config, context, app, main) need `mode: 'file'`, which v7 calls legacy.
      'boundaries/legacy-warnings': false,
      'boundaries/elements': [
        { type: 'lib', pattern: 'apps/server/src/lib' },
        { type: 'config', pattern: 'apps/server/src/config.ts', mode: 'file' },
        { type: 'db', pattern: 'apps/server/src/db' },
        { type: 'platform', pattern: 'apps/server/src/(plugins|jobs|events|mail|llm)' },
        { type: 'platform', pattern: 'apps/server/src/context.ts', mode: 'file' },
        { type: 'feature', pattern: 'apps/server/src/features/*', capture: ['area'] },
        { type: 'app', pattern: 'apps/server/src/seed' },
        { type: 'app', pattern: ['apps/server/src/app.ts', 'apps/server/src/main.ts'], mode: 'file' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'this import runs against the layers: lib, config → db → platform → features → app',
          policies: [
            {
              from: { element: { types: { anyOf: ['lib', 'config'] } } },
              allow: { to: { element: { types: { anyOf: ['lib', 'config'] } } } },
            },
            { from: { element: { type: 'db' } }, allow: { to: { element: { types: { anyOf: ['lib', 'config', 'db'] } } } } },
            {
              from: { element: { type: 'platform' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'config', 'db', 'platform'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'config', 'db', 'platform', 'feature'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'config', 'db', 'platform', 'feature', 'app'] } } } },
            },
            {
              // Last, so that it wins: another area's files are private; its index.ts is its public face. An
              // area's readers.ts is a second, small one: pure readers of files (no database, no I/O) that a
              // worker thread loads without the area's routes (decision 036).
              to: { element: { type: 'feature' } },
              disallow: { to: { element: { fileInternalPath: '!{index,readers}.ts' } } },
              message: 'another area is reached through its index.ts (or its pure readers.ts) only, not {{to.element.fileInternalPath}}',
            },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
    },
  },
  // Scripts the browser runs as they are (home-boot.js and chat-early.js are inlined into the prerendered pages).
  {
    files: ['apps/web/public/**/*.js', 'apps/web/scripts/home-boot.js', 'apps/web/scripts/chat-early.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@app/server*', '**/apps/server/**', 'node:*'] }],
    },
  },
  {
    // Tests run in Node and may read the source tree (the locale files, say); the app itself may not.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/server*', '**/apps/server/**'] }] },
  },
  {
    // The build's own configuration runs in Node at build time, never in the browser.
    files: ['apps/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/server*', '**/apps/server/**'] }] },
  },
);

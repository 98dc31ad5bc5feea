import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository's root: ESLint reads its config from there, as `npm run lint` does. */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SRC = path.join(ROOT, 'apps/server/src');

/**
 * The layout rules of decision 011, proven on imports that a change could add: lint must refuse
 * them (the files are linted as text at the path they would have; nothing is written).
 */
describe('the server layout rule (npm run lint)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    // Type-aware rules need files on disk; the boundary rule only needs the path and the imports.
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false, project: null } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
      },
    });
  });

  async function problemsOf(file: string, importLine: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${importLine}\nexport const probe = imported;\n`, { filePath: path.join(SRC, file) });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  }

  it.each([
    ['plugins/probe.ts', "import { requireBot as imported } from '../features/bots';"],
    ['db/probe.ts', "import { createAccount as imported } from '../features/auth';"],
    ['jobs/probe.ts', "import { chatRoutes as imported } from '../features/chats';"],
    ['lib/probe.ts', "import { Limiter as imported } from '../plugins/auth';"],
    ['events/probe.ts', "import { notificationRoutes as imported } from '../features/notifications';"],
    ['db/probe.ts', "import { seedCategories as imported } from '../seed/categories';"],
    ['features/chats/probe.ts', "import { prepareDatabase as imported } from '../../seed/prepare';"],
  ])('refuses an import against the layers: %s %s', async (file, line) => {
    expect(await problemsOf(file, line)).toContainEqual(
      expect.stringContaining('boundaries/dependencies: this import runs against the layers'),
    );
  });

  it.each([
    ['features/chats/probe.ts', "import { requireBot as imported } from '../bots/access';", 'access.ts'],
    ['features/profiles/probe.ts', "import { readSection as imported } from '../account/store';", 'store.ts'],
    ['features/notifications/probe.ts', "import { parseCard as imported } from '../bots/cards/character-card';", 'cards/character-card.ts'],
    ['seed/probe.ts', "import { createAccount as imported } from '../features/auth/accounts';", 'accounts.ts'],
  ])("refuses another area's private file: %s %s", async (file, line, target) => {
    expect(await problemsOf(file, line)).toEqual([
      `boundaries/dependencies: another area is reached through its index.ts (or its pure readers.ts) only, not ${target}`,
    ]);
  });

  it.each([
    ['features/chats/probe.ts', "import { requireBot as imported } from '../bots';"],
    // An area's pure readers of files, for a worker thread (decision 036).
    ['features/imports/probe.ts', "import { readImport as imported } from '../bots/readers';"],
    ['features/chats/probe.ts', "import { replyCost as imported } from './reply';"],
    ['features/bots/cards/probe.ts', "import { requireBot as imported } from '../access';"],
    ['seed/probe.ts', "import { createAccount as imported } from '../features/auth';"],
    ['app.ts', "import { authRoutes as imported } from './features/auth';"],
    ['plugins/probe.ts', "import { DomainEvents as imported } from '../events/bus';"],
    ['features/notifications/probe.ts', "import { DomainEvents as imported } from '../../events/bus';"],
  ])('allows what the layout allows: %s %s', async (file, line) => {
    expect(await problemsOf(file, line)).toEqual([]);
  });

  it('refuses a file in a folder that has no place in the layers', async () => {
    expect(await problemsOf('stray/probe.ts', "import { badRequest as imported } from '../lib/http-errors';")).toContain(
      'boundaries/no-unknown-files: File does not match any file pattern and does not belong to any known element',
    );
  });
});

describe('the areas', () => {
  it('no server area holds more than a quarter of the server code', () => {
    const linesIn = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce(
          (sum, e) =>
            sum +
            (e.isDirectory()
              ? linesIn(path.join(dir, e.name))
              : e.name.endsWith('.ts')
                ? fs.readFileSync(path.join(dir, e.name), 'utf8').split('\n').length
                : 0),
          0,
        );
    const total = linesIn(SRC);
    const areas = fs.readdirSync(path.join(SRC, 'features'));
    const shares = Object.fromEntries(areas.map((a) => [a, linesIn(path.join(SRC, 'features', a)) / total]));
    expect(Object.entries(shares).filter(([, share]) => share > 0.25)).toEqual([]);
    // Each concern of the spec's settings is a folder of its own.
    expect(areas).toEqual(expect.arrayContaining(['account', 'notifications', 'security', 'integrations', 'account-data']));
  });

  it('every area has an index.ts, its public entry', () => {
    const areas = fs.readdirSync(path.join(SRC, 'features'));
    expect(areas.filter((a) => !fs.existsSync(path.join(SRC, 'features', a, 'index.ts')))).toEqual([]);
  });
});

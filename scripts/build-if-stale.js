// Builds what `npm start` runs, each part only when its inputs changed since its last build: the
// web app (Vite, into apps/web/dist) and the server (esbuild, into apps/server/dist). Inputs are
// hashed (paths and contents, plus the VITE_* settings, which the web build reads) and the hash is
// kept in the output folder's .build-stamp after a successful build; an equal hash means the
// folder holds that build. `--force` builds both whatever the stamps say. With WEB_DIST set, the
// server serves that folder and not apps/web/dist: the web app is not built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const SHARED = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];
const TARGETS = [
  {
    name: 'web app',
    out: 'apps/web/dist',
    product: 'index.html',
    inputs: [
      ...SHARED,
      'apps/web/src',
      'apps/web/public',
      // The home page's prerenderer (prerender.js, home-boot.js).
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
    ],
    env: (key) => key.startsWith('VITE_'),
    command: [npm, ['run', 'build', '-w', '@app/web']],
  },
  {
    name: 'server',
    out: 'apps/server/dist',
    product: 'main.js',
    inputs: [...SHARED, 'apps/server/src', 'apps/server/package.json', 'apps/server/scripts/build.js', 'apps/server/scripts/bundle.js'],
    env: () => false,
    command: [process.execPath, ['apps/server/scripts/build.js']],
  },
];

/** Every file under `rel` (a file or a folder), sorted, as paths relative to the repository. */
function filesOf(rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

function inputsHash(target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap(filesOf)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  const env = Object.entries(process.env)
    .filter(([key]) => target.env(key))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(env));
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
for (const target of TARGETS) {
  const servedElsewhere = process.env.WEB_DIST && path.resolve(process.env.WEB_DIST) !== path.join(root, target.out);
  if (target.out === 'apps/web/dist' && servedElsewhere && !force) {
    console.log(`${target.name}: WEB_DIST is set (${process.env.WEB_DIST}), the server serves that folder: not building ${target.out}`);
    continue;
  }
  const started = Date.now();
  const out = path.join(root, target.out);
  const stampFile = path.join(out, '.build-stamp');
  const wanted = inputsHash(target);
  const built =
    fs.existsSync(path.join(out, target.product)) && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : null;
  if (built === wanted && !force) {
    console.log(`${target.name}: the build in ${target.out} is up to date (checked in ${Date.now() - started} ms)`);
    continue;
  }
  console.log(`${target.name}: ${built ? 'its sources changed' : 'no build yet'}, building into ${target.out}`);
  // A build that fails half-way leaves the folder in no known state: no stamp until one succeeds.
  fs.rmSync(stampFile, { force: true });
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(stampFile, `${wanted}\n`);
}

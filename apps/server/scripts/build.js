// Bundles the server into dist/main.js, so that `npm start` runs JavaScript (no TypeScript
// compiler at start). Packages stay external (node_modules), except @app/shared, whose package
// exports TypeScript. Files that find their way with import.meta.dirname (the migrations, the web
// app's public folder, the repository) are given their own folder's path, as under tsx.
// Development (npm run dev) and the tests run the TypeScript directly.
import path from 'node:path';
import fs from 'node:fs';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '..');
const outdir = path.join(server, 'dist');

/** Every bare import is external but @app/shared. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/shared') ? undefined : { path: args.path, external: true }));
  },
};

/** import.meta.dirname of a source file: the bundle's folder plus the way back to that file's folder. */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const back = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${back}`)})`), loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externals, sourceDirname],
});

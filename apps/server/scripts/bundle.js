// Bundles a server entry the way `npm start` runs it: packages stay external (node_modules),
// except @app/shared, whose package exports TypeScript. Files that find their way with
// import.meta.dirname (the migrations, the web app's public folder, the repository) are given
// their own folder's path, as under tsx. Used by build.js (dist/main.js) and by the benches that
// measure the server as it runs in production (bench/serve-targets.ts).
import path from 'node:path';
import fs from 'node:fs';
import { build } from 'esbuild';

/** Every bare import is external but @app/shared. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/shared') ? undefined : { path: args.path, external: true }));
  },
};

/** import.meta.dirname of a source file: the bundle's folder plus the way back to that file's folder. */
const sourceDirname = (outdir) => ({
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const back = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${back}`)})`), loader: 'ts' };
    });
  },
});

/** The server's worker threads (src/**\/*.worker.ts): each its own bundle beside the entry's, by its file name (lib/timed-worker.ts workerEntry). */
const workers = () =>
  fs
    .readdirSync(path.join(import.meta.dirname, '../src'), { recursive: true })
    .filter((file) => String(file).endsWith('.worker.ts'))
    .map((file) => path.join(import.meta.dirname, '../src', String(file)));

/** Bundles `entry` (a .ts file) and the server's workers into `outdir` as ESM for Node, with source maps. */
export async function bundleServer(entry, outdir) {
  await build({
    // By name, so that every bundle lands in outdir itself (a worker beside main.js), not in its source's folders.
    entryPoints: Object.fromEntries([entry, ...workers()].map((file) => [path.basename(file, '.ts'), file])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externals, sourceDirname(outdir)],
  });
}

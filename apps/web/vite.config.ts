import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends as they are
 * to a browser that accepts them (@fastify/static's preCompressed): compressed once at build, at
 * the highest levels, instead of on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null };

/**
 * The icon files that the home page's chunk and its static imports use (src/app/home-page.tsx, the
 * page that / hydrates), read from the module graph once: the names each module imports from
 * lucide-react, and the barrel's `export { default as Name } from './icons/file.mjs'` lines.
 */
function homeIconFiles(graph: ModuleGraph): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  let barrel = '';
  const walk = (id: string) => {
    if (/lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id)) barrel = graph.getModuleInfo(id)?.code ?? '';
    if (seen.has(id) || id.includes('node_modules')) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const m of info?.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g) ?? [])
      for (const name of m[1]!.split(',')) names.add(name.trim().split(/\s+as\s+/)[0]!);
    for (const imported of info?.importedIds ?? []) walk(imported);
  };
  walk(fileURLToPath(new URL('./src/app/home-page.tsx', import.meta.url)));
  const files = new Set<string>();
  for (const m of barrel.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/([^"']+)["']/g))
    if (m[1]!.split(',').some((part) => names.has(part.trim().replace(/^default\s+as\s+/, '')))) files.add(m[2]!);
  if (names.size > 0 && files.size === 0) throw new Error("vite.config.ts: none of the home page's icons found in lucide-react's barrel");
  return files;
}
let homeIcons: Set<string> | undefined;

// In development (npm run dev) the API runs on :3000 and Vite serves the app on :5173 with hot reload.
// The build for Node (`vite build --ssr`, isSsrBuild) is the home page's prerenderer
// (scripts/prerender.js): no public files, source maps, compression or chunk groups for it.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: [
      { find: '@', replacement: new URL('./src', import.meta.url).pathname },
      // React Router's package exports name only its development build (remix-run/react-router
      // #12532, #14102): the browser's build takes the production one beside it, without the
      // development checks and warnings.
      ...(command === 'build' && !isSsrBuild
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/avatars-uploads': 'http://localhost:3000',
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-prerender', emptyOutDir: true }
    : {
        outDir: 'dist',
        sourcemap: true,
        // Which chunks each page's chunk imports: scripts/prerender.js lists the home page's in home.html.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What every page needs, as one chunk rather than many small ones (less gzip overhead and fewer requests).
              groups: [
                {
                  name: 'vendor',
                  // Above the icon groups, which take their modules' dependencies along (React among them).
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|clsx|class-variance-authority)[\\/]/,
                },
                // The icons, in two chunks instead of one per icon: each icon shared by two pages was
                // a file of its own (80 files of a few hundred bytes), and a page asked for dozens
                // of them, each a request and a task on a phone's main thread. The entry's icons
                // ($initial: what the entry imports, after tree shaking) are one chunk, which the
                // entry loads; every other icon is the other (about 13 KB gzip), which only the
                // pages loaded later wait for.
                { name: 'initial-icons', priority: 2, tags: ['$initial'], test: LUCIDE_ICON },
                // The icons of the home page's chunk are a third one (home-icons, about 2 KB gzip), so
                // that / does not wait for every icon of the app before it is interactive (the web
                // budget counts what it loads then, scripts/check-budget.js).
                {
                  name: (id, ctx) => ((homeIcons ??= homeIconFiles(ctx)).has(path.basename(id)) ? 'home-icons' : 'icons'),
                  priority: 1,
                  test: LUCIDE_ICON,
                },
              ],
            },
          },
        },
      },
}));

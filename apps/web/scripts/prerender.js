// Writes dist/home.html: the home page drawn at build, which the server sends for / and /explore,
// so that a visitor sees the page before its scripts have arrived and run; and dist/chat.html, a
// chat page's shell (the layout and the chat's skeleton), for /chat/{id} and /chats/{id}, which
// also asks for the chat's first data as it starts (chat-early.js, inlined).
//
// - The page is rendered by the app's own components (src/prerender-home.tsx, built for Node into
//   dist-prerender by `npm run build`), as a first-time visitor's browser first draws it: signed
//   out, in English, the characters loading. main.tsx replaces it with the live page.
// - Nothing stands between the HTML and its first paint: the stylesheet and theme-init.js are
//   inlined (the server allows that script by its hash, plugins/web-app.ts).
// - Nothing is requested before the first paint but the page: the entry, its imports and the home
//   page's chunks are added right after it (home-boot.js, inlined too), the modules as
//   modulepreload links in one insertion, so that they never hold the paint back.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

// React's production build, like the browser's; set before React loads.
process.env.NODE_ENV = 'production';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const serverBuild = path.join(web, 'dist-prerender');

/** Replaces exactly one match of `pattern` in `html`, or fails the build: the template changed. */
function replaceOnce(html, pattern, replacement) {
  const matches = html.match(new RegExp(pattern, 'g')) ?? [];
  if (matches.length !== 1) throw new Error(`dist/index.html: expected one ${pattern}, found ${matches.length}`);
  return html.replace(pattern, replacement);
}

const { renderHome, renderChatShell } = await import(pathToFileURL(path.join(serverBuild, 'prerender-home.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const entry = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)?.[1];
const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
if (!entry) throw new Error('dist/index.html has no module script');
const themeInit = fs.readFileSync(path.join(dist, 'theme-init.js'), 'utf8');
const stylesheets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
if (stylesheets.length !== 1)
  throw new Error(`expected the app's one stylesheet in dist/assets, found ${stylesheets.join(', ') || 'none'}`);

// Every module a page's chunk imports, besides the entry's own: home-boot.js adds them as
// modulepreload links with the entry, three at a time. Left to Vite's preload helper, each would
// be a <link> appended by script with its own lookup, about a millisecond apiece on a slow phone,
// some forty of them.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
function modulesOf(page) {
  const chunks = new Set();
  (function collect(key) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`dist/.vite/manifest.json has no ${key}`);
    if (chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  })(page);
  return [...new Set([...preloads, ...[...chunks].map((file) => `/${file}`).filter((href) => href !== entry)])];
}

/**
 * index.html with `root` drawn in #root (marked data-prerendered=`mark`), its stylesheet and
 * theme-init.js inline, then `early` (more inline script, if any), and the boot that adds the
 * entry and the modules of `page`'s chunk after the first paint.
 */
function writePage(name, { root, mark, page, early = '' }) {
  let html = template;
  html = replaceOnce(html, /<script type="module" crossorigin src="[^"]+"><\/script>\n?\s*/, '');
  html = html.replace(/<link rel="modulepreload" crossorigin href="[^"]+">\n?\s*/g, '');
  html = replaceOnce(html, /<link rel="stylesheet" crossorigin href="([^"]+)">/, (_, href) => {
    const css = fs.readFileSync(path.join(dist, href), 'utf8');
    // The disabled twin is never fetched: it tells Vite's preload helper, which looks for the link of
    // every stylesheet a lazy chunk needs, that this one is in the page already. Without it, loading
    // a page's chunk would download the stylesheet again, wait for it and apply it once more.
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
  const boot = fs
    .readFileSync(path.join(web, 'scripts', 'home-boot.js'), 'utf8')
    .replace('(__ENTRY__, __MODULES__)', `(${JSON.stringify(entry)}, ${JSON.stringify(modulesOf(page))})`);
  if (boot.includes('(__ENTRY__')) throw new Error('home-boot.js: the entry and its modules were not filled in');
  html = replaceOnce(html, /<!--[^>]*-->\n?\s*<script src="\/theme-init.js"><\/script>/, `<script>${themeInit}\n${early}${boot}</script>`);
  // data-prerendered: main.tsx hydrates the home page or draws over the shell, and styles.css hides
  // what does not fit the visitor meanwhile.
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered${mark ? `="${mark}"` : ''}>${root}</div>`);
  // A boundary left pending or failed would be swapped by an inline script the CSP refuses, or drawn
  // again in the browser: the page must render whole at build.
  if (/<!--\$[?!]-->|<template/.test(html)) throw new Error(`the prerendered ${name} has an unfinished Suspense boundary`);
  const out = path.join(dist, name);
  fs.writeFileSync(out, html);
  // Compressed once here like the rest of the build (vite.config.ts), sent as is by the server.
  fs.writeFileSync(`${out}.br`, brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${out}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered into dist/${name} (${(html.length / 1024).toFixed(1)} KB)`);
}

writePage('home.html', { root: await renderHome(), page: 'src/app/home-page.tsx' });
// A chat page's shell (the server sends it for /chat/{id} and /chats/{id}), and its first data asked for at once.
writePage('chat.html', {
  root: await renderChatShell(),
  mark: 'shell',
  page: 'src/features/chats/chat-page.tsx',
  early: `${fs.readFileSync(path.join(web, 'scripts', 'chat-early.js'), 'utf8')}\n`,
});

fs.rmSync(serverBuild, { recursive: true, force: true });
// The manifest was for this script only: the server has no use for it, and nobody else should read it.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

/**
 * The web budget: the JS that `/` loads before it can render (the entry script and every chunk
 * index.html modulepreloads), gzipped, must stay within budget.json. Run after `vite build`:
 *   node scripts/check-budget.js [--dist <dir>] [--budget <file>]
 * Prints the total and each file; exits 1 above the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const here = path.dirname(new URL(import.meta.url).pathname);

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
}

const dist = option('--dist', path.resolve(here, '../dist'));
const budgetFile = option('--budget', path.resolve(here, '../budget.json'));

const { entryGzipKB } = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
if (typeof entryGzipKB !== 'number') throw new Error(`${budgetFile}: entryGzipKB must be a number`);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
  const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
  if (tag.startsWith('<script') && /\btype="module"/.test(tag) && src) files.add(src);
  if (tag.startsWith('<link') && /\brel="modulepreload"/.test(tag) && href) files.add(href);
}
if (files.size === 0) {
  console.error(`no entry script in ${path.join(dist, 'index.html')}`);
  process.exit(1);
}

let total = 0;
const rows = [...files].map((url) => {
  const gzip = gzipSync(fs.readFileSync(path.join(dist, url.replace(/^\//, '')))).length;
  total += gzip;
  return { url, gzip };
});

const kb = (bytes) => (bytes / 1024).toFixed(1);
for (const { url, gzip } of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(gzip).padStart(7)} KB  ${url}`);
const over = total > entryGzipKB * 1024;
console.log(`entry JS of /: ${kb(total)} KB gzip, budget ${entryGzipKB} KB: ${over ? 'OVER BUDGET' : 'ok'}`);
process.exit(over ? 1 : 0);

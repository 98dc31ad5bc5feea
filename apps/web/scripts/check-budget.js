/**
 * The web budget: the JS that `/` loads before it is interactive, gzipped, must stay within
 * budget.json. That is the entry and every module the prerendered home page's boot adds before it
 * (home.html's inline boot, scripts/home-boot.js: its entry and modulepreload list, which
 * scripts/prerender.js filled in from the build's manifest), or, without a home.html, the entry
 * script of index.html and every chunk it modulepreloads. Run after `npm run build`:
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

const { entryGzipKB, goalGzipKB } = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));
if (typeof entryGzipKB !== 'number') throw new Error(`${budgetFile}: entryGzipKB must be a number`);

/** The scripts index.html loads at once: its module script and its modulepreloads. */
function indexScripts(html) {
  const files = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (tag.startsWith('<script') && /\btype="module"/.test(tag) && src) files.add(src);
    if (tag.startsWith('<link') && /\brel="modulepreload"/.test(tag) && href) files.add(href);
  }
  return files;
}

/** The scripts home.html's boot adds: the entry and the modules, the arguments prerender.js filled in. */
function bootScripts(html) {
  const call = /\}\)\(("[^"]*"), (\[[^\]]*\])\);?\s*<\/script>/.exec(html);
  if (!call) throw new Error('home.html: no boot script with its entry and modules (scripts/home-boot.js)');
  return new Set([JSON.parse(call[1]), ...JSON.parse(call[2])]);
}

const homeFile = path.join(dist, 'home.html');
const page = fs.existsSync(homeFile) ? homeFile : path.join(dist, 'index.html');
const html = fs.readFileSync(page, 'utf8');
const files = page === homeFile ? bootScripts(html) : indexScripts(html);
if (files.size === 0) {
  console.error(`no entry script in ${page}`);
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
console.log(
  `JS of / before it is interactive (${path.basename(page)}, ${files.size} files): ${kb(total)} KB gzip, budget ${entryGzipKB} KB: ${over ? 'OVER BUDGET' : 'ok'}`,
);
// The budget is a ratchet at today's figure; the goal (issue 38 §3) is lower until it is reached.
if (typeof goalGzipKB === 'number' && total > goalGzipKB * 1024) {
  console.log(`  goal ${goalGzipKB} KB: ${kb(total - goalGzipKB * 1024)} KB still to cut`);
}
process.exit(over ? 1 : 0);

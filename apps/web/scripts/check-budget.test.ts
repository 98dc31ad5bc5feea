import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, 'check-budget.js');
const dirs: string[] = [];

/** A fake build: index.html with an entry and one modulepreload, each `bytes` of incompressible data, and a budget. */
function fakeDist(bytes: number, budgetKB: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const name of ['index.js', 'vendor.js', 'lazy.js']) fs.writeFileSync(path.join(dir, 'assets', name), randomText(bytes));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<html><head><script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor.js">
<link rel="stylesheet" href="/assets/index.css"></head><body></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'budget.json'), JSON.stringify({ entryGzipKB: budgetKB }));
  return dir;
}

/**
 * A fake build with the prerendered home page: home.html's inline boot names the entry and the
 * modules it adds (as scripts/prerender.js fills in home-boot.js); index.html names the entry alone.
 */
function fakeHomeDist(bytes: number, budgetKB: number) {
  const dir = fakeDist(bytes, budgetKB);
  for (const name of ['home-page.js', 'select.js']) fs.writeFileSync(path.join(dir, 'assets', name), randomText(bytes));
  fs.writeFileSync(
    path.join(dir, 'home.html'),
    `<html><head><style>body{}</style><script>(function(){})();
(function (entry, modules) {
  document.head.appendChild(document.createElement('script'));
})("/assets/index.js", ["/assets/vendor.js","/assets/home-page.js","/assets/select.js"]);
</script></head><body><div id="root" data-prerendered></div></body></html>`,
  );
  return dir;
}

function randomText(bytes: number) {
  let s = '';
  while (s.length < bytes) s += Math.random().toString(36).slice(2);
  return s.slice(0, bytes);
}

function check(dir: string) {
  return spawnSync(process.execPath, [SCRIPT, '--dist', dir, '--budget', path.join(dir, 'budget.json')], { encoding: 'utf8' });
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('check-budget', () => {
  it('passes within the budget and lists the entry and the modulepreloads, not lazy chunks', () => {
    const run = check(fakeDist(10_000, 50));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('/assets/index.js');
    expect(run.stdout).toContain('/assets/vendor.js');
    expect(run.stdout).not.toContain('lazy.js');
    expect(run.stdout).toMatch(/JS of \/ before it is interactive \(index\.html, 2 files\): [\d.]+ KB gzip, budget 50 KB: ok/);
  });

  it('fails above the budget, counting the modulepreloads too', () => {
    // Each file gzips to a bit over 10 KB alone; only the sum of both is above 15 KB.
    const run = check(fakeDist(16_000, 15));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('OVER BUDGET');
  });

  it("counts what the prerendered home page's boot adds: the entry and every module of its list", () => {
    const run = check(fakeHomeDist(10_000, 50));
    expect(run.status).toBe(0);
    for (const file of ['index.js', 'vendor.js', 'home-page.js', 'select.js']) expect(run.stdout).toContain(`/assets/${file}`);
    expect(run.stdout).not.toContain('lazy.js');
    expect(run.stdout).toMatch(/JS of \/ before it is interactive \(home\.html, 4 files\): [\d.]+ KB gzip, budget 50 KB: ok/);
  });

  it("fails when the boot's modules take the page above the budget, though the entry alone is within it", () => {
    // index.html's entry and its one modulepreload gzip to a bit over 20 KB; the boot's four files to over 40 KB.
    expect(check(fakeDist(16_000, 30)).status).toBe(0);
    const run = check(fakeHomeDist(16_000, 30));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('OVER BUDGET');
  });
});

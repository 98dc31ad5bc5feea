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
    expect(run.stdout).toMatch(/entry JS of \/: [\d.]+ KB gzip, budget 50 KB: ok/);
  });

  it('fails above the budget, counting the modulepreloads too', () => {
    // Each file gzips to a bit over 10 KB alone; only the sum of both is above 15 KB.
    const run = check(fakeDist(16_000, 15));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('OVER BUDGET');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_TEXTS } from './lazy-texts';

const src = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => fs.readFileSync(path.join(src, rel), 'utf8');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(path.join(src, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.includes('.test.'))
    .map((e) => path.relative(src, path.join(e.parentPath, e.name)));

describe('English texts that come with their pages (lib/lazy-texts.ts)', () => {
  it('are left out of the eager glob of lib/i18n.ts, each of them and no other', () => {
    const negated = [...read('lib/i18n.ts').matchAll(/'!\.\.\/features\/([\w/-]+)\/locales\/en\.json'/g)].map((m) => m[1]);
    expect(negated.sort()).toEqual([...LAZY_TEXTS].sort());
  });

  it("are added by every module that uses them, wherever it is, through the area's texts.ts", () => {
    const missing: string[] = [];
    for (const area of LAZY_TEXTS) {
      expect(read(`features/${area}/texts.ts`)).toContain('addEnglishTexts(english)');
      const keys = Object.keys(JSON.parse(read(`features/${area}/locales/en.json`)) as object);
      const uses = new RegExp(`\\bt\\(\\s*['\`](${keys.join('|')})\\.`);
      for (const file of sources('.')) {
        if (file.startsWith('locales') || !uses.test(read(file))) continue;
        const text = read(file);
        const imports = file.startsWith(`features/${area}/`)
          ? /import '\.\/texts';/.test(text) || /import '\.\.\/texts';/.test(text)
          : text.includes(`@/features/${area}/texts`);
        if (!imports) missing.push(`${file} uses ${area}'s texts`);
      }
    }
    expect(missing).toEqual([]);
  });
});

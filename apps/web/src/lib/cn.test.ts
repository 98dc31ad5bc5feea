import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/** Every class-like word in the app's source strings (a superset of what cn() is given). */
function sourceClasses(): string[] {
  const src = path.resolve(__dirname, '..');
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const found = new Set<string>();
  for (const file of walk(src)) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/(["'`])([^"'`\n]*)\1/g))
      for (const word of m[2]!.split(/\s+/))
        if (/^!?-?[a-z][a-z0-9\-[\]:/.%_#()>&*@=,!]*$/.test(word) && !word.includes('/api')) found.add(word);
  }
  return [...found].sort();
}

describe('cn', () => {
  it('lets a later class of a group win and keeps the rest in order', () => {
    expect(cn('px-4 py-2 text-sm font-medium', 'px-2')).toBe('py-2 text-sm font-medium px-2');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('hover:bg-accent bg-card', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('border border-input', 'border-2 border-destructive')).toBe('border-2 border-destructive');
    expect(cn('flex flex-col', 'hidden', false, undefined, { 'flex-row': true })).toBe('hidden flex-row');
    expect(cn('size-4', 'w-6')).toBe('size-4 w-6');
    expect(cn('w-6 h-6', 'size-4')).toBe('size-4');
    expect(cn('leading-6', 'text-lg')).toBe('text-lg');
  });

  it('resolves every pair of the classes the app names as tailwind-merge does', () => {
    const classes = sourceClasses();
    expect(classes.length).toBeGreaterThan(500);
    // Pairs of the same first letter (a group's classes share it), and pairs among the groups that
    // remove a group of another letter (size and w, inset and top, text-lg and leading, line-clamp
    // and display): every pair would be 10 million calls.
    const base = (c: string) =>
      c
        .split(':')
        .pop()!
        .replace(/^[!-]+/, '');
    const buckets = new Map<string, string[]>();
    const add = (key: string, c: string) => buckets.set(key, [...(buckets.get(key) ?? []), c]);
    for (const c of classes) {
      add(base(c)[0]!, c);
      if (
        /^(size|[wh]-|inset|top|right|bottom|left|start|end|line-clamp|leading|text-|block|flex|hidden|grid|inline|overflow)/.test(base(c))
      )
        add('cross', c);
    }
    const kind = (c: string) => c.replace(/-[^-]*$/, '');
    const differ: string[] = [];
    for (const bucket of buckets.values())
      for (const a of bucket)
        for (const b of bucket) {
          const want = twMerge(a, b);
          if (cn(a, b) !== want && !differ.some((d) => d.startsWith(`cn(${kind(a)}`)))
            differ.push(`cn(${a}, ${b}) = ${cn(a, b)}, tailwind-merge: ${want}`);
        }
    expect(differ).toEqual([]);
  }, 120_000);
});

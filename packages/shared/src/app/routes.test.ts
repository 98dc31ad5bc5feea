import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES, safeRedirectPath } from './routes';

// The WHATWG URL parser of the runtime (browsers and Node have it; this package's lib has no DOM types).
const WhatwgURL = (globalThis as unknown as { URL: new (input: string, base: string) => { origin: string } }).URL;
const ORIGIN = 'https://app.example';

describe('safeRedirectPath', () => {
  it.each(['/', '/settings/profile', '/chat/abc?x=1#top', '/bots/%2F%2Fevil', '/a//b'])('keeps the local path %j', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['empty', ''],
    ['a relative path', 'settings'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash URL', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/ok\n/evil'],
    ['a NUL', '/ok\u0000'],
  ])('falls back to the home page for %s', (_why, path) => {
    expect(safeRedirectPath(path)).toBe(ROUTES.home);
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/login')).toBe('/login');
    expect(safeRedirectPath('/chat', '/login')).toBe('/chat');
  });

  it('never answers a path that leaves the site (property)', () => {
    const tricky = fc.constantFrom('/', '//', '/\\', '\\', '\t', '\n', 'http:', 'evil.example', '@', '.', '%2F', ' ', '\u0000');
    const input = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(input, (path) => {
        const result = safeRedirectPath(path, '/fallback');
        expect(result === path || result === '/fallback').toBe(true);
        expect(new WhatwgURL(result, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });
});

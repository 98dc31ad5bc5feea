import { describe, expect, it } from 'vitest';
import { parseSettingsFile } from './settings-file';

describe('parseSettingsFile', () => {
  it('reads an exported file', () => {
    const file = { version: '1.0', exportedAt: '2026-01-01T00:00:00.000Z', settings: { appearance: { theme: 'dark' } } };
    expect(parseSettingsFile(JSON.stringify(file))).toEqual(file);
  });

  it('refuses text that is not JSON, and JSON that is not a settings file, with IMPORT_ERROR', () => {
    for (const text of ['{', 'hello', '[]', '{}', '{"version":"1.0","settings":{"appearance":{"theme":"blue"}}}']) {
      expect(() => parseSettingsFile(text)).toThrowError(
        expect.objectContaining({ code: 'IMPORT_ERROR', message: 'Failed to import settings. Please check the file format.' }),
      );
    }
  });
});

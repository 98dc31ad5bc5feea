import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZLoreEntries } from '@app/shared/lorebooks/schemas';
import { readPngTextChunks } from '../../src/lib/png-text';
import { fromCharacterBook, fromWorldFile, readLorebook, toCharacterBook, toWorldFile } from '../../src/features/lorebooks/formats';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const eldoria = JSON.parse(fs.readFileSync(path.join(fixtures, 'worlds/eldoria-sillytavern.json'), 'utf8')) as {
  entries: Record<string, Record<string, unknown>>;
};
const seraphina = JSON.parse(
  Buffer.from(readPngTextChunks(fs.readFileSync(path.join(fixtures, 'cards/seraphina-sillytavern.png'))).get('chara')!, 'base64').toString(
    'utf8',
  ),
) as { data: { character_book: { entries: Record<string, unknown>[] } & Record<string, unknown> } };

describe('lorebook formats', () => {
  it("reads SillyTavern's Eldoria world file: every entry with its keys, content, order and position", () => {
    const book = fromWorldFile(eldoria);
    expect(book.entries).toHaveLength(4);
    const first = book.entries[0]!;
    expect(first).toMatchObject({
      id: 0,
      keys: ['eldoria', 'wood', 'forest', 'magical forest'],
      secondaryKeys: [],
      constant: false,
      enabled: true,
      order: 100,
      position: 'beforeChar',
    });
    expect(first.content).toBe(eldoria.entries['0']!.content);
    expect(() => ZLoreEntries.parse(book.entries)).not.toThrow();
  });

  it('writes a world file that reads back the same, with the fields SillyTavern writes', () => {
    const book = fromWorldFile(eldoria);
    const written = toWorldFile(book);
    for (const [uid, original] of Object.entries(eldoria.entries)) {
      // Every field SillyTavern's file had is there with the same value.
      expect(written.entries[uid]).toMatchObject(original);
      expect(written.entries[uid]).toHaveProperty('selectiveLogic', 0);
      expect(written.entries[uid]).toHaveProperty('role', 0);
    }
    expect(fromWorldFile(written).entries).toEqual(book.entries);
  });

  it("reads the Seraphina card's character_book (SillyTavern's own), and writes it back valid for V2 and V3", () => {
    const original = seraphina.data.character_book;
    const book = fromCharacterBook(original);
    expect(book.entries.length).toBe(original.entries.length);
    expect(book.entries.map((e) => e.keys)).toEqual(original.entries.map((e) => e.keys));
    const written = toCharacterBook({ name: 'Eldoria', description: '', settings: book.settings, entries: book.entries });
    // Both specs: the book's extensions and each entry's, V3's use_regex.
    expect(written.extensions).toEqual({ charachat: { lore: book.settings } });
    for (const e of written.entries as Record<string, unknown>[]) {
      expect(e.extensions).toBeTypeOf('object');
      expect(e.use_regex).toBeTypeOf('boolean');
      expect(['before_char', 'after_char']).toContain(e.position);
      expect(e.keys).toBeInstanceOf(Array);
      expect(e.insertion_order).toBeTypeOf('number');
      expect(e.enabled).toBeTypeOf('boolean');
    }
    expect(fromCharacterBook(written).entries).toEqual(book.entries);
    expect((written.entries as { selective: boolean }[]).map((e) => e.selective)).toEqual(original.entries.map((e) => e.selective));
  });

  it("keeps the book's settings through both formats, and reads a card's own token_budget, scan_depth and recursive_scanning", () => {
    const settings = { scanDepth: 7, budgetPercent: 37, recursive: true, caseSensitive: true, matchWholeWords: true };
    const entries = fromCharacterBook(seraphina.data.character_book).entries;
    const card = toCharacterBook({ name: 'Set', description: '', settings, entries });
    expect(card).toMatchObject({ scan_depth: 7, token_budget: Math.round(0.37 * 8192), recursive_scanning: true });
    expect(fromCharacterBook(card).settings).toEqual(settings);
    expect(readLorebook(JSON.parse(JSON.stringify(card)))!.settings).toEqual(settings);
    const world = toWorldFile({ settings, entries });
    expect(fromWorldFile(JSON.parse(JSON.stringify(world)) as Record<string, unknown>).settings).toEqual(settings);
    // Every whole share survives the card's token count.
    for (let budgetPercent = 1; budgetPercent <= 100; budgetPercent++) {
      const back = fromCharacterBook(
        toCharacterBook({ name: 'B', description: '', settings: { ...settings, budgetPercent }, entries: [] }),
      );
      expect(back.settings.budgetPercent).toBe(budgetPercent);
    }
    // Another tool's card: its own fields, no extension of ours. A budget beyond the context is all of it.
    expect(fromCharacterBook({ entries: [], scan_depth: 3, token_budget: 1024, recursive_scanning: true }).settings).toEqual({
      scanDepth: 3,
      budgetPercent: 13,
      recursive: true,
      caseSensitive: false,
      matchWholeWords: false,
    });
    expect(fromCharacterBook({ entries: [], token_budget: 100_000 }).settings.budgetPercent).toBe(100);
    // The card's own fields win over a stale extension of ours (another tool edited them).
    expect(fromCharacterBook({ ...card, scan_depth: 2, recursive_scanning: false }).settings).toMatchObject({
      scanDepth: 2,
      recursive: false,
    });
    // Nonsense in our extension is ignored, not an error.
    expect(fromWorldFile({ entries: {}, extensions: { charachat: { lore: { budgetPercent: 'x', caseSensitive: 1 } } } }).settings).toEqual({
      scanDepth: 2,
      budgetPercent: 25,
      recursive: false,
      caseSensitive: false,
      matchWholeWords: false,
    });
  });

  it('keeps what it does not model (probability, groups, a position it lacks) through both formats', () => {
    const world = {
      entries: {
        7: {
          uid: 7,
          key: ['moon'],
          keysecondary: ['night'],
          selective: true,
          selectiveLogic: 3,
          comment: 'Moon',
          content: 'The moon is red.',
          order: 5,
          position: 2, // the author's note's top: no such place here
          role: 2,
          probability: 40,
          useProbability: true,
          group: 'sky',
          sticky: 3,
          caseSensitive: true,
          matchWholeWords: false,
          scanDepth: 7,
        },
      },
    };
    const book = fromWorldFile(world);
    expect(book.entries[0]).toMatchObject({
      id: 7,
      name: 'Moon',
      secondaryKeys: ['night'],
      selectiveLogic: 'andAll',
      position: 'afterChar',
      role: 'assistant',
      caseSensitive: true,
      matchWholeWords: false,
      scanDepth: 7,
      extensions: { probability: 40, group: 'sky', sticky: 3, position: 2 },
    });
    expect(toWorldFile(book).entries['7']).toMatchObject(world.entries[7]);
    const card = toCharacterBook({ name: 'Sky', description: '', settings: book.settings, entries: book.entries });
    const cardEntry = (card.entries as Record<string, unknown>[])[0]!;
    expect(cardEntry.extensions).toMatchObject({ probability: 40, group: 'sky', sticky: 3, position: 2, selectiveLogic: 3, role: 2 });
    expect(toWorldFile(fromCharacterBook(card)).entries['7']).toMatchObject(world.entries[7]);
  });

  it('reads a whole card, a bare book or a world file, and nothing else', () => {
    expect(readLorebook(seraphina)?.entries.length).toBe(seraphina.data.character_book.entries.length);
    expect(readLorebook(seraphina.data.character_book)?.entries.length).toBe(seraphina.data.character_book.entries.length);
    expect(readLorebook(eldoria)?.entries).toHaveLength(4);
    for (const bad of [null, 3, 'x', [], { entries: 'x' }, { data: {} }]) expect(readLorebook(bad)).toBeNull();
  });

  it('is lenient with what it reads: wrong types become defaults, duplicate uids get new ids, limits hold', () => {
    const book = fromWorldFile({
      entries: {
        a: { uid: 1, key: ['x', 3, null], content: 42, order: 'high', depth: -5, role: 9, scanDepth: 5000 },
        b: { uid: 1, key: 'comma, separated', content: 'second' },
        c: 'not an entry',
      },
    });
    expect(book.entries).toHaveLength(2);
    expect(book.entries[0]).toMatchObject({ id: 1, keys: ['x'], content: '', order: 100, depth: 0, role: 'system', scanDepth: 1000 });
    // Keys written as one text (some tools do) are read as its comma-separated keys.
    expect(book.entries[1]).toMatchObject({ id: 0, keys: ['comma', 'separated'], content: 'second' });
    expect(() => ZLoreEntries.parse(book.entries)).not.toThrow();
    // Two at the largest id: the second gets a free one, still a valid id.
    const top = fromWorldFile({ entries: { a: { uid: 2147483647, key: ['x'] }, b: { uid: 2147483647, key: ['y'] } } });
    expect(top.entries.map((e) => e.id)).toEqual([2147483647, 0]);
    expect(() => ZLoreEntries.parse(top.entries)).not.toThrow();
  });

  it("reads a card entry without `selective` as SillyTavern does (its secondary keys unused, kept); a file's extension never overrides a field", () => {
    const book = fromCharacterBook({
      entries: [
        {
          id: 1,
          keys: ['moon'],
          secondary_keys: ['night'],
          content: 'Red moon.',
          insertion_order: 5,
          enabled: true,
          extensions: { content: 'EVIL', uid: 99 },
        },
      ],
    });
    expect(book.entries[0]!.secondaryKeys).toEqual([]);
    expect(book.entries[0]!.extensions).toMatchObject({ selective: false, keysecondary: ['night'] });
    const world = toWorldFile(book).entries['1']!;
    expect(world).toMatchObject({ uid: 1, content: 'Red moon.', key: ['moon'], keysecondary: ['night'], selective: false });
  });
});

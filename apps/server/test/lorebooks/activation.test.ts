import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZLoreEntry, ZLoreSettings, type LoreEntryInput as EntryInput, type LoreSettings } from '@app/shared/lorebooks/schemas';

/** An entry as the tests write one: its id is given by the helper. */
type LoreEntryInput = Omit<EntryInput, 'id'>;
import { activateLore, keyRegex, matchKey, UNSAFE, type ScanBook } from '../../src/features/lorebooks/activation';
import { fromWorldFile } from '../../src/features/lorebooks/formats';

/** SillyTavern's activation rules (world-info.js checkWorldInfo), option by option. */

let nextId = 0;
const entry = (fields: LoreEntryInput) => ZLoreEntry.parse({ id: nextId++, content: `content ${nextId}`, ...fields });
const book = (entries: LoreEntryInput[], settings: Partial<LoreSettings> = {}, id = 'book'): ScanBook => ({
  id,
  settings: ZLoreSettings.parse(settings),
  entries: entries.map(entry),
});
const fill = (text: string) => text.replace(/\{\{char\}\}/gi, 'Seraphina').replace(/\{\{user\}\}/gi, 'Ann');
/** Newest message first, as the prompt builder hands them over. */
const scan = (books: ScanBook[], messages: string[], contextTokens = 8192) => activateLore({ books, messages, contextTokens, fill });
const names = (r: ReturnType<typeof scan>) => r.activated.map((a) => a.entry.name);

describe('lorebook activation', () => {
  it('a primary key in the scanned messages activates the entry; none does nothing', () => {
    const b = book([
      { name: 'dragon', keys: ['dragon'] },
      { name: 'elf', keys: ['elf', 'elves'] },
    ]);
    expect(names(scan([b], ['Ann: tell me about the Dragon']))).toEqual(['dragon']);
    expect(names(scan([b], ['Ann: and the elves?']))).toEqual(['elf']);
    expect(names(scan([b], ['Ann: hello']))).toEqual([]);
  });

  it('scans only the last scanDepth messages (the book’s, or the entry’s own)', () => {
    const b = book(
      [
        { name: 'dragon', keys: ['dragon'] },
        { name: 'deep', keys: ['castle'], scanDepth: 3 },
      ],
      { scanDepth: 2 },
    );
    const messages = ['Ann: hi', 'Seraphina: hello', 'Ann: the dragon and the castle'];
    // The dragon is the third message back: outside the book's depth of 2; the castle entry looks 3 back.
    expect(names(scan([b], messages))).toEqual(['deep']);
    expect(names(scan([book([{ name: 'none', keys: ['hi'] }], { scanDepth: 0 })], messages))).toEqual([]);
  });

  it('case-sensitive or not, by the book or the entry', () => {
    const b = book([
      { name: 'lower', keys: ['Dragon'] },
      { name: 'exact', keys: ['Dragon'], caseSensitive: true },
    ]);
    expect(names(scan([b], ['Ann: a dragon']))).toEqual(['lower']);
    expect(names(scan([b], ['Ann: a Dragon']))).toEqual(['lower', 'exact']);
    const strict = book([{ name: 'strict', keys: ['Dragon'] }], { caseSensitive: true });
    expect(names(scan([strict], ['Ann: a dragon']))).toEqual([]);
  });

  it('whole words or not; a key of several words is matched as a phrase', () => {
    const b = book(
      [
        { name: 'cat', keys: ['cat'] },
        { name: 'phrase', keys: ['magical forest'] },
        { name: 'part', keys: ['cat'], matchWholeWords: false },
      ],
      { matchWholeWords: true },
    );
    expect(names(scan([b], ['Ann: concatenate']))).toEqual(['part']);
    expect(names(scan([b], ['Ann: the cat, sleeping']))).toEqual(['cat', 'part']);
    expect(names(scan([b], ['Ann: a magical forest!']))).toEqual(['phrase']);
  });

  it('whole words: a word key is found as a word of the text, not inside one; other keys by the regex', () => {
    const at = (text: string) => ({ text, lower: text.toLowerCase() });
    const whole = { caseSensitive: false, wholeWords: true };
    expect(matchKey(at('Ann: the ember glows.'), 'ember', whole)).toBe(true);
    expect(matchKey(at('Ann: EMBER!'), 'ember', whole)).toBe(true);
    expect(matchKey(at('Ann: the embers glow'), 'ember', whole)).toBe(false);
    expect(matchKey(at('Ann: my_ember'), 'ember', whole)).toBe(false);
    expect(matchKey(at('Ann: EMBER'), 'ember', { caseSensitive: true, wholeWords: true })).toBe(false);
    // Not only word characters: the regex decides.
    expect(matchKey(at('Ann: I code in c++ daily'), 'c++', whole)).toBe(true);
    expect(matchKey(at('Ann: I code in abc++'), 'c++', whole)).toBe(false);
    expect(matchKey(at('Ann: ёлка стоит'), 'ёлка', whole)).toBe(true);
    // Several words: a substring, as SillyTavern does.
    expect(matchKey(at('Ann: the old map'), 'old map', whole)).toBe(true);
  });

  it('a text searched for many keys finds each exactly where a plain search of the text does', () => {
    // Past 50 keys a text is searched through the substrings of its words (activation.ts piecesOf).
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const syllables = ['ka', 'Ri', 'mo', 'ØN', 'te', '_', '9', 'ël', 'K', 'stra'];
    const word = () => Array.from({ length: 1 + random(4) }, () => syllables[random(syllables.length)]).join('');
    for (let round = 0; round < 20; round++) {
      const words = Array.from({ length: 30 }, () => word());
      const text = `\x01Ann: ${words.join([' ', ', ', '-', '\n'][random(4)])}`;
      // Keys cut from inside the text's words (found), new words (mostly not), and phrases.
      const inside = () => {
        const w = words[random(words.length)]!;
        const from = random(w.length);
        return w.slice(from, from + 1 + random(w.length - from));
      };
      for (const caseSensitive of [false, true]) {
        const scanned = { text, lower: text.toLowerCase() };
        const searched = caseSensitive ? text : scanned.lower;
        for (let k = 0; k < 200; k++) {
          const key = k % 10 === 0 ? `${word()} ${word()}` : k % 2 ? inside() : word();
          const expected = searched.includes(caseSensitive ? key : key.toLowerCase());
          expect(matchKey(scanned, key, { caseSensitive, wholeWords: false }), `${key} in ${text}`).toBe(expected);
        }
      }
    }
    // A word too long to cut into pieces: the text is searched as it is.
    const long = { text: `Ann: ${'x'.repeat(60)}`, lower: `ann: ${'x'.repeat(60)}` };
    for (let k = 0; k < 60; k++) expect(matchKey(long, 'x'.repeat(1 + k), { caseSensitive: false, wholeWords: false })).toBe(true);
    expect(matchKey(long, 'xy', { caseSensitive: false, wholeWords: false })).toBe(false);
  });

  it('a /regex/flags key is a regular expression and ignores the other options', () => {
    const b = book([{ name: 're', keys: ['/dra(g|k)on\\b/i'], caseSensitive: true, matchWholeWords: true }]);
    expect(names(scan([b], ['Ann: DRAKON here']))).toEqual(['re']);
    expect(names(scan([b], ['Ann: dragonfly']))).toEqual([]);
    expect(keyRegex('/a/b/')).toBeNull(); // an unescaped slash inside is no regex
    expect(keyRegex('/a\\/b/')?.test('a/b')).toBe(true);
    expect(keyRegex('/(/')).toBeNull(); // invalid syntax: a plain key
    expect(matchKey({ text: 'x (y', lower: 'x (y' }, '/(/', { caseSensitive: false, wholeWords: false })).toBe(false);
    // A g-flag regex is reused without carrying its lastIndex from one match to the next.
    const g = book([{ name: 'g', keys: ['/moon/g'] }]);
    expect(names(scan([g], ['Ann: moon']))).toEqual(['g']);
    expect(names(scan([g], ['Ann: moon']))).toEqual(['g']);
  });

  it('regex keys run in linear time: the classic catastrophic patterns answer at once on long texts (issue 37 §2)', () => {
    // On JavaScript's engine each of these backtracks exponentially: 30 letters took 8.8 s for the first,
    // and doubling with every letter, the 5,000 here would take longer than the universe has.
    const long = 'a'.repeat(5_000);
    const cases: [string, string, boolean][] = [
      ['/(a|a)*$/', `${long.slice(0, 29)}!`, true], // matches the empty string at the end
      ['/(a|a)*b$/', `${long}!`, false],
      ['/(a+)+$/', `${long}!`, false],
      ['/(a+)+b/', long, false],
      ['/(.*a){20}/', `${long}`, true],
      ['/(.*a){20}b/', long, false],
      ['/([a-zA-Z]+)*$/', `${long}!`, true],
      ['/^([a-zA-Z]+)*$/', `${long}!`, false],
    ];
    for (const [key, text, expected] of cases) {
      expect(keyRegex(key), key).not.toBe(UNSAFE);
      expect(matchKey({ text, lower: text }, key, { caseSensitive: false, wholeWords: false }), key).toBe(expected);
    }
    const b = book([
      { name: 'evil', keys: ['/(a+)+$/'] },
      { name: 'fine', keys: ['/a+b/'] },
    ]);
    expect(names(scan([b], [`Ann: ${'a'.repeat(40)}!`]))).toEqual([]);
    expect(names(scan([b], [`Ann: ${'a'.repeat(40)}`]))).toEqual(['evil']);
    expect(names(scan([b], ['Ann: aaab']))).toEqual(['fine']);
  }, 5_000);

  it("a regex key RE2 can't run (lookaround, backreference) never matches; flags are translated", () => {
    for (const key of ['/(a)\\1/', '/foo(?=bar)/', '/(?<!x)y/', '/(?<=x)y/']) expect(keyRegex(key), key).toBe(UNSAFE);
    const b = book([{ name: 'back', keys: ['/(a)\\1/'] }]);
    expect(names(scan([b], ['Ann: aa']))).toEqual([]);
    const text = (s: string) => ({ text: s, lower: s.toLowerCase() });
    const opts = { caseSensitive: true, wholeWords: false };
    expect(matchKey(text('DRAGON'), '/dragon/i', opts)).toBe(true);
    expect(matchKey(text('DRAGON'), '/dragon/', opts)).toBe(false);
    expect(matchKey(text('a\nb'), '/a.b/', opts)).toBe(false);
    expect(matchKey(text('a\nb'), '/a.b/s', opts)).toBe(true);
    expect(matchKey(text('x\nend'), '/^end/', opts)).toBe(false);
    expect(matchKey(text('x\nend'), '/^end/m', opts)).toBe(true);
    expect(matchKey(text('the end'), '/end/y', opts)).toBe(false);
    expect(matchKey(text('end of it'), '/end/y', opts)).toBe(true);
    expect(matchKey(text('Seraphina'), '/(?<who>sera)phina/i', opts)).toBe(true);
  });

  it('a scan depth of 0 reads nothing, not even what recursion brought', () => {
    const b = book(
      [
        { name: 'king', keys: ['king'], content: 'The castle.' },
        { name: 'castle', keys: ['castle'], scanDepth: 0 },
      ],
      { recursive: true },
    );
    expect(names(scan([b], ['Ann: the king']))).toEqual(['king']);
  });

  it('a key never matches across two messages', () => {
    const b = book([{ name: 'x', keys: ['red dragon'] }], { scanDepth: 2 });
    expect(names(scan([b], ['Ann: dragon', 'Seraphina: red']))).toEqual([]);
  });

  it.each([
    ['andAny', ['Ann: dragon and gold'], true],
    ['andAny', ['Ann: dragon alone'], false],
    ['andAll', ['Ann: dragon, gold and fire'], true],
    ['andAll', ['Ann: dragon and gold'], false],
    ['notAny', ['Ann: dragon alone'], true],
    ['notAny', ['Ann: dragon and fire'], false],
    ['notAll', ['Ann: dragon and gold'], true],
    ['notAll', ['Ann: dragon, gold and fire'], false],
  ] as const)('secondary keys, %s over %j: %s', (logic, messages, active) => {
    const b = book([{ name: 'x', keys: ['dragon'], secondaryKeys: ['gold', 'fire'], selectiveLogic: logic }]);
    expect(names(scan([b], [...messages]))).toEqual(active ? ['x'] : []);
  });

  it('constant entries are always in; disabled ones never; an entry without keys only when constant', () => {
    const b = book([
      { name: 'always', constant: true },
      { name: 'off', keys: ['dragon'], enabled: false },
      { name: 'off-constant', constant: true, enabled: false },
      { name: 'no-keys' },
    ]);
    expect(names(scan([b], ['Ann: dragon']))).toEqual(['always']);
  });

  it('places entries before or after the character by order (the highest last) and at a depth with a role', () => {
    const b = book([
      { name: 'b1', keys: ['x'], order: 10, content: 'low' },
      { name: 'b2', keys: ['x'], order: 50, content: 'high' },
      { name: 'a1', keys: ['x'], position: 'afterChar', content: 'after' },
      { name: 'd1', keys: ['x'], position: 'atDepth', depth: 2, role: 'user', content: 'deep one' },
      { name: 'd2', keys: ['x'], position: 'atDepth', depth: 2, role: 'user', order: 200, content: 'deep two' },
      { name: 'd3', keys: ['x'], position: 'atDepth', depth: 0, role: 'assistant', content: 'end' },
    ]);
    const r = scan([b], ['Ann: x']);
    expect(r.before).toBe('low\nhigh');
    expect(r.after).toBe('after');
    expect(r.atDepth).toEqual([
      { depth: 2, role: 'user', content: 'deep one\ndeep two' },
      { depth: 0, role: 'assistant', content: 'end' },
    ]);
  });

  it('fills {{char}} and {{user}} in keys and content', () => {
    const b = book([{ name: 'x', keys: ['{{char}}'], content: '{{user}} knows {{char}}' }]);
    expect(scan([b], ['Ann: Seraphina?']).before).toBe('Ann knows Seraphina');
  });

  it('stops at the token budget: the entries scanned later (lower order) drop', () => {
    const long = 'x'.repeat(400); // 100 tokens each
    const b = book(
      [
        { name: 'first', keys: ['go'], order: 300, content: long },
        { name: 'second', keys: ['go'], order: 200, content: long },
        { name: 'third', keys: ['go'], order: 100, content: long },
      ],
      { budgetPercent: 10 },
    );
    // 10% of 2,500 tokens is 250: two entries fit (202 tokens with their newlines), the third overflows.
    expect(names(scan([b], ['Ann: go'], 2500))).toEqual(['first', 'second']);
    expect(names(scan([b], ['Ann: go'], 8192))).toEqual(['first', 'second', 'third']);
  });

  it('recursive scanning: activated content activates more, unless excluded or prevented', () => {
    const entries: LoreEntryInput[] = [
      { name: 'king', keys: ['king'], content: 'The king lives in the castle.' },
      { name: 'castle', keys: ['castle'], content: 'The castle has a moat.' },
      { name: 'moat', keys: ['moat'], content: 'Eels swim in the moat.', excludeRecursion: false },
      { name: 'eels', keys: ['eels'], content: 'Eels bite.', excludeRecursion: true },
    ];
    expect(names(scan([book(entries)], ['Ann: the king']))).toEqual(['king']);
    expect(names(scan([book(entries, { recursive: true })], ['Ann: the king']))).toEqual(['king', 'castle', 'moat']);
    const prevented = entries.map((e) => (e.name === 'castle' ? { ...e, preventRecursion: true } : e));
    expect(names(scan([book(prevented, { recursive: true })], ['Ann: the king']))).toEqual(['king', 'castle']);
  });

  it('recursion finds keys in what it added, and a regex key across a message and an added entry', () => {
    const entries: LoreEntryInput[] = [
      { name: 'king', keys: ['king'], content: 'The king lives in the castle.' },
      // Missed in the message; then "castle" is in the king's content: a later step finds it there.
      { name: 'castle', keys: ['castle'], content: 'The castle has a moat.' },
      // Its regex needs the message ("the king") and the king's content ("castle") together.
      { name: 'span', keys: ['/the king[\\s\\S]*castle/'], content: 'Spanned.' },
      // Secondary keys: a NOT ANY that held it back on the message, then an added part with none of its keys.
      { name: 'guard', keys: ['king'], secondaryKeys: ['moat'], selectiveLogic: 'notAny', content: 'Guards.' },
      // Missed again in each step: never activated.
      { name: 'dragon', keys: ['dragon'], content: 'No dragons here.' },
    ];
    expect(names(scan([book(entries, { recursive: true })], ['Ann: the king']))).toEqual(['king', 'guard', 'castle', 'span']);
    // With whole words and a case-sensitive book, the added text is searched by the same rules.
    const strict = entries.map((e) => (e.name === 'castle' ? { ...e, keys: ['Castle'] } : e));
    expect(names(scan([book(strict, { recursive: true, caseSensitive: true, matchWholeWords: true })], ['Ann: the king']))).toEqual([
      'king',
      'guard',
      'span',
    ]);
  });

  it('scans the chat’s books before the bot’s, each by its own settings', () => {
    const chatBook = book([{ name: 'chat', keys: ['Moon'] }], { caseSensitive: true }, 'chat-book');
    const botBook = book([{ name: 'bot', keys: ['Moon'] }], {}, 'bot-book');
    const r = scan([chatBook, botBook], ['Ann: moon']);
    expect(r.activated.map((a) => [a.bookId, a.entry.name])).toEqual([['bot-book', 'bot']]);
    const both = scan([chatBook, botBook], ['Ann: Moon']);
    expect(both.activated.map((a) => a.bookId)).toEqual(['chat-book', 'bot-book']);
  });

  it("SillyTavern's own Eldoria world: 'forest' brings its Eldoria entry, 'beasts' the Shadowfangs", () => {
    const world = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/worlds/eldoria-sillytavern.json'), 'utf8'));
    const read = fromWorldFile(world);
    const eldoria: ScanBook = { id: 'eldoria', settings: read.settings, entries: read.entries };
    const r = scan([eldoria], ['Ann: What lives in this forest? Are there beasts?']);
    expect(r.activated.map((a) => a.entry.id).sort()).toEqual([0, 1]);
    expect(r.before).toContain('Ann: "What is Eldoria?"');
    expect(r.before).toContain('Seraphina:');
    expect(scan([eldoria], ['Ann: hello']).activated).toEqual([]);
  });
});

import { RE2JS } from 're2js';
import type { LoreEntry, LoreSettings } from '@app/shared/lorebooks/schemas';

/**
 * Which lorebook entries a reply's prompt gets, by SillyTavern's rules (public/scripts/world-info.js,
 * checkWorldInfo; decision 030): primary keys matched in the last messages, secondary keys by the
 * selective logic, constant and disabled entries, the token budget after which lower-order entries
 * drop, recursive scanning of what was activated, and the placement by position and order.
 * Pure and synchronous, on the server's one thread: the scanned text is bounded (MAX_SCAN_CHARS),
 * lower-cased once per step, and regex keys run on RE2 (re2js), whose time grows linearly with the text.
 */

/** A book as the scan sees it: its settings apply to its own entries. */
export interface ScanBook {
  id: string;
  settings: LoreSettings;
  entries: LoreEntry[];
}

export interface ScanInput {
  /** In priority order: the chat's books first, then the bot's (SillyTavern: chat lore, then character lore). */
  books: ScanBook[];
  /** The chat, newest message first, each as "Name: text" (SillyTavern includes the names). */
  messages: string[];
  /** The model's context, in tokens: the budget is a share of it. */
  contextTokens: number;
  /** {{char}} and {{user}} in keys and content. */
  fill: (text: string) => string;
}

export interface ActivatedEntry {
  bookId: string;
  entry: LoreEntry;
  /** The content with its macros filled. */
  content: string;
}

export interface LoreInsertions {
  /** Before the character's description, after the system prompt (SillyTavern's wiBefore). */
  before: string;
  /** After the scenario (wiAfter). */
  after: string;
  /** Messages put into the history, `depth` messages from its end, one per depth and role. */
  atDepth: { depth: number; role: LoreEntry['role']; content: string }[];
  /** Every activated entry, in the order they were activated. */
  activated: ActivatedEntry[];
}

/** A token is about four characters (as the prompt's own budget counts them). */
const tokens = (text: string) => Math.ceil(text.length / 4);
/** How SillyTavern joins the scanned messages: a marker that no key can match across. */
const MATCHER = '\x01';
/** The deepest scan (SillyTavern's MAX_SCAN_DEPTH). */
const MAX_SCAN_DEPTH = 1000;
/**
 * The most text a key is looked for in: the latest this many characters of what is scanned. Every
 * key of every book is looked for in it on every reply, on the server's one thread, so it is
 * bounded (a long chat at a deep scan would otherwise be megabytes per key).
 */
const MAX_SCAN_CHARS = 20_000;

interface Candidate {
  bookId: string;
  settings: LoreSettings;
  entry: LoreEntry;
  rank: number;
  /** None of its keys was in the text of the last step (recursion then looks only at what it added). */
  missed?: boolean;
  /** One of its keys could match across the scanned parts (mayCross): always scanned whole. */
  crossing?: boolean;
}

export function activateLore(input: ScanInput): LoreInsertions {
  // Each book's entries by order, highest first, the books one after another (chat lore first).
  const sorted: Candidate[] = [];
  for (const book of input.books) {
    const entries = [...book.entries].sort((a, b) => b.order - a.order);
    for (const entry of entries) sorted.push({ bookId: book.id, settings: book.settings, entry, rank: sorted.length });
  }
  if (sorted.length === 0) return { before: '', after: '', atDepth: [], activated: [] };

  const recursive = input.books.some((b) => b.settings.recursive);
  const budgetPercent = Math.max(...input.books.map((b) => b.settings.budgetPercent));
  const budget = Math.round((budgetPercent * input.contextTokens) / 100) || 1;
  const buffer = new ScanBuffer(input.messages);

  const activated = new Set<Candidate>();
  let activatedText = '';
  let overflowed = false;
  let recursion = false;
  for (;;) {
    const now: Candidate[] = [];
    for (const c of sorted) {
      if (activated.has(c)) continue;
      const { entry } = c;
      if (!entry.enabled) continue;
      if (recursion && (entry.excludeRecursion || !c.settings.recursive)) continue;
      if (entry.constant) {
        now.push(c);
        continue;
      }
      if (entry.keys.length === 0) continue;
      const depth = entry.scanDepth ?? c.settings.scanDepth;
      const options = {
        caseSensitive: entry.caseSensitive ?? c.settings.caseSensitive,
        wholeWords: entry.matchWholeWords ?? c.settings.matchWholeWords,
        fill: input.fill,
      };
      // A key is found inside one message or one activated entry (the scanned parts are joined by a
      // marker no key holds), so keys that all missed the last step's text can only be in what
      // recursion added: looked for there first, and in the whole text only if they are. Not so for
      // a regex key (it can span parts), or once the text is cut to its last MAX_SCAN_CHARS.
      if (
        c.missed &&
        !(c.crossing ??= entry.keys.some(mayCross)) &&
        buffer.whole(depth) &&
        !anyKeyIn(entry.keys, buffer.added(), options)
      ) {
        continue;
      }
      const scanned = buffer.text(depth);
      c.missed = !anyKeyIn(entry.keys, scanned, options);
      if (c.missed) continue;
      const matches = (key: string) => keyIn(key, scanned, options);
      if (entry.secondaryKeys.length === 0 || secondaryHolds(entry, matches)) now.push(c);
    }

    // In scan order; each entry's content counts against the budget until it overflows.
    let added = '';
    const accepted: Candidate[] = [];
    for (const c of now) {
      added += `${input.fill(c.entry.content)}\n`;
      if (tokens(activatedText) + tokens(added) >= budget) {
        overflowed = true;
        break;
      }
      activated.add(c);
      accepted.push(c);
    }
    const forRecursion = accepted.filter((c) => !c.entry.preventRecursion);
    if (!recursive || overflowed || forRecursion.length === 0) break;
    const text = forRecursion.map((c) => input.fill(c.entry.content)).join('\n');
    buffer.addRecurse(text);
    activatedText = `${text}\n${activatedText}`;
    recursion = true;
  }
  return place([...activated], input.fill);
}

interface KeyOptions {
  caseSensitive: boolean;
  wholeWords: boolean;
  fill: (text: string) => string;
}

/** One of an entry's keys in a scanned text (empty keys never match). */
function keyIn(key: string, scanned: Scanned, options: KeyOptions): boolean {
  // Only a key with a macro needs filling: a book of 1,000 entries has thousands of keys.
  const filled = (key.includes('{{') ? options.fill(key) : key).trim();
  return filled !== '' && matchKey(scanned, filled, options);
}

/** Whether any of the keys is in a scanned text (a loop, not a closure per entry: this runs for every key of every book). */
function anyKeyIn(keys: string[], scanned: Scanned, options: KeyOptions): boolean {
  for (const key of keys) if (keyIn(key, scanned, options)) return true;
  return false;
}

/** Whether a key could match across two scanned parts: a regex, or a key holding the marker between them. */
const mayCross = (key: string) => key.trimStart().startsWith('/') || key.includes('{{') || key.includes(MATCHER);

/** SillyTavern's selective logic over the secondary keys. */
function secondaryHolds(entry: LoreEntry, matches: (key: string) => boolean): boolean {
  const found = entry.secondaryKeys.map(matches);
  switch (entry.selectiveLogic) {
    case 'andAny':
      return found.some(Boolean);
    case 'notAll':
      return found.some((f) => !f);
    case 'notAny':
      return !found.some(Boolean);
    case 'andAll':
      return found.every(Boolean);
  }
}

/** The placement: by order, the highest last (nearest the end of its part); at-depth entries grouped by depth and role. */
function place(activated: Candidate[], fill: (text: string) => string): LoreInsertions {
  const before: string[] = [];
  const after: string[] = [];
  const atDepth: { depth: number; role: LoreEntry['role']; entries: string[] }[] = [];
  // As SillyTavern does it: sorted highest order first, each put in front of the ones before it.
  for (const c of [...activated].sort((a, b) => b.entry.order - a.entry.order || a.rank - b.rank)) {
    const content = fill(c.entry.content);
    if (!content) continue;
    if (c.entry.position === 'beforeChar') before.unshift(content);
    else if (c.entry.position === 'afterChar') after.unshift(content);
    else {
      const group = atDepth.find((g) => g.depth === c.entry.depth && g.role === c.entry.role);
      if (group) group.entries.unshift(content);
      else atDepth.push({ depth: c.entry.depth, role: c.entry.role, entries: [content] });
    }
  }
  return {
    before: before.join('\n'),
    after: after.join('\n'),
    atDepth: atDepth.map((g) => ({ depth: g.depth, role: g.role, content: g.entries.join('\n') })),
    activated: activated.map((c) => ({ bookId: c.bookId, entry: c.entry, content: fill(c.entry.content) })),
  };
}

/** A scanned text, and the same lower-cased (made once, whatever the number of keys). */
export interface Scanned {
  text: string;
  lower: string;
  /** Its words (runs of \w), as written and lower-cased: made on the first whole-word key that needs them. */
  words?: Set<string>;
  lowerWords?: Set<string>;
  /** Every substring of its words (piecesOf), or null where they would be too many. */
  pieces?: Set<string> | null;
  lowerPieces?: Set<string> | null;
  /** Keys looked for in it so far, before its pieces are worth making. */
  searches?: number;
}

const wordsOf = (scanned: Scanned, caseSensitive: boolean): Set<string> =>
  caseSensitive ? (scanned.words ??= new Set(scanned.text.split(/\W+/))) : (scanned.lowerWords ??= new Set(scanned.lower.split(/\W+/)));

// A text searched for this many keys gets its pieces made; at most this many, from words this long.
const PIECES_AFTER = 50;
const MAX_PIECES = 50_000;
const MAX_PIECE_WORD = 48;

/**
 * Every substring of a text's words. A key made of word characters is in the text exactly when it
 * is one of them (an occurrence can't cross a non-word character): one lookup instead of a search
 * through the whole text, which is what a book of thousands of keys over a long text (recursion
 * adds every activated entry's content) spends its time on. Made once the text has been searched
 * for PIECES_AFTER keys (a small book is searched as before); undefined until then, null when a
 * text's words have too many.
 */
function piecesOf(scanned: Scanned, caseSensitive: boolean): Set<string> | null | undefined {
  const made = caseSensitive ? scanned.pieces : scanned.lowerPieces;
  if (made !== undefined) return made;
  scanned.searches = (scanned.searches ?? 0) + 1;
  if (scanned.searches < PIECES_AFTER) return undefined;
  let pieces: Set<string> | null = new Set<string>();
  for (const word of wordsOf(scanned, caseSensitive)) {
    if (word.length > MAX_PIECE_WORD || pieces.size > MAX_PIECES) {
      pieces = null;
      break;
    }
    for (let i = 0; i < word.length; i++) for (let j = i + 1; j <= word.length; j++) pieces.add(word.slice(i, j));
  }
  if (caseSensitive) scanned.pieces = pieces;
  else scanned.lowerPieces = pieces;
  return pieces;
}

/** The scanned text: the latest messages to a depth, then what recursion added; each made once per step. */
class ScanBuffer {
  private readonly messages: string[];
  private readonly byDepth = new Map<number, Scanned>();
  private recurse: string[] = [];
  private latest: Scanned = { text: '', lower: '' };

  constructor(messages: string[]) {
    this.messages = messages.slice(0, MAX_SCAN_DEPTH).map((m) => m.trim());
  }

  text(depth: number): Scanned {
    const d = Math.min(Math.max(depth, 0), MAX_SCAN_DEPTH);
    let found = this.byDepth.get(d);
    if (found === undefined) {
      // SillyTavern: a depth of 0 scans nothing, not even what recursion added.
      const parts = d === 0 ? [] : [...this.messages.slice(0, d), ...this.recurse];
      const text = parts.length === 0 ? '' : (MATCHER + parts.join(`\n${MATCHER}`)).slice(-MAX_SCAN_CHARS);
      found = { text, lower: text.toLowerCase() };
      this.byDepth.set(d, found);
    }
    return found;
  }

  addRecurse(text: string) {
    this.recurse.push(text);
    this.byDepth.clear();
    const added = MATCHER + text;
    this.latest = { text: added, lower: added.toLowerCase() };
  }

  /** What the last recursion step added, as it is scanned. */
  added(): Scanned {
    return this.latest;
  }

  /** Whether the text to a depth is all there, not cut to its last MAX_SCAN_CHARS. */
  whole(depth: number): boolean {
    const { text } = this.text(depth);
    return text.length < MAX_SCAN_CHARS;
  }
}

/**
 * One key against the scanned text, as SillyTavern's matchKeys: a `/pattern/flags` key is a regex
 * (and ignores the other options); otherwise a substring, lower-cased unless case-sensitive, and
 * with whole words a single-word key must stand between non-word characters.
 */
export function matchKey(scanned: Scanned, key: string, options: { caseSensitive: boolean; wholeWords: boolean }): boolean {
  // Only a key that starts with a slash can be a regex (most keys are words: no lookup for them).
  const regex = key.startsWith('/') ? keyRegex(key) : null;
  if (regex) return regex.test(scanned.text);
  const shape = shapeOf(key);
  const text = options.caseSensitive ? scanned.text : scanned.lower;
  const needle = options.caseSensitive ? key : shape.lower;
  const word = options.caseSensitive ? shape.word : shape.lowerWord;
  if (!options.wholeWords || shape.spaced) {
    const pieces = word ? piecesOf(scanned, options.caseSensitive) : undefined;
    return pieces ? pieces.has(needle) : text.includes(needle);
  }
  // A key of word characters only stands between non-word characters exactly when it is one of
  // the text's words: one lookup, where scanning the text for each of a book's thousands of keys
  // was the cost (bench/lorebook.ts).
  if (word) return wordsOf(scanned, options.caseSensitive).has(needle);
  // Other keys: the regex, only if the key is in the text at all.
  return text.includes(needle) && wholeWord(needle).test(text);
}

/** What matching needs to know of a key, worked out once per key (a book's keys repeat every reply); bounded. */
interface KeyShape {
  lower: string;
  /** Holds white space: a phrase, looked for as it is even with whole words. */
  spaced: boolean;
  /** Only word characters, as written and lower-cased. */
  word: boolean;
  lowerWord: boolean;
}
const shapes = new Map<string, KeyShape>();
function shapeOf(key: string): KeyShape {
  return remember(shapes, key, () => {
    const lower = key.toLowerCase();
    return { lower, spaced: /\s/.test(key.trim()), word: /^\w+$/.test(key), lowerWord: /^\w+$/.test(lower) };
  });
}

/** A value worked out once per key and kept across prompts (a book's keys repeat every reply); each cache bounded. */
function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let found = cache.get(key);
  if (found === undefined) {
    if (cache.size >= 10_000) cache.clear();
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** A regex key compiled for RE2 (re2js): its time grows linearly with the text, whatever the pattern. */
export interface KeyMatcher {
  test(text: string): boolean;
}

// Compiled keys.
const compiled = new Map<string, KeyMatcher | null>();

/**
 * A regex key RE2 can't run (a lookaround, a backreference): refused when a book is saved
 * (regexKeyProblems), and one stored before, or brought by an import, never matches.
 */
export const UNSAFE: KeyMatcher = { test: () => false };

const RE2_FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, s: RE2JS.DOTALL, m: RE2JS.MULTILINE };

/**
 * SillyTavern's parseRegexFromString: `/pattern/flags` with no unescaped slash inside; null when
 * the key is no regex (JavaScript can't read it: a plain key). Keys run on the server for every
 * reply, a public bot's in everyone's chats, so the pattern runs on RE2, never on JavaScript's
 * backtracking engine (`/(a|a)*$/` took 8.8 s on 30 letters there): UNSAFE when RE2 can't run it.
 */
export function keyRegex(key: string): KeyMatcher | null {
  return remember(compiled, `r${key}`, () => {
    const match = /^\/([\w\W]+?)\/([gimsuy]*)$/.exec(key);
    if (!match) return null;
    const [, body, flags] = match;
    if (/(^|[^\\])\//.test(body!)) return null;
    const pattern = body!.replace('\\/', '/');
    try {
      // Only compiled, to tell a regex from a plain key as SillyTavern does: never run.
      new RegExp(pattern, flags);
    } catch {
      return null;
    }
    try {
      const bits = [...flags!].reduce((n, f) => n | (RE2_FLAGS[f] ?? 0), 0);
      // Sticky: tested from index 0 (as SillyTavern resets it), it matches only at the start.
      const translated = RE2JS.translateRegExp(pattern);
      const re2 = RE2JS.compile(flags!.includes('y') ? `\\A(?:${translated})` : translated, bits);
      return { test: (text: string) => re2.test(text) };
    } catch {
      return UNSAFE;
    }
  });
}

/** Where these entries have a regex key that RE2 can't run (refused when a book is saved). */
export function regexKeyProblems(entries: Pick<LoreEntry, 'keys' | 'secondaryKeys'>[]): { field: string }[] {
  const problems: { field: string }[] = [];
  entries.forEach((entry, i) => {
    for (const list of ['keys', 'secondaryKeys'] as const) {
      entry[list].forEach((key, j) => {
        if (key.startsWith('/') && keyRegex(key) === UNSAFE) problems.push({ field: `entries.${i}.${list}.${j}` });
      });
    }
  });
  return problems;
}

// A plain key between non-word characters: escaped, so it can't backtrack.
const wholeWords = new Map<string, RegExp>();
function wholeWord(needle: string): RegExp {
  return remember(wholeWords, needle, () => new RegExp(`(?:^|\\W)(${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?:$|\\W)`));
}

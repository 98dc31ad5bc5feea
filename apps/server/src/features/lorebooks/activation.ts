import safeRegex from 'safe-regex2';
import type { LoreEntry, LoreSettings } from '@app/shared/lorebooks/schemas';

/**
 * Which lorebook entries a reply's prompt gets, by SillyTavern's rules (public/scripts/world-info.js,
 * checkWorldInfo; decision 030): primary keys matched in the last messages, secondary keys by the
 * selective logic, constant and disabled entries, the token budget after which lower-order entries
 * drop, recursive scanning of what was activated, and the placement by position and order.
 * Pure and synchronous, on the server's one thread: the scanned text is bounded (MAX_SCAN_CHARS),
 * lower-cased once per step, and a regex key that could backtrack exponentially never runs.
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
      const scanned = buffer.text(entry.scanDepth ?? c.settings.scanDepth);
      const options = {
        caseSensitive: entry.caseSensitive ?? c.settings.caseSensitive,
        wholeWords: entry.matchWholeWords ?? c.settings.matchWholeWords,
      };
      const matches = (key: string) => {
        // Only a key with a macro needs filling: a book of 1,000 entries has thousands of keys.
        const filled = (key.includes('{{') ? input.fill(key) : key).trim();
        return filled !== '' && matchKey(scanned, filled, options);
      };
      if (!entry.keys.some(matches)) continue;
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
}

const wordsOf = (scanned: Scanned, caseSensitive: boolean): Set<string> =>
  caseSensitive ? (scanned.words ??= new Set(scanned.text.split(/\W+/))) : (scanned.lowerWords ??= new Set(scanned.lower.split(/\W+/)));

/** The scanned text: the latest messages to a depth, then what recursion added; each made once per step. */
class ScanBuffer {
  private readonly messages: string[];
  private readonly byDepth = new Map<number, Scanned>();
  private recurse: string[] = [];

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
  if (regex === UNSAFE) return false;
  if (regex) {
    regex.lastIndex = 0;
    return regex.test(scanned.text);
  }
  const text = options.caseSensitive ? scanned.text : scanned.lower;
  const needle = options.caseSensitive ? key : key.toLowerCase();
  if (!options.wholeWords || /\s/.test(needle.trim())) return text.includes(needle);
  // A key of word characters only stands between non-word characters exactly when it is one of
  // the text's words: one lookup, where scanning the text for each of a book's thousands of keys
  // was the cost (bench/lorebook.ts).
  if (/^\w+$/.test(needle)) return wordsOf(scanned, options.caseSensitive).has(needle);
  // Other keys: the regex, only if the key is in the text at all.
  return text.includes(needle) && wholeWord(needle).test(text);
}

// Compiled keys, reused across prompts (a book's keys repeat every reply); bounded.
const compiled = new Map<string, RegExp | null>();
function remember(key: string, make: () => RegExp | null): RegExp | null {
  let found = compiled.get(key);
  if (found === undefined) {
    if (compiled.size >= 10_000) compiled.clear();
    found = make();
    compiled.set(key, found);
  }
  return found;
}

/** A regex key that could take exponential time (safe-regex2's star height): it never runs, and never matches. */
export const UNSAFE = /(?!)/;

/**
 * SillyTavern's parseRegexFromString: `/pattern/flags` with no unescaped slash inside. A pattern
 * that could backtrack for seconds on a crafted message (`/(a+)+$/`) answers UNSAFE: keys run on
 * the server for every reply, a public bot's in everyone's chats.
 */
export function keyRegex(key: string): RegExp | null {
  return remember(`r${key}`, () => {
    const match = /^\/([\w\W]+?)\/([gimsuy]*)$/.exec(key);
    if (!match) return null;
    const [, body, flags] = match;
    if (/(^|[^\\])\//.test(body!)) return null;
    let regex: RegExp;
    try {
      regex = new RegExp(body!.replace('\\/', '/'), flags);
    } catch {
      return null;
    }
    return safeRegex(regex) ? regex : UNSAFE;
  });
}

function wholeWord(needle: string): RegExp {
  return remember(`w${needle}`, () => new RegExp(`(?:^|\\W)(${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?:$|\\W)`))!;
}

import { ZLoreEntries, ZLoreEntry, ZLoreSettings, type LoreEntry, type LoreSettings } from '@app/shared/lorebooks/schemas';
import { LORE_LIMITS, LORE_MESSAGES as M } from '@app/shared/lorebooks/rules';
import { badRequest } from '../../lib/http-errors';
import { isObject } from '../../lib/json-object';
import { nestedDeeperThan } from '../../lib/nesting';

/**
 * Lorebooks in and out of the two formats of the ecosystem (decision 030): SillyTavern's world
 * file (`{ entries: { [uid]: entry } }`, public/scripts/world-info.js) and a character card's
 * `character_book` (Character Card V2/V3). A lenient reader and a strict writer: what this
 * platform does not model (probability, groups, timed effects…) is kept in the entry's
 * `extensions` under the card's names and written back to either format.
 */

type Json = Record<string, unknown>;

/** SillyTavern's numbers for positions, roles and the selective logic. */
const POSITIONS = { 0: 'beforeChar', 1: 'afterChar', 4: 'atDepth' } as const;
const POSITION_NUMBERS = { beforeChar: 0, afterChar: 1, atDepth: 4 } as const;
const ROLES = ['system', 'user', 'assistant'] as const;
const LOGIC = ['andAny', 'notAll', 'notAny', 'andAll'] as const;

/**
 * World-file fields kept in `extensions`, by their card extension names (SillyTavern's own
 * convertWorldInfoToCharacterBook and convertCharacterBook map them one to one).
 */
const KEPT: Record<string, string> = {
  probability: 'probability',
  useProbability: 'useProbability',
  group: 'group',
  groupOverride: 'group_override',
  groupWeight: 'group_weight',
  delayUntilRecursion: 'delay_until_recursion',
  useGroupScoring: 'use_group_scoring',
  automationId: 'automation_id',
  vectorized: 'vectorized',
  sticky: 'sticky',
  cooldown: 'cooldown',
  delay: 'delay',
};
/**
 * What SillyTavern writes for those when they are not used (its entry template): a field at its
 * default is not kept, since either writer puts the default back.
 */
const DEFAULTS: Record<string, unknown> = {
  probability: 100,
  useProbability: true,
  group: '',
  group_override: false,
  group_weight: 100,
  delay_until_recursion: 0,
  use_group_scoring: null,
  automation_id: '',
  vectorized: false,
  sticky: null,
  cooldown: null,
  delay: null,
};
/** Derived from the entry's place and title when written: never kept. */
const DERIVED = new Set(['displayIndex', 'display_index', 'addMemo']);
/** Keeps an unmodelled field unless it holds its default. */
function keep(into: Json, name: string, value: unknown) {
  if (DERIVED.has(name)) return;
  if (name in DEFAULTS && (value === DEFAULTS[name] || (name === 'delay_until_recursion' && value === false))) return;
  into[name] = value;
}
/** World-file fields this platform models (never copied into `extensions`). */
const MODELLED = new Set([
  'uid',
  'key',
  'keysecondary',
  'comment',
  'content',
  'constant',
  'selective',
  'selectiveLogic',
  'order',
  'position',
  'disable',
  'excludeRecursion',
  'preventRecursion',
  'depth',
  'scanDepth',
  'caseSensitive',
  'matchWholeWords',
  'role',
]);

/** The card extension fields this platform models. */
const CARD_MODELLED = new Set([
  'position',
  'exclude_recursion',
  'prevent_recursion',
  'depth',
  'selectiveLogic',
  'scan_depth',
  'match_whole_words',
  'case_sensitive',
  'role',
]);

/** A list of keys: an array's texts, or one text of comma-separated keys (as some tools write them). */
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : Array.isArray(v)
      ? v.filter((k): k is string => typeof k === 'string')
      : [];
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback);
const boolOrNull = (v: unknown) => (typeof v === 'boolean' ? v : null);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * Book-wide settings. A card has scan_depth, token_budget (read as a share of the 8,192-token
 * context it is written for) and recursive_scanning, and they win when present; the rest (case
 * and whole words for the whole book), and all of them in a world file, which has no such fields,
 * ride in the book's `extensions.charachat.lore`: both specs keep an unknown extension, so a book
 * exported here and imported again keeps its settings.
 */
const OWN = 'charachat';
const BUDGET_CONTEXT = 8192;

function settingsOf(book: Json): LoreSettings {
  const ext = isObject(book.extensions) && isObject(book.extensions[OWN]) ? book.extensions[OWN] : {};
  const own = isObject(ext.lore) ? ext.lore : {};
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
  const depth = number(book.scan_depth) ?? number(own.scanDepth);
  const tokens = number(book.token_budget);
  const budget = tokens !== undefined && tokens > 0 ? (tokens / BUDGET_CONTEXT) * 100 : number(own.budgetPercent);
  return ZLoreSettings.parse({
    scanDepth: depth === undefined ? undefined : clamp(Math.trunc(depth), 0, LORE_LIMITS.maxDepth),
    budgetPercent: budget === undefined ? undefined : clamp(Math.round(budget), 1, 100),
    recursive: flag(book.recursive_scanning) ?? flag(own.recursive) ?? false,
    caseSensitive: flag(own.caseSensitive),
    matchWholeWords: flag(own.matchWholeWords),
  });
}

/** The book's `extensions` as written: ours under `charachat.lore`. */
const ownExtensions = (settings: LoreSettings): Json => ({ [OWN]: { lore: settings } });

/** A SillyTavern position number as ours: the author's note and example positions, which we lack, go after the character. */
function positionOf(n: unknown): LoreEntry['position'] {
  return POSITIONS[int(n, 0) as keyof typeof POSITIONS] ?? 'afterChar';
}

function entry(fields: {
  id: number;
  name: unknown;
  keys: unknown;
  secondaryKeys: unknown;
  selective: unknown;
  selectiveLogic: unknown;
  content: unknown;
  constant: unknown;
  enabled: boolean;
  order: unknown;
  position: LoreEntry['position'];
  depth: unknown;
  role: unknown;
  caseSensitive: unknown;
  matchWholeWords: unknown;
  scanDepth: unknown;
  excludeRecursion: unknown;
  preventRecursion: unknown;
  extensions: Json;
}): LoreEntry {
  // SillyTavern reads "not selective" as "no secondary keys".
  const secondary = fields.selective === false ? [] : strings(fields.secondaryKeys);
  const logic = int(fields.selectiveLogic, 0);
  const scanDepth = typeof fields.scanDepth === 'number' ? clamp(int(fields.scanDepth, 0), 0, LORE_LIMITS.maxDepth) : null;
  return ZLoreEntry.parse({
    id: clamp(fields.id, 0, LORE_LIMITS.maxId),
    name: (typeof fields.name === 'string' ? fields.name : '').slice(0, LORE_LIMITS.name),
    keys: strings(fields.keys)
      .slice(0, LORE_LIMITS.keys)
      .map((k) => k.slice(0, LORE_LIMITS.key)),
    secondaryKeys: secondary.slice(0, LORE_LIMITS.keys).map((k) => k.slice(0, LORE_LIMITS.key)),
    selectiveLogic: LOGIC[logic] ?? 'andAny',
    content: (typeof fields.content === 'string' ? fields.content : '').slice(0, LORE_LIMITS.content),
    constant: fields.constant === true,
    enabled: fields.enabled,
    order: clamp(int(fields.order, 100), -LORE_LIMITS.maxOrder, LORE_LIMITS.maxOrder),
    position: fields.position,
    depth: clamp(int(fields.depth, 4), 0, LORE_LIMITS.maxDepth),
    role: ROLES[int(fields.role, 0)] ?? 'system',
    caseSensitive: boolOrNull(fields.caseSensitive),
    matchWholeWords: boolOrNull(fields.matchWholeWords),
    scanDepth,
    excludeRecursion: fields.excludeRecursion === true,
    preventRecursion: fields.preventRecursion === true,
    extensions: fields.extensions,
  });
}

export interface ReadBook {
  name: string | null;
  description: string;
  settings: LoreSettings;
  entries: LoreEntry[];
}

/** Reads either format (a world file, a bare character_book, or a whole card holding one); null when it is neither. */
export function readLorebook(json: unknown): ReadBook | null {
  if (!isObject(json)) return null;
  const data = isObject(json.data) ? json.data : null;
  if (data && isObject(data.character_book)) return fromCharacterBook(data.character_book);
  if (Array.isArray(json.entries)) return fromCharacterBook(json);
  if (isObject(json.entries)) return fromWorldFile(json);
  return null;
}

/**
 * A new lorebook's fields from a file's JSON (a world file, a character_book or a whole card),
 * checked: 400 when it is none of them, or when its entries are over the limits. Pure: the
 * SillyTavern import runs it in its worker thread (readers.ts).
 */
export function lorebookFromFile(json: unknown, fallbackName?: string): ReadBook & { name: string } {
  // Nested deeper than a book needs: refused before it is walked (a million levels overflow the stack, and the database).
  if (nestedDeeperThan(json)) throw badRequest(M.tooDeep, 'file');
  // PostgreSQL's jsonb holds no NUL character (a JSON body is checked for it before it gets here; a file is not).
  const book = JSON.stringify(json ?? null).includes('\\u0000') ? null : readLorebook(json);
  if (!book) throw badRequest(M.notAFile, 'file');
  const entries = ZLoreEntries.safeParse(book.entries);
  if (!entries.success) throw badRequest(entries.error.issues[0]!.message, 'file');
  const name = (book.name ?? fallbackName ?? 'Imported lorebook').slice(0, LORE_LIMITS.bookName);
  return { ...book, name, description: book.description.slice(0, LORE_LIMITS.description) };
}

/** SillyTavern's world file: `entries` keyed by uid. */
export function fromWorldFile(json: Json): ReadBook {
  const raw = isObject(json.entries) ? Object.values(json.entries).filter(isObject) : [];
  const entries = uniqueIds(
    raw.slice(0, LORE_LIMITS.entries).map((e, index) => {
      const extensions: Json = {};
      for (const [field, value] of Object.entries(e)) if (!MODELLED.has(field)) keep(extensions, KEPT[field] ?? field, value);
      // SillyTavern reads "not selective" as "no secondary keys": those are kept, unused.
      if (e.selective === false) {
        extensions.selective = false;
        if (strings(e.keysecondary).length > 0) extensions.keysecondary = strings(e.keysecondary);
      }
      // A position we lack is kept, so that it comes back.
      if (!(int(e.position, 0) in POSITIONS)) extensions.position = e.position;
      return entry({
        id: int(e.uid, index),
        name: e.comment,
        keys: e.key,
        secondaryKeys: e.keysecondary,
        selective: e.selective,
        selectiveLogic: e.selectiveLogic,
        content: e.content,
        constant: e.constant,
        enabled: e.disable !== true,
        order: e.order,
        position: positionOf(e.position),
        depth: e.depth,
        role: e.role,
        caseSensitive: e.caseSensitive,
        matchWholeWords: e.matchWholeWords,
        scanDepth: e.scanDepth,
        excludeRecursion: e.excludeRecursion,
        preventRecursion: e.preventRecursion,
        extensions,
      });
    }),
  );
  return {
    name: typeof json.name === 'string' ? json.name : null,
    description: typeof json.description === 'string' ? json.description : '',
    settings: settingsOf(json),
    entries,
  };
}

/** A card's character_book (V2 and V3 alike). */
export function fromCharacterBook(book: Json): ReadBook {
  // Cards write an array; some tools write the world file's map of entries by id.
  const raw = (Array.isArray(book.entries) ? book.entries : isObject(book.entries) ? Object.values(book.entries) : []).filter(isObject);
  const entries = uniqueIds(
    raw.slice(0, LORE_LIMITS.entries).map((e, index) => {
      const ext = isObject(e.extensions) ? e.extensions : {};
      const extensions: Json = {};
      for (const [field, value] of Object.entries(ext)) {
        if (!CARD_MODELLED.has(field)) keep(extensions, field, value);
      }
      // Card fields we don't model are kept too: a priority, and use_regex when it is off.
      if ('priority' in e) extensions.card_priority = e.priority;
      if (e.use_regex === false) extensions.card_use_regex = false;
      // SillyTavern reads a card entry without `selective` as not selective (entry.selective || false).
      if (e.selective !== true) {
        extensions.selective = false;
        if (strings(e.secondary_keys).length > 0) extensions.keysecondary = strings(e.secondary_keys);
      }
      const position =
        typeof ext.position === 'number' ? positionOf(ext.position) : e.position === 'after_char' ? 'afterChar' : 'beforeChar';
      if (typeof ext.position === 'number' && !(int(ext.position, 0) in POSITIONS)) extensions.position = ext.position;
      return entry({
        id: int(e.id, index),
        name: typeof e.comment === 'string' && e.comment ? e.comment : e.name,
        keys: e.keys,
        secondaryKeys: e.secondary_keys,
        selective: e.selective === true,
        selectiveLogic: ext.selectiveLogic,
        content: e.content,
        constant: e.constant,
        enabled: e.enabled !== false,
        order: e.insertion_order,
        position,
        depth: ext.depth,
        role: ext.role,
        caseSensitive: typeof ext.case_sensitive === 'boolean' ? ext.case_sensitive : e.case_sensitive,
        matchWholeWords: ext.match_whole_words,
        scanDepth: ext.scan_depth,
        excludeRecursion: ext.exclude_recursion,
        preventRecursion: ext.prevent_recursion,
        extensions,
      });
    }),
  );
  const settings = settingsOf(book);
  return {
    name: typeof book.name === 'string' && book.name.trim() ? book.name.trim() : null,
    description: typeof book.description === 'string' ? book.description : '',
    settings,
    entries,
  };
}

/** Two entries of a file with one uid: the later one gets a free id (ids are unique in a book, 0…maxId). */
function uniqueIds(entries: LoreEntry[]): LoreEntry[] {
  const taken = new Set<number>();
  const ids = new Set(entries.map((e) => e.id));
  let next = 0;
  return entries.map((e) => {
    if (!taken.has(e.id)) {
      taken.add(e.id);
      return e;
    }
    while (ids.has(next) || taken.has(next)) next += 1;
    taken.add(next);
    return { ...e, id: next };
  });
}

/** Extension names that go back to a world file under SillyTavern's field names. */
const WORLD_NAMES = Object.fromEntries(Object.entries(KEPT).map(([world, card]) => [card, world]));

/** SillyTavern's world file, as its "Export" writes one. */
export function toWorldFile(book: { settings: LoreSettings; entries: LoreEntry[] }): { entries: Record<string, Json>; extensions: Json } {
  const entries: Record<string, Json> = {};
  book.entries.forEach((e, index) => {
    const extra: Json = {};
    for (const [name, value] of Object.entries(e.extensions)) {
      if (name.startsWith('card_') || name === 'selective' || name === 'keysecondary') continue;
      const field = WORLD_NAMES[name] ?? name;
      // What a file put under a modelled field's name never overrides the entry (position aside, kept on purpose).
      if (MODELLED.has(field) && field !== 'position') continue;
      extra[field] = value;
    }
    const unused = e.extensions.selective === false && e.secondaryKeys.length === 0;
    entries[String(e.id)] = {
      uid: e.id,
      key: e.keys,
      keysecondary: unused && Array.isArray(e.extensions.keysecondary) ? e.extensions.keysecondary : e.secondaryKeys,
      comment: e.name,
      content: e.content,
      constant: e.constant,
      vectorized: false,
      selective: !unused,
      selectiveLogic: LOGIC.indexOf(e.selectiveLogic),
      addMemo: e.name !== '',
      order: e.order,
      disable: !e.enabled,
      excludeRecursion: e.excludeRecursion,
      preventRecursion: e.preventRecursion,
      delayUntilRecursion: false,
      probability: 100,
      useProbability: true,
      depth: e.depth,
      group: '',
      groupOverride: false,
      groupWeight: 100,
      scanDepth: e.scanDepth,
      caseSensitive: e.caseSensitive,
      matchWholeWords: e.matchWholeWords,
      useGroupScoring: null,
      automationId: '',
      role: ROLES.indexOf(e.role),
      sticky: null,
      cooldown: null,
      delay: null,
      displayIndex: index,
      ...extra,
      // Ours, unless the file had a position we lack.
      position: typeof extra.position === 'number' ? extra.position : POSITION_NUMBERS[e.position],
    };
  });
  return { entries, extensions: ownExtensions(book.settings) };
}

/**
 * A character_book valid for both Character Card V2 and V3: the book's and every entry's
 * `extensions` present (both specs require them), `use_regex` on every entry (V3 requires it),
 * SillyTavern's extension fields as SillyTavern writes them.
 */
export function toCharacterBook(book: { name: string; description: string; settings: LoreSettings; entries: LoreEntry[] }): Json {
  return {
    name: book.name,
    description: book.description,
    scan_depth: book.settings.scanDepth,
    token_budget: Math.round((book.settings.budgetPercent / 100) * BUDGET_CONTEXT),
    recursive_scanning: book.settings.recursive,
    extensions: ownExtensions(book.settings),
    entries: book.entries.map((e, index) => {
      const extensions: Json = {};
      for (const [name, value] of Object.entries(e.extensions))
        if (!name.startsWith('card_') && name !== 'selective' && name !== 'keysecondary') extensions[name] = value;
      return {
        id: e.id,
        keys: e.keys,
        secondary_keys:
          e.secondaryKeys.length === 0 && Array.isArray(e.extensions.keysecondary) ? e.extensions.keysecondary : e.secondaryKeys,
        comment: e.name,
        name: e.name,
        content: e.content,
        constant: e.constant,
        selective: e.extensions.selective === false && e.secondaryKeys.length === 0 ? false : true,
        insertion_order: e.order,
        enabled: e.enabled,
        position: e.position === 'beforeChar' ? 'before_char' : 'after_char',
        use_regex: e.extensions.card_use_regex === false ? false : true,
        ...(typeof e.extensions.card_priority === 'number' ? { priority: e.extensions.card_priority } : {}),
        ...(e.caseSensitive !== null ? { case_sensitive: e.caseSensitive } : {}),
        extensions: {
          display_index: index,
          ...extensions,
          position: typeof extensions.position === 'number' ? extensions.position : POSITION_NUMBERS[e.position],
          exclude_recursion: e.excludeRecursion,
          prevent_recursion: e.preventRecursion,
          depth: e.depth,
          selectiveLogic: LOGIC.indexOf(e.selectiveLogic),
          scan_depth: e.scanDepth,
          match_whole_words: e.matchWholeWords,
          case_sensitive: e.caseSensitive,
          role: ROLES.indexOf(e.role),
        },
      };
    }),
  };
}

/**
 * The strict half of "a strict writer and a lenient reader" (issue 20 §6): whatever a card held
 * when it came in (an export writes the fields a bot still has as imported exactly as they were),
 * what we write is a Character Card V2 or V3 by the letter of its spec
 * (malfoyslastname/character-card-spec-v2, kwaroran/character-card-spec-v3). Every required field
 * is there with its type, an optional one has its type or is left out, and nothing else is touched:
 * unknown fields and every `extensions` are kept, as both specs require.
 */

import { isObject } from '../../../lib/json-object';

type Json = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A scalar as text (a number or a flag said as text); anything else is no text. */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : isNumber(v) || typeof v === 'boolean' ? String(v) : '');

/** A list of texts: the texts of an array, or one text (split at commas for keys and tags). */
export function asTexts(v: unknown, splitCommas = false): string[] {
  if (typeof v === 'string')
    return splitCommas
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v
        ? [v]
        : [];
  return Array.isArray(v) ? v.filter((s) => typeof s === 'string' || isNumber(s)).map(asText) : [];
}

const asNumber = (v: unknown): number | undefined =>
  isNumber(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
const asFlag = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined);

/** An optional field: its value in its type, or the field left out. */
function optional(out: Json, key: string, value: unknown) {
  if (value === undefined) delete out[key];
  else out[key] = value;
}

function specEntry(raw: Json, index: number, version: 'v2' | 'v3'): Json {
  const out: Json = { ...raw };
  out.keys = asTexts(raw.keys, true);
  out.content = asText(raw.content);
  out.extensions = isObject(raw.extensions) ? raw.extensions : {};
  out.enabled = asFlag(raw.enabled) ?? true;
  out.insertion_order = asNumber(raw.insertion_order) ?? 100;
  // Absent, a key is read as SillyTavern reads it (a /regex/ key is one), as our own books are written (toCharacterBook).
  if (version === 'v3') out.use_regex = asFlag(raw.use_regex) ?? true;
  optional(out, 'case_sensitive', asFlag(raw.case_sensitive));
  optional(out, 'constant', asFlag(raw.constant));
  optional(out, 'selective', asFlag(raw.selective));
  optional(out, 'name', raw.name === undefined || raw.name === null ? undefined : asText(raw.name));
  optional(out, 'comment', raw.comment === undefined || raw.comment === null ? undefined : asText(raw.comment));
  optional(out, 'priority', asNumber(raw.priority));
  // V3 allows a text id; V2 only a number.
  const id =
    raw.id === undefined || raw.id === null
      ? undefined
      : version === 'v3' && typeof raw.id === 'string'
        ? raw.id
        : (asNumber(raw.id) ?? index);
  optional(out, 'id', id);
  optional(
    out,
    'secondary_keys',
    raw.secondary_keys === undefined || raw.secondary_keys === null ? undefined : asTexts(raw.secondary_keys, true),
  );
  optional(out, 'position', raw.position === 'before_char' || raw.position === 'after_char' ? raw.position : undefined);
  return out;
}

function specBook(raw: Json, version: 'v2' | 'v3'): Json {
  const out: Json = { ...raw };
  optional(out, 'name', typeof raw.name === 'string' ? raw.name : undefined);
  optional(out, 'description', typeof raw.description === 'string' ? raw.description : undefined);
  optional(out, 'scan_depth', asNumber(raw.scan_depth));
  optional(out, 'token_budget', asNumber(raw.token_budget));
  optional(out, 'recursive_scanning', asFlag(raw.recursive_scanning));
  out.extensions = isObject(raw.extensions) ? raw.extensions : {};
  out.entries = (Array.isArray(raw.entries) ? raw.entries : isObject(raw.entries) ? Object.values(raw.entries) : [])
    .filter(isObject)
    .map((entry, i) => specEntry(entry, i, version));
  return out;
}

const TEXTS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
];

/** A card's `data` written to the V2 or V3 spec (V3-only fields are the caller's to leave out of V2). */
export function toSpecData(raw: Json, version: 'v2' | 'v3', dates: { created: number; modified: number }): Json {
  const data: Json = { ...raw };
  for (const key of TEXTS) data[key] = asText(raw[key]);
  data.alternate_greetings = asTexts(raw.alternate_greetings);
  data.tags = asTexts(raw.tags, true);
  data.extensions = isObject(raw.extensions) ? raw.extensions : {};
  if (isObject(raw.character_book)) data.character_book = specBook(raw.character_book, version);
  else delete data.character_book;
  if (version === 'v3') {
    data.group_only_greetings = asTexts(raw.group_only_greetings);
    data.creation_date = asNumber(raw.creation_date) ?? dates.created;
    data.modification_date = asNumber(raw.modification_date) ?? dates.modified;
    optional(data, 'nickname', raw.nickname === undefined || raw.nickname === null ? undefined : asText(raw.nickname));
    optional(data, 'source', raw.source === undefined || raw.source === null ? undefined : asTexts(raw.source));
    optional(
      data,
      'creator_notes_multilingual',
      isObject(raw.creator_notes_multilingual)
        ? Object.fromEntries(Object.entries(raw.creator_notes_multilingual).filter(([, v]) => typeof v === 'string'))
        : undefined,
    );
    // An asset needs a type and a place; a missing name or extension is said as empty or unknown.
    optional(
      data,
      'assets',
      Array.isArray(raw.assets)
        ? raw.assets
            .filter((a): a is Json => isObject(a) && typeof a.type === 'string' && typeof a.uri === 'string')
            .map((a) => ({ ...a, name: asText(a.name), ext: asText(a.ext) || 'unknown' }))
        : undefined,
    );
  }
  return data;
}

import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '@app/shared/search/pages';

/** At most this many words of a query take part in the match (a query is a few words). */
const MAX_WORDS = 8;

/**
 * A query as a PostgreSQL full-text query: every word must match, each as a prefix of a word
 * (`drag` finds "dragon" while the user is still typing). The 'simple' configuration neither stems
 * nor drops stop words, so English and Russian text match alike (decision 025). Only letters and
 * digits reach to_tsquery, so no input can break its syntax. Null when the query has no word.
 * @example prefixTsQuery('Dragon pi') // sql`to_tsquery('simple', 'dragon:* & pi:*')`
 */
export function prefixTsQuery(text: string): SQL | null {
  return tsQueryOf(text, ':*');
}

/**
 * The query's words as whole words (`drag` does not find "dragon"). A GIN index answers whole
 * words by walking each word's posting list alongside the others; a prefix first gathers every
 * row of every word that starts with it, which for a common word costs several times more
 * (decision 025).
 * @example wholeWordsTsQuery('Dragon pi') // sql`to_tsquery('simple', 'dragon & pi')`
 */
export function wholeWordsTsQuery(text: string): SQL | null {
  return tsQueryOf(text, '');
}

/**
 * The query's words as a match over one user's messages, against the index of owned_words
 * (migration 0017): the same words, whole or as prefixes, looked up among that user's entries of
 * the index only. The words are turned into lexemes by the database, as the messages' were.
 * @example ownedWordsQuery(me, 'Dragon pi', true) // sql`owned_query(me, 'dragon pi', true)`
 */
export function ownedWordsQuery(userId: string, text: string, prefixes: boolean): SQL | null {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return sql`owned_query(${userId}::uuid, ${words.join(' ')}, ${prefixes})`;
}

function tsQueryOf(text: string, suffix: string): SQL | null {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return sql`to_tsquery('simple', ${words.map((w) => `${w}${suffix}`).join(' & ')})`;
}

/**
 * Every word of the query as a substring of `column` (ILIKE): implied by the prefix match, and
 * far cheaper than computing a tsvector, so rows are compared by it first where no text index
 * serves the scan (the caller's own bots, the most popular bots). Words hold letters and
 * digits only, so none is a LIKE wildcard.
 */
export function containsWords(column: SQL, text: string): SQL {
  const words = searchWords(text).slice(0, MAX_WORDS);
  if (words.length === 0) return sql`false`;
  return sql.join(
    words.map((w) => sql`${column} ilike ${`%${w}%`}`),
    sql` and `,
  );
}

/** The query as stored and counted (recent and trending searches): trimmed, lower case, single spaces. */
export function queryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A query's letters for trigram matching (typos): lower case, words joined by single spaces. */
export function trigramText(text: string): string {
  return searchWords(text).slice(0, MAX_WORDS).join(' ');
}

/** Up to `max` characters of `text` around the first place a query word occurs, for a result's second line. */
export function snippetAround(text: string, query: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const lower = flat.toLowerCase();
  const hit = searchWords(query)
    .map((w) => lower.indexOf(w))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  const start = hit === undefined ? 0 : Math.max(0, hit - Math.floor(max / 3));
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

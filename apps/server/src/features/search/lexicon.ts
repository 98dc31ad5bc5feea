import { sql } from 'drizzle-orm';
import { searchWords as wordsOf } from '@app/shared/search/pages';
import { queryRows, type Database } from '../../db/client';
import { typoMatches } from './typos';

/** At most this many words of a query are corrected (a query is a few words). */
const MAX_WORDS = 4;
/**
 * How close (pg_trgm similarity) a lexicon word must be to a query word to stand for it. Low, as
 * a typo of a short word shares few trigrams with it ("rdagon" and "dragon": 0.27); the closest
 * word wins, then the one most bots hold.
 */
const SIMILARITY = '0.2';

/**
 * The query's words, each replaced by the closest word of the public bots' lexicon
 * (search_words, decision 025), or of the caller's own bots and those they collaborate on, when
 * one is close enough; a number, or a word with nothing close, stays as it is. Null when nothing
 * was corrected (the query had no typo these words can mend). A few milliseconds: the lexicon is
 * one row per distinct word, not per bot, and a user has few bots of their own.
 * @example correctTypos(db, 'rdagon tamer', null) // 'dragon tamer'
 */
export async function correctTypos(db: Database, q: string, callerId: string | null): Promise<string | null> {
  const words = wordsOf(q).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const own = callerId
    ? sql`union all
        select w, 0 from bots b, search_words_of(b.search_text) w
        where (b.created_by = ${callerId} or b.id in (select bot_id from bot_collaborators where user_id = ${callerId})) and w % q.w`
    : sql``;
  const rows = await typoMatches(db, { 'pg_trgm.similarity_threshold': SIMILARITY }, (tx) =>
    queryRows<{ word: string; fixed: string | null }>(
      tx,
      sql`select q.w as word, (select c.word from (select s.word, s.bots from search_words s where s.word % q.w ${own}) c(word, bots)
                               order by similarity(c.word, q.w) desc, c.bots desc, c.word limit 1) as fixed
          from unnest(array[${sql.join(
            words.map((w) => sql`${w}`),
            sql`, `,
          )}]::text[]) with ordinality q(w, n) order by q.n`,
    ),
  );
  const fixed = rows.map((r) => (/^[0-9]+$/.test(r.word) ? r.word : (r.fixed ?? r.word)));
  return rows.length > 0 && fixed.some((w, i) => w !== words[i]) ? fixed.join(' ') : null;
}

/**
 * Recounts the lexicon from the public bots: every word they hold with its count, and nothing
 * else (a word whose last public bot went private or changed its text leaves). The trigger on bots
 * adds new words as bots are written; this keeps the counts and removals right (a periodic job).
 */
export async function recountSearchWords(db: Database): Promise<{ words: number }> {
  const [row] = await queryRows<{ words: number }>(
    db,
    sql`with fresh as (
          select w as word, count(*)::int as bots from bots, search_words_of(bots.search_text) w
          where bots.visibility = 'public' and bots.is_active group by w
        ), gone as (
          delete from search_words s where not exists (select 1 from fresh f where f.word = s.word)
        ), upserted as (
          insert into search_words (word, bots) select word, bots from fresh
          on conflict (word) do update set bots = excluded.bots where search_words.bots <> excluded.bots
        )
        select count(*)::int as words from fresh`,
  );
  return { words: row?.words ?? 0 };
}

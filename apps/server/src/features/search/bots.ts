import { sql } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { SearchResult } from '@app/shared/search/schemas';
import { queryRows, type Executor } from '../../db/client';
import { correctTypos } from './lexicon';
import { containsWords, prefixTsQuery, snippetAround } from './text-query';

/**
 * Public candidates before ranking by text (decision 025). Finding every match of a common word
 * and sorting it by popularity visits most of the table (5,000 of 7,000 pages for one of the
 * bench's words), so the candidates are two bounded sets: any PUBLIC_SAMPLE matches as the text
 * index yields them (all of them for a specific query), and the matches among the POPULAR_WINDOW
 * most popular public bots (the walk of the popularity index stops there).
 */
const PUBLIC_SAMPLE = 200;
const POPULAR_WINDOW = 300;

interface BotHit {
  id: string;
  name: string;
  description: string;
  avatar_url: string | null;
  visibility: 'private' | 'unlisted' | 'public';
  nsfw: boolean;
  created_by: string;
}

/**
 * The Bots group: public, active bots, plus the caller's own and those they collaborate on (any
 * visibility). Another user's private or unlisted bot never appears, whatever the query (decision
 * 006: unlisted bots are reached by id only). Ranked by ts_rank with the name weighted above the
 * description and tags, then popularity. In `typos` mode (the route's second pass, when no word
 * matched anything), the query's words are first mended against the lexicon of the public bots'
 * words (pg_trgm similarity, lexicon.ts), and the mended query is searched as words.
 */
export async function searchBots(
  db: Executor,
  opts: { q: string; callerId: string | null; limit: number; mode: 'words' | 'typos' },
): Promise<SearchResult[]> {
  const tsQuery = prefixTsQuery(opts.q);
  const me = opts.callerId;
  const hits: BotHit[] = [];
  if (tsQuery && opts.mode === 'words') {
    const mine = me
      ? sql`
        union
        (select id from bots where created_by = ${me} and ${containsWords(sql`search_text`, opts.q)}
          and to_tsvector('simple', search_text) @@ ${tsQuery})
        union
        (select b.id from bot_collaborators c join bots b on b.id = c.bot_id
          where c.user_id = ${me} and to_tsvector('simple', b.search_text) @@ ${tsQuery})`
      : sql``;
    hits.push(
      ...(await queryRows<BotHit>(
        db,
        sql`
        with candidates as (
          (select id from bots
            where visibility = 'public' and is_active and to_tsvector('simple', search_text) @@ ${tsQuery} limit ${PUBLIC_SAMPLE})
          union
          (select top.id from (select id, search_text from bots where visibility = 'public' and is_active
                               order by popularity desc, id desc limit ${POPULAR_WINDOW}) top
            where ${containsWords(sql`top.search_text`, opts.q)} and to_tsvector('simple', top.search_text) @@ ${tsQuery})
          ${mine}
        )
        select b.id, b.name, b.description, b.avatar_url, b.visibility, b.nsfw, b.created_by
        from candidates join bots b using (id)
        order by ts_rank(setweight(to_tsvector('simple', b.name), 'A') || to_tsvector('simple', b.search_text), ${tsQuery}) desc,
                 b.popularity desc, b.id
        limit ${opts.limit}`,
      )),
    );
  }
  if (opts.mode === 'typos') {
    // The query's words mended against the public bots' lexicon and the caller's own bots' words,
    // then searched as words (which finds the caller's own bots too).
    const corrected = await correctTypos(db, opts.q, me);
    if (corrected) return searchBots(db, { ...opts, q: corrected, mode: 'words' });
  }
  return hits.map((b) => ({
    id: b.id,
    type: 'bot',
    title: b.name,
    description: snippetAround(b.description, opts.q),
    url: ROUTES.bot(b.id),
    avatarUrl: b.avatar_url,
    badges: [
      ...(me && b.created_by === me ? ['mine'] : []),
      ...(b.visibility !== 'public' ? [b.visibility] : []),
      ...(b.nsfw ? ['nsfw'] : []),
    ],
  }));
}

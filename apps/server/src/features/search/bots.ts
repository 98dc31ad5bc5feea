import { sql } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { SearchResult } from '@app/shared/search/schemas';
import { queryRows, type Executor } from '../../db/client';
import { typoMatches } from './typos';
import { containsWords, prefixTsQuery, snippetAround, trigramText } from './text-query';

/**
 * Public candidates before ranking by text (decision 025). Finding every match of a common word
 * and sorting it by popularity visits most of the table (5,000 of 7,000 pages for one of the
 * bench's words), so the candidates are two bounded sets: any PUBLIC_SAMPLE matches as the text
 * index yields them (all of them for a specific query), and the matches among the POPULAR_WINDOW
 * most popular public bots (the walk of the popularity index stops there).
 */
const PUBLIC_SAMPLE = 200;
const POPULAR_WINDOW = 300;
/** How close a word must be to a bot's word to count as a typo of it (pg_trgm word similarity). */
const TYPO_THRESHOLD = '0.45';

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
 * matched anything), bots with words close to the query's fill it instead, through pg_trgm.
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
  const text = trigramText(opts.q);
  if (opts.mode === 'typos' && text.length >= 3) {
    const visible = me
      ? sql`((visibility = 'public' and is_active) or created_by = ${me}
             or id in (select bot_id from bot_collaborators where user_id = ${me}))`
      : sql`(visibility = 'public' and is_active)`;
    // `<%` uses the trigram index of search_text (decision 006).
    const typos = await typoMatches(db, TYPO_THRESHOLD, async (tx) => {
      return queryRows<BotHit>(
        tx,
        sql`
        select id, name, description, avatar_url, visibility, nsfw, created_by from bots
        where ${text} <% search_text and ${visible}
        order by word_similarity(${text}, search_text) desc, popularity desc, id
        limit ${opts.limit}`,
      );
    });
    hits.push(...typos);
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

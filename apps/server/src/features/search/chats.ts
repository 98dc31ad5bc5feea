import { sql, type SQL } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { SearchResult } from '@app/shared/search/schemas';
import { queryRows, type Executor } from '../../db/client';
import { prefixTsQuery, snippetAround, wholeWordsTsQuery } from './text-query';

interface ChatHit {
  id: string;
  title: string;
  bot_name: string;
  avatar_url: string | null;
  /** The best matching message of the chat, when the match is in its messages. */
  content: string | null;
}

/**
 * The My chats group: the caller's own chats (never anyone else's: every row is reached through
 * chats.user_id = the caller), those whose bot name or title match first, then those with a
 * matching message, ranked by ts_rank of that message, then by recent activity. The messages are
 * found through one index of (owner, words), chat_messages_owner_fts_idx: only the caller's
 * matching messages are read, however many messages they or others have.
 */
export async function searchChats(db: Executor, opts: { q: string; userId: string; limit: number }): Promise<SearchResult[]> {
  const whole = wholeWordsTsQuery(opts.q);
  if (!whole) return [];
  // Whole words first: a query of finished words that fills the group never pays for the
  // prefix match; one that doesn't (a word still being typed) is asked again with prefixes,
  // which finds everything the first pass found and more.
  let rows = await chatHits(db, opts, whole);
  if (rows.length < opts.limit) rows = await chatHits(db, opts, prefixTsQuery(opts.q)!);
  return rows.map((c) => ({
    id: c.id,
    type: 'chat',
    title: c.title,
    description: c.content === null ? c.bot_name : snippetAround(c.content, opts.q),
    url: ROUTES.chatById(c.id),
    avatarUrl: c.avatar_url,
    badges: [],
  }));
}

/** The caller's chats that match `tsQuery`: by name or title first, then by a message, best first, at most `limit`. */
function chatHits(db: Executor, opts: { userId: string; limit: number }, tsQuery: SQL): Promise<ChatHit[]> {
  return queryRows<ChatHit>(
    db,
    sql`
    with mine as (select c.id, c.title, c.updated_at, b.name as bot_name, b.avatar_url from chats c join bots b on b.id = c.bot_id
             where c.user_id = ${opts.userId}),
    by_name as (
      select mine.*, null::text as content, 2::real as rank from mine
      where to_tsvector('simple', mine.bot_name || ' ' || mine.title) @@ ${tsQuery}
      order by mine.updated_at desc limit ${opts.limit}
    ),
    by_message as (
      select distinct on (m.chat_id) m.chat_id as id, m.content, ts_rank(to_tsvector('simple', m.content), ${tsQuery}) as rank
      from chat_messages m
      where m.user_id = ${opts.userId} and to_tsvector('simple', m.content) @@ ${tsQuery} and m.selected
      order by m.chat_id, ts_rank(to_tsvector('simple', m.content), ${tsQuery}) desc, m.id desc
    )
    select id, title, bot_name, avatar_url, content from (
      select id, title, bot_name, avatar_url, content, rank, updated_at from by_name
      union all
      select mine.id, mine.title, mine.bot_name, mine.avatar_url, by_message.content, by_message.rank, mine.updated_at
      from by_message join mine using (id) where by_message.id not in (select id from by_name)
    ) hits
    order by rank desc, updated_at desc
    limit ${opts.limit}`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { SearchResult } from '@app/shared/search/schemas';
import { queryRows, type Executor } from '../../db/client';
import { ownedWordsQuery, prefixTsQuery, snippetAround, wholeWordsTsQuery } from './text-query';

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
 * matching message, the newest match first. The messages are
 * found through the index of owned_words (each word of a message under its owner, migration
 * 0017): only the caller's matching messages are read, however many messages they or others have,
 * for a prefix as for a whole word.
 */
export async function searchChats(db: Executor, opts: { q: string; userId: string; limit: number }): Promise<SearchResult[]> {
  const whole = wholeWordsTsQuery(opts.q);
  if (!whole) return [];
  // Whole words first: a query of finished words that fills the group never pays for the
  // prefix match; one that doesn't (a word still being typed) is asked again with prefixes,
  // which finds everything the first pass found and more.
  let rows = await chatHits(db, opts, { match: ownedWordsQuery(opts.userId, opts.q, false)!, rank: whole });
  if (rows.length < opts.limit) {
    rows = await chatHits(db, opts, { match: ownedWordsQuery(opts.userId, opts.q, true)!, rank: prefixTsQuery(opts.q)! });
  }
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

/**
 * The caller's chats that match: by name or title first (`rank`, a full-text query of the words),
 * then by a message (found by `match`, the same words over the caller's entries of the owned words
 * index), the chat whose latest matching message is the newest first, at most `limit`. Ordering
 * messages by recency needs no tsvector of each matching message, which ranking them by ts_rank
 * did: a word in every chat matched thousands of the caller's messages, each parsed again.
 */
function chatHits(db: Executor, opts: { userId: string; limit: number }, query: { match: SQL; rank: SQL }): Promise<ChatHit[]> {
  return queryRows<ChatHit>(
    db,
    sql`
    with mine as (select c.id, c.title, c.updated_at, b.name as bot_name, b.avatar_url from chats c join bots b on b.id = c.bot_id
             where c.user_id = ${opts.userId}),
    by_name as (
      select mine.id from mine
      where to_tsvector('simple', mine.bot_name || ' ' || mine.title) @@ ${query.rank}
      order by mine.updated_at desc limit ${opts.limit}
    ),
    by_message as (
      select distinct on (m.chat_id) m.chat_id as id, m.id as message_id
      from chat_messages m
      where m.user_id = ${opts.userId} and owned_words(m.user_id, m.content) @@ ${query.match} and m.selected
      order by m.chat_id, m.id desc
    ),
    hits as (
      select mine.*, null::bigint as message_id, 1 as tier from mine where id in (select id from by_name)
      union all
      select mine.*, by_message.message_id, 0 as tier from by_message join mine using (id) where by_message.id not in (select id from by_name)
      order by tier desc, message_id desc nulls last, updated_at desc
      limit ${opts.limit}
    )
    select hits.id, hits.title, hits.bot_name, hits.avatar_url, (select m.content from chat_messages m where m.id = hits.message_id) as content
    from hits order by tier desc, message_id desc nulls last, updated_at desc`,
  );
}

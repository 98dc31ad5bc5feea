import { sql } from 'drizzle-orm';
import { ROUTES } from '@app/shared/app/routes';
import type { SearchResult } from '@app/shared/search/schemas';
import { queryRows, type Executor } from '../../db/client';
import { typoMatches } from './typos';
import { prefixTsQuery, trigramText } from './text-query';

const TYPO_THRESHOLD = '0.5';

interface UserHit {
  id: string;
  username: string;
  display_name: string;
  avatar_url: string | null;
}

/**
 * Who a viewer may find, as the profile page decides it (profiles/visibility.ts): not a private
 * profile (privacy settings) unless it is the viewer's own, and not someone who blocked the viewer.
 */
function findable(viewerId: string | null) {
  const notPrivate = sql`not exists (select 1 from user_settings s where s.user_id = u.id and s.privacy ->> 'profileVisibility' = 'private')`;
  if (!viewerId) return notPrivate;
  return sql`(u.id = ${viewerId} or (${notPrivate}
    and not exists (select 1 from user_blocks k where k.user_id = u.id and k.blocked_user_id = ${viewerId})))`;
}

/**
 * The Users group: public profiles by the words of their username and display name (prefixes),
 * ranked by ts_rank; in `typos` mode (the route's second pass), near misses through pg_trgm.
 */
export async function searchUsers(
  db: Executor,
  opts: { q: string; viewerId: string | null; limit: number; mode: 'words' | 'typos' },
): Promise<SearchResult[]> {
  const tsQuery = prefixTsQuery(opts.q);
  const hits: UserHit[] = [];
  if (tsQuery && opts.mode === 'words') {
    hits.push(
      ...(await queryRows<UserHit>(
        db,
        sql`
                select u.id, u.username, u.display_name, u.avatar_url from users u
        where to_tsvector('simple', u.username || ' ' || u.display_name) @@ ${tsQuery} and ${findable(opts.viewerId)}
        order by ts_rank(to_tsvector('simple', u.username || ' ' || u.display_name), ${tsQuery}) desc, lower(u.username)
        limit ${opts.limit}`,
      )),
    );
  }
  const text = trigramText(opts.q);
  if (opts.mode === 'typos' && text.length >= 3) {
    const typos = await typoMatches(db, { 'pg_trgm.word_similarity_threshold': TYPO_THRESHOLD }, async (tx) => {
      return queryRows<UserHit>(
        tx,
        sql`
        select u.id, u.username, u.display_name, u.avatar_url from users u
        where ${text} <% lower(u.username || ' ' || u.display_name) and ${findable(opts.viewerId)}
        order by word_similarity(${text}, lower(u.username || ' ' || u.display_name)) desc, lower(u.username)
        limit ${opts.limit}`,
      );
    });
    hits.push(...typos);
  }
  return hits.map((u) => ({
    id: u.id,
    type: 'user',
    title: u.display_name,
    description: `@${u.username}`,
    url: ROUTES.profile(u.username),
    avatarUrl: u.avatar_url,
    badges: opts.viewerId === u.id ? ['you'] : [],
  }));
}

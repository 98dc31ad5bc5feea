import { and, desc, eq, sql } from 'drizzle-orm';
import { SEARCH_LIMITS, type RecentSearches, type TrendingSearches } from '@app/shared/search/schemas';
import { queryRows, type Database, type Executor } from '../../db/client';
import { searchHistory } from '../../db/schema/search';
import { queryKey } from './text-query';

/** The caller's recent searches, the latest first. */
export async function listRecent(db: Executor, userId: string): Promise<RecentSearches> {
  const rows = await db
    .select({ query: searchHistory.query, searchedAt: searchHistory.searchedAt })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.queryKey))
    .limit(SEARCH_LIMITS.recent);
  return { items: rows.map((r) => ({ query: r.query, searchedAt: r.searchedAt.toISOString() })) };
}

/**
 * Records a search the user made: a query already there moves to the top (one row per query and
 * user), and only the latest SEARCH_LIMITS.recent stay. One statement each, so two tabs recording
 * at once keep the list whole.
 */
export async function recordSearch(db: Database, userId: string, query: string): Promise<void> {
  const text = query.trim().replace(/\s+/g, ' ');
  await db.transaction(async (tx) => {
    await tx
      .insert(searchHistory)
      .values({ userId, queryKey: queryKey(text), query: text })
      .onConflictDoUpdate({
        target: [searchHistory.userId, searchHistory.queryKey],
        set: { query: text, searchedAt: sql`now()` },
      });
    await tx.execute(sql`
      delete from search_history where user_id = ${userId} and query_key not in (
        select query_key from search_history where user_id = ${userId}
        order by searched_at desc, query_key desc limit ${SEARCH_LIMITS.recent})`);
  });
}

export async function clearRecent(db: Executor, userId: string): Promise<void> {
  await db.delete(searchHistory).where(and(eq(searchHistory.userId, userId)));
}

/** How long an instance reuses the trending list: it changes slowly, and the dialog asks on every open. */
const TRENDING_CACHE_MS = 60_000;

/**
 * Trending searches: the queries that most different users searched over the last days, shown
 * only once SEARCH_LIMITS.trendingMinUsers users did (nothing one person typed reaches others).
 * With none yet, the names of the most popular public bots stand in.
 */
export function trendingSearches(db: Executor) {
  let cached: { at: number; value: TrendingSearches } | null = null;
  return async (): Promise<TrendingSearches> => {
    if (cached && Date.now() - cached.at < TRENDING_CACHE_MS) return cached.value;
    const searched = await queryRows<{ query: string }>(
      db,
      sql`
      select (array_agg(query order by searched_at desc))[1] as query from search_history
      where searched_at > now() - make_interval(days => ${SEARCH_LIMITS.trendingDays})
      group by query_key
      having count(*) >= ${SEARCH_LIMITS.trendingMinUsers}
      order by count(*) desc, max(searched_at) desc
      limit ${SEARCH_LIMITS.trending}`,
    );
    const value: TrendingSearches =
      searched.length > 0
        ? { items: searched.map((r) => ({ query: r.query })), source: 'searches' }
        : {
            items: (
              await queryRows<{ name: string }>(
                db,
                sql`select name from bots where visibility = 'public' and is_active
                    order by popularity desc, id desc limit ${SEARCH_LIMITS.trending}`,
              )
            ).map((r) => ({ query: r.name })),
            source: 'popular',
          };
    cached = { at: Date.now(), value };
    return value;
  };
}

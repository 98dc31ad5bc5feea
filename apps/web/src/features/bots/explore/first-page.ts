import type { PublicBotsQuery } from '@app/shared/bots/schemas';
import { toQueryString } from '@/lib/query-string';
import type { ExploreQuery } from './explore-query';

// Small on purpose: the entry script imports it to fetch Explore's first page before React starts.

export const EXPLORE_PAGE_SIZE = 24;
export const CATEGORIES_PATH = '/api/bots/categories';

/** What Explore asks GET /api/bots/public for, given its filters (the URL) and the NSFW opt-in. */
export function explorePublicQuery(query: ExploreQuery, nsfw: boolean): PublicBotsQuery {
  return {
    q: query.q || undefined,
    category: query.category || undefined,
    tags: query.tags.length ? query.tags.join(',') : undefined,
    sortBy: query.sortBy,
    page: query.page,
    limit: EXPLORE_PAGE_SIZE,
    nsfw: nsfw ? 'true' : undefined,
  };
}

export const publicBotsPath = (query: PublicBotsQuery) => `/api/bots/public${toQueryString(query)}`;

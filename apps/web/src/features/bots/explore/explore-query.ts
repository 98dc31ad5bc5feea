import { PUBLIC_BOTS_SORTS, type PublicBotsSort } from '@app/shared/bots/constants';

export interface ExploreQuery {
  q: string;
  category: string;
  tags: string[];
  sortBy: PublicBotsSort;
  page: number;
}

/** What GET /api/bots/public accepts (ZPublicBotsQuery): a longer value would only earn a 400. */
const LIMITS = { q: 200, category: 40, tagsText: 1000, page: 100_000 };

/**
 * Explore's filters as they live in the URL (?q=&category=&tags=a,b&sortBy=&page=), so links and reloads keep them.
 * A hand-edited URL is cut down to what the server accepts: an unknown sort is the default, a bad page the first.
 */
export function readExploreQuery(params: URLSearchParams): ExploreQuery {
  const sort = params.get('sortBy');
  const page = Math.floor(Number(params.get('page')));
  const tags: string[] = [];
  for (const raw of (params.get('tags') ?? '').split(',')) {
    const tag = raw.trim();
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase()) && [...tags, tag].join(',').length <= LIMITS.tagsText)
      tags.push(tag);
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, LIMITS.q),
    category: (params.get('category') ?? '').slice(0, LIMITS.category),
    tags,
    sortBy: (PUBLIC_BOTS_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PublicBotsSort) : 'popular',
    page: Number.isFinite(page) ? Math.min(LIMITS.page, Math.max(1, page)) : 1,
  };
}

/** The URL form of a query; defaults are left out so that / stays /. */
export function writeExploreQuery(query: ExploreQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.tags.length) params.set('tags', query.tags.join(','));
  if (query.sortBy !== 'popular') params.set('sortBy', query.sortBy);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Whether any filter narrows the list (the empty state then offers to reset them). */
export const isFiltered = (query: ExploreQuery) => Boolean(query.q || query.category || query.tags.length);

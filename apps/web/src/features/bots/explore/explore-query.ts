import { PUBLIC_BOTS_SORTS, type PublicBotsSort } from '@app/shared/bots/constants';

export interface ExploreQuery {
  q: string;
  category: string;
  tags: string[];
  sortBy: PublicBotsSort;
  page: number;
}

/** Explore's filters as they live in the URL (?q=&category=&tags=a,b&sortBy=&page=), so links and reloads keep them. */
export function readExploreQuery(params: URLSearchParams): ExploreQuery {
  const sort = params.get('sortBy');
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    tags: (params.get('tags') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    sortBy: (PUBLIC_BOTS_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PublicBotsSort) : 'popular',
    page: Math.max(1, Number(params.get('page')) || 1),
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

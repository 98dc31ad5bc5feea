import { MY_BOTS_SORTS, type MyBotsSort } from '@app/shared/bots/constants';
import type { BotVisibility } from '@app/shared/bots/schemas';

export interface MyBotsFilters {
  q: string;
  category: string;
  sortBy: MyBotsSort;
  visibility: BotVisibility | '';
  page: number;
}

const VISIBILITIES = ['private', 'unlisted', 'public'];

/** The list's filters as they live in the URL, so that a reload or a shared link keeps them. */
export function readMyBotsFilters(params: URLSearchParams): MyBotsFilters {
  const sort = params.get('sortBy') ?? '';
  const visibility = params.get('visibility') ?? '';
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    sortBy: (MY_BOTS_SORTS as readonly string[]).includes(sort) ? (sort as MyBotsSort) : 'newest',
    visibility: VISIBILITIES.includes(visibility) ? (visibility as BotVisibility) : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export function writeMyBotsFilters(filters: MyBotsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.sortBy !== 'newest') params.set('sortBy', filters.sortBy);
  if (filters.visibility) params.set('visibility', filters.visibility);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

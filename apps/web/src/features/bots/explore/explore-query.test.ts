import { describe, expect, it } from 'vitest';
import { readExploreQuery, writeExploreQuery } from './explore-query';

describe('explore query in the URL', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    const query = readExploreQuery(new URLSearchParams(''));
    expect(query).toEqual({ q: '', category: '', tags: [], sortBy: 'popular', page: 1 });
    expect(writeExploreQuery(query).toString()).toBe('');
  });
  it('round-trips filters and ignores bad values', () => {
    const query = readExploreQuery(new URLSearchParams('q=space&category=creative&tags=sci-fi,%20,space&sortBy=rating&page=3'));
    expect(query).toEqual({ q: 'space', category: 'creative', tags: ['sci-fi', 'space'], sortBy: 'rating', page: 3 });
    expect(readExploreQuery(writeExploreQuery(query))).toEqual(query);
    expect(readExploreQuery(new URLSearchParams('sortBy=hacker&page=-4'))).toMatchObject({ sortBy: 'popular', page: 1 });
  });
});

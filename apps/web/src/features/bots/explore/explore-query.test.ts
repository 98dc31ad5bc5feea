import { describe, expect, it } from 'vitest';
import { isFiltered, readExploreQuery, writeExploreQuery } from './explore-query';

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
  it('cuts a hand-edited URL down to what the server accepts', () => {
    const long = 'x'.repeat(300);
    const query = readExploreQuery(new URLSearchParams(`q=%20${long}%20&category=${long}&page=2.7`));
    expect(query.q).toHaveLength(200);
    expect(query.category).toHaveLength(40);
    expect(query.page).toBe(2);
    expect(readExploreQuery(new URLSearchParams('page=999999999')).page).toBe(100_000);
    expect(readExploreQuery(new URLSearchParams('page=abc')).page).toBe(1);
    expect(readExploreQuery(new URLSearchParams('page=Infinity')).page).toBe(1);
  });
  it('keeps each tag once, whatever its case, within the 1000 characters the server takes', () => {
    expect(readExploreQuery(new URLSearchParams('tags=Space,space,%20SPACE%20,sci-fi')).tags).toEqual(['Space', 'sci-fi']);
    const many = Array.from({ length: 200 }, (_, i) => `tag${i}`).join(',');
    expect(readExploreQuery(new URLSearchParams({ tags: many })).tags.join(',').length).toBeLessThanOrEqual(1000);
  });
  it('says when filters are on', () => {
    expect(isFiltered(readExploreQuery(new URLSearchParams('sortBy=newest&page=2')))).toBe(false);
    expect(isFiltered(readExploreQuery(new URLSearchParams('tags=cozy')))).toBe(true);
    expect(isFiltered(readExploreQuery(new URLSearchParams('q=kai')))).toBe(true);
  });
});

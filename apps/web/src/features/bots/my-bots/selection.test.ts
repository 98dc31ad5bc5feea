import { describe, expect, it } from 'vitest';
import { readMyBotsFilters, writeMyBotsFilters } from './my-bots-query';
import { selectAllState, toggleAll, toggleOne } from './selection';

describe('My Bots selection', () => {
  const ids = ['a', 'b', 'c'];
  it('select-all is unchecked, indeterminate or checked', () => {
    expect(selectAllState(ids, new Set())).toBe(false);
    expect(selectAllState(ids, new Set(['a']))).toBe('indeterminate');
    expect(selectAllState(ids, new Set(ids))).toBe(true);
    expect(selectAllState([], new Set())).toBe(false);
  });
  it('toggles everything visible, keeping selections from other pages', () => {
    expect([...toggleAll(ids, new Set(['a', 'z']))].sort()).toEqual(['a', 'b', 'c', 'z']);
    expect([...toggleAll(ids, new Set(['a', 'b', 'c', 'z']))]).toEqual(['z']);
  });
  it('toggles one', () => {
    expect([...toggleOne('a', new Set(['a', 'b']))]).toEqual(['b']);
    expect([...toggleOne('c', new Set(['a']))]).toEqual(['a', 'c']);
  });
});

describe('My Bots filters in the URL', () => {
  it('reads defaults, refuses unknown values, and round-trips', () => {
    expect(readMyBotsFilters(new URLSearchParams('sortBy=evil&visibility=secret'))).toEqual({
      q: '',
      category: '',
      sortBy: 'newest',
      visibility: '',
      page: 1,
    });
    const filters = readMyBotsFilters(new URLSearchParams('q=pilot&category=creative&sortBy=rating&visibility=public&page=2'));
    expect(readMyBotsFilters(writeMyBotsFilters(filters))).toEqual(filters);
    expect(writeMyBotsFilters({ ...filters, q: '', category: '', sortBy: 'newest', visibility: '', page: 1 }).toString()).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { readExploreQuery } from './explore-query';
import { explorePublicQuery, publicBotsPath } from './first-page';

describe("Explore's first request", () => {
  it('is the popular first page of 24 for a bare / (what the entry script fetches early)', () => {
    expect(publicBotsPath(explorePublicQuery(readExploreQuery(new URLSearchParams()), false))).toBe(
      '/api/bots/public?sortBy=popular&page=1&limit=24',
    );
  });

  it('carries the filters of the URL and the NSFW opt-in', () => {
    const query = readExploreQuery(new URLSearchParams('q=cat&tags=a,b&sortBy=newest&page=2'));
    expect(publicBotsPath(explorePublicQuery(query, true))).toBe(
      '/api/bots/public?q=cat&tags=a%2Cb&sortBy=newest&page=2&limit=24&nsfw=true',
    );
  });
});

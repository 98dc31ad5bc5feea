import { z } from 'zod';

/**
 * Ctrl/Cmd+K search (issue 18 §3, bots-header-auth.md §4 "Search dialog", §3 "Search result").
 * One call answers every group the dialog shows; each group is a short list of results.
 */

export const SEARCH_TYPES = ['bots', 'users', 'chats', 'pages'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_LIMITS = {
  /** Characters of a query; longer ones are refused (a query is a few words). */
  queryMax: 100,
  /** Results per group. */
  limitMin: 1,
  limitMax: 20,
  limitDefault: 5,
  /** Recent searches kept per user. */
  recent: 10,
  /** Trending searches shown when the box is empty, and the days they are counted over. */
  trending: 8,
  trendingDays: 7,
  /**
   * A query trends only once this many different users searched it: what one person types (a
   * name, a line of their own chat) never reaches anyone else's dialog.
   */
  trendingMinUsers: 3,
} as const;

export const SEARCH_MESSAGES = {
  badTypes: 'Unknown search type',
  badQuery: 'Search text must be 1 to 100 characters',
} as const;

/** `bots,users` → ['bots', 'users']; empty or missing → every group. Unknown names are refused. */
const ZTypes = z
  .string()
  .max(100)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return [...SEARCH_TYPES];
    const names = [...new Set(value.split(',').map((s) => s.trim()))];
    if (names.some((n) => !(SEARCH_TYPES as readonly string[]).includes(n))) {
      ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.badTypes });
      return z.NEVER;
    }
    return names as SearchType[];
  });

const ZQueryText = z.string().trim().min(1, SEARCH_MESSAGES.badQuery).max(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.badQuery);

export const ZSearchQuery = z.object({
  q: ZQueryText,
  types: ZTypes,
  limit: z.coerce.number().int().min(SEARCH_LIMITS.limitMin).max(SEARCH_LIMITS.limitMax).default(SEARCH_LIMITS.limitDefault),
});
export type SearchQuery = z.input<typeof ZSearchQuery>;

/** One result as the dialog shows it (spec §3 "Search result"): badges are codes the web translates. */
export const ZSearchResult = z.object({
  id: z.string(),
  type: z.enum(['bot', 'user', 'chat', 'doc']),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  avatarUrl: z.string().nullable(),
  badges: z.array(z.string()),
});
export type SearchResult = z.infer<typeof ZSearchResult>;

/** The groups asked for; a group not asked for (or not open to anonymous callers: chats) is an empty list. */
export const ZSearchResults = z.object({
  bots: z.array(ZSearchResult),
  users: z.array(ZSearchResult),
  chats: z.array(ZSearchResult),
  pages: z.array(ZSearchResult),
});
export type SearchResults = z.infer<typeof ZSearchResults>;

export const ZRecentSearch = z.object({ query: z.string(), searchedAt: z.string() });
export const ZRecentSearches = z.object({ items: z.array(ZRecentSearch) });
export type RecentSearches = z.infer<typeof ZRecentSearches>;
export const ZRecordSearch = z.object({ query: ZQueryText }).strict();

export const ZTrendingSearches = z.object({
  items: z.array(z.object({ query: z.string() })),
  /** searches: what users searched lately; popular: no query trends yet, so the most popular bots' names. */
  source: z.enum(['searches', 'popular']),
});
export type TrendingSearches = z.infer<typeof ZTrendingSearches>;

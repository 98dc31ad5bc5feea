import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchPages } from '@app/shared/search/pages';
import {
  ZRecentSearches,
  ZRecordSearch,
  ZSearchQuery,
  ZSearchResults,
  ZTrendingSearches,
  type SearchResult,
} from '@app/shared/search/schemas';
import { queryRows } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { searchBots } from './bots';
import { searchChats } from './chats';
import { clearRecent, listRecent, recordSearch, trendingSearches } from './history';
import { searchUsers } from './users';
import { recountSearchWords } from './lexicon';

/** How often the typo lexicon is recounted from the public bots (lexicon.ts). */
const SEARCH_WORDS_EVERY_MS = 60 * 60_000;

const tags = ['search'];

/**
 * Ctrl/Cmd+K search (issue 18 §3): GET /api/search answers every group the dialog shows; the
 * recent searches are the caller's, recorded when they open a result; trending is for everyone.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // The typo lexicon's counts and removals (new words arrive with their bots, by trigger).
  app.ctx.jobs.every('search-words', SEARCH_WORDS_EVERY_MS, () => recountSearchWords(db));
  // Typo matching needs pg_trgm; a server without it still answers, by full text alone (decision 025).
  const [extension] = await queryRows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`,
  );
  const trigrams = extension?.present === true;
  if (!trigrams) app.log.warn('pg_trgm is not installed: search matches whole words and prefixes only, without typo tolerance');
  const trending = trendingSearches(db);

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Search bots (public and the caller’s own), users, the caller’s chats and pages',
        querystring: ZSearchQuery,
        response: { 200: ZSearchResults },
      },
    },
    async (request) => {
      const { q, types, limit } = request.query;
      const callerId = request.auth?.user.id ?? null;
      const wants = (type: (typeof types)[number]) => types.includes(type);
      const none = Promise.resolve([] as SearchResult[]);
      const [wordBots, wordUsers, chats] = await Promise.all([
        wants('bots') ? searchBots(db, { q, callerId, limit, mode: 'words' }) : none,
        wants('users') ? searchUsers(db, { q, viewerId: callerId, limit, mode: 'words' }) : none,
        // Chats are the caller's own: an anonymous caller has none.
        wants('chats') && callerId ? searchChats(db, { q, userId: callerId, limit }) : none,
      ]);
      const pages: SearchResult[] = wants('pages')
        ? matchPages(q, callerId !== null)
            .slice(0, limit)
            .map((p) => ({
              id: p.id,
              type: 'doc',
              title: p.title.en,
              description: p.description.en,
              url: p.path,
              avatarUrl: null,
              badges: [p.kind],
            }))
        : [];
      // A second pass for typos only when the words found nothing at all (a misspelt word): words
      // that find the caller's chats or a page are no typo, and the pass costs up to 150 ms.
      let [bots, users] = [wordBots, wordUsers];
      if (trigrams && [bots, users, chats, pages].every((g) => g.length === 0) && (wants('bots') || wants('users'))) {
        [bots, users] = await Promise.all([
          wants('bots') ? searchBots(db, { q, callerId, limit, mode: 'typos' }) : none,
          wants('users') ? searchUsers(db, { q, viewerId: callerId, limit, mode: 'typos' }) : none,
        ]);
      }
      return { bots, users, chats, pages };
    },
  );

  app.get(
    '/recent',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The caller’s recent searches, the latest first (at most 10)', response: { 200: ZRecentSearches } },
    },
    async (request) => listRecent(db, requireAuth(request).user.id),
  );

  app.post(
    '/recent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Record a search the caller made (a repeat moves it to the top); answers the recent list',
        body: ZRecordSearch,
        response: { 200: ZRecentSearches },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await recordSearch(db, userId, request.body.query);
      return listRecent(db, userId);
    },
  );

  app.delete(
    '/recent',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Clear the caller’s recent searches', response: { 200: ZRecentSearches } },
    },
    async (request) => {
      await clearRecent(db, requireAuth(request).user.id);
      return { items: [] };
    },
  );

  app.get(
    '/trending',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Searches many users made lately, or the most popular bots when none trend yet',
        response: { 200: ZTrendingSearches },
      },
    },
    async () => trending(),
  );
};

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What each user searched lately (the dialog's Recent group), one row per query and user: a
 * repeat moves it to the top. At most the last 10 are kept per user. Trending searches count the
 * users per query over the last days from these rows (decision 025).
 */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The query as matched and counted: trimmed, lower case, spaces collapsed. */
    queryKey: text('query_key').notNull(),
    /** The query as the user typed it last. */
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queryKey] }), index('search_history_searched_at_idx').on(t.searchedAt)],
);

/**
 * The words of the public bots (their search text's lexemes, 3 letters or more, not numbers),
 * with how many bots hold each: the lexicon that a misspelt query word is corrected against, by
 * trigram similarity (decision 025). A trigger adds a public bot's new words as it is written
 * (migration 0018); a periodic job recounts the lot and drops the words no public bot holds.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    bots: integer('bots').notNull().default(0),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

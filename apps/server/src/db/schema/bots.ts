import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { lorebooks } from './lorebooks';
import { users } from './users';

export interface CardSource {
  spec: string;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
}

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** A lucide icon name; the web maps it to the icon. */
  icon: text('icon').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** The bot record of bots-header-auth.md §3, with the draft's fields and the Character Card ones. */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    avatarUrl: text('avatar_url'),
    personality: text('personality').notNull().default(''),
    scenario: text('scenario').notNull().default(''),
    firstMessage: text('first_message').notNull().default('Hello! How can I help you today?'),
    exampleMessages: text('example_messages').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    creatorNotes: text('creator_notes').notNull().default(''),
    postHistoryInstructions: text('post_history_instructions').notNull().default(''),
    voiceId: text('voice_id'),
    /** A Character Card lorebook (character_book), kept as given. */
    characterBook: jsonb('character_book').$type<Record<string, unknown>>(),
    /**
     * The bot's own lorebook (the owner's), in every chat with it. Null: the card's
     * character_book above, read as a lorebook, if the bot has one (decision 030).
     */
    lorebookId: uuid('lorebook_id').references(() => lorebooks.id, { onDelete: 'set null' }),
    /**
     * The card a bot was imported from: its whole `data` object and the values the import derived
     * from it, so that an export of an unchanged field gives back exactly what came in.
     */
    cardSource: jsonb('card_source').$type<CardSource>(),
    /** lower(name, description, tags): what Explore and My Bots search, under a trigram index. */
    searchText: text('search_text').notNull().default(''),
    /** Lower-cased tags, for case-insensitive tag filters under a GIN index. */
    tagKeys: text('tag_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    alternateGreetings: jsonb('alternate_greetings').$type<string[]>().notNull().default([]),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: text('category_id')
      .notNull()
      .default('general')
      .references(() => categories.id),
    visibility: text('visibility', { enum: ['private', 'unlisted', 'public'] })
      .notNull()
      .default('private'),
    isActive: boolean('is_active').notNull().default(true),
    nsfw: boolean('nsfw').notNull().default(false),
    sexuality: text('sexuality').notNull().default('heterosexual'),
    openness: integer('openness').notNull().default(1),
    emotions: integer('emotions').notNull().default(1),
    gender: text('gender').notNull().default('female'),
    imageGeneration: jsonb('image_generation').$type<Record<string, unknown>>().notNull().default({}),
    videoGeneration: jsonb('video_generation').$type<Record<string, unknown>>().notNull().default({}),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    costs: jsonb('costs')
      .$type<{ textMessage: number; imageGeneration: number; videoGeneration: number }>()
      .notNull()
      .default({ textMessage: 1, imageGeneration: 5, videoGeneration: 20 }),
    /** Character Card `extensions`, kept as given so a round trip loses nothing. */
    extensions: jsonb('extensions').$type<Record<string, unknown>>().notNull().default({}),
    totalChats: integer('total_chats').notNull().default(0),
    totalMessages: integer('total_messages').notNull().default(0),
    totalImagesGenerated: integer('total_images_generated').notNull().default(0),
    totalVideosGenerated: integer('total_videos_generated').notNull().default(0),
    avgRating: real('avg_rating'),
    ratingCount: integer('rating_count').notNull().default(0),
    popularity: real('popularity').notNull().default(0),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bots_public_created_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`visibility = 'public' and is_active`),
    index('bots_public_popular_idx')
      .on(sql`${t.popularity} desc`, sql`${t.id} desc`)
      .where(sql`visibility = 'public' and is_active`),
    index('bots_public_rating_idx')
      .on(sql`${t.avgRating} desc nulls last`, sql`${t.ratingCount} desc`, sql`${t.id} desc`)
      .where(sql`visibility = 'public' and is_active`),
    // Explore's counts (all public bots, or one category's) as an index-only scan.
    index('bots_public_category_idx')
      .on(t.categoryId, t.nsfw)
      .where(sql`visibility = 'public' and is_active`),
    index('bots_creator_idx').on(t.createdBy, t.createdAt),
    index('bots_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The Ctrl+K search's full-text match and ranking (decision 025).
    index('bots_search_fts_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
    index('bots_tag_keys_idx').using('gin', t.tagKeys),
    // A deleted lorebook lets go of its bots (on delete set null).
    index('bots_lorebook_idx')
      .on(t.lorebookId)
      .where(sql`lorebook_id is not null`),
    check('bots_openness_range', sql`${t.openness} between 0 and 10`),
  ],
);

/** Starting points for the form (GET /api/bots/templates); seeded, editable by admins in the database. */
export const botTemplates = pgTable('bot_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  categoryId: text('category_id')
    .notNull()
    .references(() => categories.id),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Snapshots of a bot's editable fields with a changelog; the newest is 'current'. */
export const botVersions = pgTable(
  'bot_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    changelog: text('changelog').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_versions_bot_version_unique').on(t.botId, t.version)],
);

/** Editors and viewers of a bot; its creator is the owner and has no row here. */
export const botCollaborators = pgTable(
  'bot_collaborators',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.userId] }), index('bot_collaborators_user_idx').on(t.userId)],
);

/**
 * How many bots each user owns, kept by triggers on bots (migration 0026): My Bots' first view
 * answers its total from here instead of counting thousands of rows on every visit.
 */
export const userBotCounts = pgTable(
  'user_bot_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bots: integer('bots').notNull().default(0),
  },
  (t) => [check('user_bot_counts_not_negative', sql`${t.bots} >= 0`)],
);

export const botFavorites = pgTable(
  'bot_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.botId] }), index('bot_favorites_bot_idx').on(t.botId)],
);

/** Reports from users and review requests from creators, for the admins. */
export const moderationRequests = pgTable(
  'moderation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'report', or the review type of submit-review (publish, content, appeal). */
    type: text('type').notNull(),
    reason: text('reason'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_requests_status_idx').on(t.status, t.createdAt),
    // One open report per user and bot: a double click or a second report updates the first.
    uniqueIndex('moderation_requests_open_report_unique')
      .on(t.botId, t.requestedBy)
      .where(sql`type = 'report' and status = 'pending'`),
  ],
);

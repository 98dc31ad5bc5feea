import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

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
    index('bots_public_created_idx').on(t.visibility, t.createdAt),
    index('bots_creator_idx').on(t.createdBy, t.createdAt),
    check('bots_openness_range', sql`${t.openness} between 0 and 10`),
  ],
);

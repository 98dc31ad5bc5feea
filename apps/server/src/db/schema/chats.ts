import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ReplyPrompt } from '@app/shared/lorebooks/schemas';
import { bots } from './bots';
import { lorebooks } from './lorebooks';
import { personas } from './personas';
import { users } from './users';

/** A conversation of one user with one bot. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The persona the user speaks as here (issue 20 §2); null: their default one. */
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    /** The chat this one branched from (issue 20 §4), and the message it branched at (an id in that chat). */
    parentId: uuid('parent_id').references((): AnyPgColumn => chats.id, { onDelete: 'set null' }),
    branchedFrom: bigint('branched_from', { mode: 'number' }),
    /**
     * A group chat's turn order (issue 20 §3; decision 033); null for a chat with one character.
     * A group's characters are its chat_bots rows; bot_id is the first of them.
     */
    turnOrder: text('turn_order', { enum: ['natural', 'list', 'manual'] }),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last activity: the list shows the newest first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chats_user_updated_idx').on(t.userId, sql`${t.updatedAt} desc`),
    index('chats_bot_idx').on(t.botId),
    index('chats_parent_idx')
      .on(t.parentId)
      .where(sql`parent_id is not null`),
    // Deleting a persona sets its chats' persona to null: found by this, not by a scan.
    index('chats_persona_idx')
      .on(t.personaId)
      .where(sql`persona_id is not null`),
  ],
);

/**
 * One row per message, never a blob per chat. A reply and its regenerated alternatives share a
 * group (the first one's id); the chat shows the selected one of each group.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /**
     * The chat's owner, copied here by a trigger on insert (whatever the insert says; migration
     * 0015), so that one index answers "this user's messages with these words" (decision 025).
     * Never written by the app; null only in the insert's own types.
     */
    userId: uuid('user_id'),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** streaming while the reply comes; failed or stopped keep what arrived. */
    status: text('status', { enum: ['complete', 'streaming', 'failed', 'stopped'] })
      .notNull()
      .default('complete'),
    groupId: bigint('group_id', { mode: 'number' }),
    variant: smallint('variant').notNull().default(0),
    selected: boolean('selected').notNull().default(true),
    error: text('error'),
    /** The ledger key of the reply's charge, so a refund finds it. */
    chargeKey: text('charge_key'),
    tokensUsed: integer('tokens_used'),
    /**
     * A copy made by a branch (issue 20 §4, decision 032), or a message brought in by an import
     * (§5): never sent here, so no counter of messages sent (quests, achievements, challenges, XP,
     * the digest) counts it.
     */
    copied: boolean('copied').notNull().default(false),
    /** In a group chat, the character who said this reply (null for the user's, and in a one-to-one chat). */
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    responseMs: integer('response_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    // The visible conversation, newest first, page by page (keyset on id): fast at 10,000 messages.
    index('chat_messages_visible_idx')
      .on(t.chatId, sql`${t.id} desc`)
      .where(sql`selected`),
    index('chat_messages_group_idx').on(t.groupId, t.variant),
    // "Does this chat hold a message of its own?" (characters chatted with): an import's chats, all
    // copied, have no entry, so a user's thousands of them are answered without reading a message.
    index('chat_messages_own_idx')
      .on(t.chatId, t.createdAt)
      .where(sql`not copied`),
    // A deleted character's replies in group chats lose their speaker: found by this, not by a scan.
    index('chat_messages_bot_idx')
      .on(t.botId)
      .where(sql`bot_id is not null`),
    // The Ctrl+K search over the caller's own messages (decision 025): each word of a message is
    // indexed under its owner (owned_words, migration 0017), so a search, a prefix included, reads
    // only the caller's entries of the index.
    index('chat_messages_owned_words_idx').using('gin', sql`owned_words(${t.userId}, ${t.content})`),
  ],
);

/** A group chat's characters, in list order (issue 20 §3). */
export const chatBots = pgTable(
  'chat_bots',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.botId] }), index('chat_bots_bot_idx').on(t.botId)],
);

/** Lorebooks a chat's owner attached to that one chat (scanned before the bot's own; decision 030). */
export const chatLorebooks = pgTable(
  'chat_lorebooks',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    lorebookId: uuid('lorebook_id')
      .notNull()
      .references(() => lorebooks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.lorebookId] }), index('chat_lorebooks_lorebook_idx').on(t.lorebookId)],
);

/**
 * What the model was sent for a reply (the chat page's Prompt panel): the messages and the
 * lorebook entries that went in. Kept for a chat's latest replies only (REPLY_PROMPTS_KEPT): a
 * prompt repeats most of the history, so keeping every one would store a chat many times over.
 */
export const replyPrompts = pgTable(
  'reply_prompts',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    prompt: jsonb('prompt').$type<ReplyPrompt>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reply_prompts_chat_idx').on(t.chatId, sql`${t.messageId} desc`)],
);

/** Every chat start, reply and error (§3 Bot log), for the statistics. */
export const botLogs = pgTable(
  'bot_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['chat_started', 'message', 'error', 'image_generated', 'video_generated'] }).notNull(),
    metadata: jsonb('metadata')
      .$type<{ tokensUsed?: number; responseTime?: number; error?: string; language?: string; device?: string }>()
      .notNull()
      .default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_logs_bot_created_idx').on(t.botId, t.createdAt), index('bot_logs_created_idx').on(t.createdAt)],
);

/** One row per bot per day, aggregated from the logs by the daily job (§3 Bot daily stats). */
export const botStats = pgTable(
  'bot_stats',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    totalChats: integer('total_chats').notNull().default(0),
    totalMessages: integer('total_messages').notNull().default(0),
    totalImagesGenerated: integer('total_images_generated').notNull().default(0),
    totalVideosGenerated: integer('total_videos_generated').notNull().default(0),
    totalTokensUsed: integer('total_tokens_used').notNull().default(0),
    uniqueUsers: integer('unique_users').notNull().default(0),
    avgResponseTime: real('avg_response_time'),
    errors: integer('errors').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
  },
  (t) => [uniqueIndex('bot_stats_bot_date_unique').on(t.botId, t.date)],
);

/** A user's 1–5 rating of a bot after chatting with it; one per user and bot. */
export const botRatings = pgTable(
  'bot_ratings',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_ratings_unique').on(t.botId, t.userId)],
);

/** Which periodic job has done which unit of work (the daily stats: one row per day), so none is done twice. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_runs_job_key_unique').on(t.job, t.key)],
);

import { z } from 'zod';
import { zPage } from '../http/pagination';
import { PERSONA_MESSAGES } from '../personas/rules';

export const CHAT_LIMITS = { messageMax: 4000, messagesPageMax: 100, messagesPageDefault: 50 } as const;

export const CHAT_MESSAGES = {
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 4000 characters',
  chatNotFound: 'Chat not found',
  messageNotFound: 'Message not found',
  promptNotKept:
    'The prompt of this reply is no longer kept: only the latest 20 replies keep theirs, and deleting a message forgets the prompts that held it',
  insufficientTokens: 'Not enough tokens for a reply',
  onlyOwnMessages: 'Only your own messages can be edited',
  onlyReplies: 'Only replies can be regenerated',
  onlyFinishedReplies: 'Only a finished reply can be reported unseen',
  replyFailed: 'The reply could not be completed',
  replyInterrupted: 'The reply was interrupted: the server restarted. Your tokens were returned',
  modelUnavailable: 'The language model is not available right now',
  groupSize: 'A group chat has 2 to 8 characters',
  groupDuplicate: 'A character is in the group twice',
  notInGroup: 'This character is not in the chat',
  alreadyInGroup: 'This character is in the chat already',
  lastInGroup: 'A group chat keeps at least one character',
  notAGroup: 'This is not a group chat',
  chooseSpeaker: 'Choose which character replies',
  speakerGone: 'The character who said this is no longer here',
} as const;

/** Group chats (issue 20 §3): 2 to 8 characters; who speaks next. */
export const GROUP_LIMITS = { min: 2, max: 8 } as const;
export const TURN_ORDERS = ['natural', 'list', 'manual'] as const;
export type TurnOrder = (typeof TURN_ORDERS)[number];

export const ZChatMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(['complete', 'streaming', 'failed', 'stopped']),
  error: z.string().nullable(),
  /** Ids of this reply's alternatives (regenerations, alternate greetings) in order; one for most messages. */
  variants: z.array(z.string()),
  variantIndex: z.number().int(),
  /** In a group chat, the character who said a reply; null for the user's messages and in a one-to-one chat. */
  botId: z.string().nullable(),
  /** That character's name and picture, even once it has left the group (null where botId is). */
  speaker: z.object({ name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Brought over, not said in this chat: a branch's history, or a chat imported from SillyTavern. */
  copied: z.boolean(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatBot = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() });

export const ZChat = z.object({
  id: z.string(),
  botId: z.string(),
  title: z.string(),
  bot: ZChatBot,
  messageCount: z.number().int(),
  lastMessage: z.object({ role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() }).nullable(),
  /** The stars the chat's owner gave the bot (1–5), or null before they rate it: the screen asks after some chatting. */
  myRating: z.number().int().min(1).max(5).nullable(),
  /** The persona the user speaks as here (issue 20 §2); null: their default persona, or their display name without one. */
  personaId: z.string().nullable(),
  /** The chat this one branched from (issue 20 §4; null once that chat is deleted), and the message it branched at. */
  parentId: z.string().nullable(),
  branchedFrom: z.string().nullable(),
  /** A group chat's characters, in list order, and who speaks next (issue 20 §3); null for a chat with one character. */
  group: z.object({ bots: z.array(ZChatBot), turnOrder: z.enum(TURN_ORDERS) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof ZChat>;
export const ZChatPage = zPage(ZChat);
export const ZChatListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  q: z.string().trim().max(200).optional(),
  botId: z.uuid().optional(),
});

/** PATCH /api/chats/{id}: the persona the user speaks as in this chat; null goes back to the default. */
export const ZChatPatchBody = z
  .strictObject({
    personaId: z.uuid(PERSONA_MESSAGES.notFound).nullable().optional(),
    /** A group chat's turn order. */
    turnOrder: z.enum(TURN_ORDERS).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');

/** POST /api/chats/{id}/branch: a new chat with the history up to this message (that alternative shown, if it is one). */
export const ZBranchBody = z.strictObject({
  messageId: z.string({ error: CHAT_MESSAGES.messageNotFound }).regex(/^\d{1,18}$/, CHAT_MESSAGES.messageNotFound),
});

/** GET /api/chats/{id}/export: SillyTavern's chat file (JSONL), the one format so far. */
export const ZChatExportQuery = z.strictObject({
  format: z.enum(['jsonl'], { error: 'The export format is jsonl' }).default('jsonl'),
});

/** One character ({botId}), or a group of 2 to 8 ({botIds}, with a turn order; natural by default). */
export const ZStartChatBody = z.union([
  z.strictObject({ botId: z.uuid('Bot not found') }),
  z.strictObject({
    botIds: z
      .array(z.uuid('Bot not found'))
      .min(GROUP_LIMITS.min, CHAT_MESSAGES.groupSize)
      .max(GROUP_LIMITS.max, CHAT_MESSAGES.groupSize)
      .refine((ids) => new Set(ids).size === ids.length, CHAT_MESSAGES.groupDuplicate),
    turnOrder: z.enum(TURN_ORDERS).default('natural'),
  }),
]);
/** POST /api/chats/{id}/bots: a character joins a group chat. */
export const ZGroupBotBody = z.strictObject({ botId: z.uuid('Bot not found') });
export const ZGroupBotParams = z.object({ id: z.uuid(CHAT_MESSAGES.chatNotFound), botId: z.uuid(CHAT_MESSAGES.notInGroup) });
export const ZChatParams = z.object({ id: z.uuid(CHAT_MESSAGES.chatNotFound) });
export const ZMessageParams = ZChatParams.extend({ messageId: z.string().regex(/^\d{1,18}$/, CHAT_MESSAGES.messageNotFound) });

export const ZMessageContent = z
  .string({ error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.messageTooLong);
/** `botId`: in a group chat, the character who replies ("Reply as …"); otherwise the turn order picks. */
export const ZSendMessageBody = z.object({ content: ZMessageContent, botId: z.uuid(CHAT_MESSAGES.notInGroup).optional() });
/** Edit a message of one's own ({content}), or pick which alternative of a reply shows ({selected: true}). */
export const ZEditMessageBody = z.union([z.object({ content: ZMessageContent }), z.object({ selected: z.literal(true) })]);

/** Older messages before a message id (keyset paging: pages stay fast however long the chat). */
export const ZMessagesQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.messagesPageMax).default(CHAT_LIMITS.messagesPageDefault),
});
export const ZMessagePage = z.object({ items: z.array(ZChatMessage), hasMore: z.boolean() });

export const ZTestBody = z.object({ message: ZMessageContent });
export const ZTestReply = z.object({ reply: z.string() });
export const ZRateBody = z.object({ rating: z.number().int().min(1, 'Rate from 1 to 5').max(5, 'Rate from 1 to 5') });
export const ZRateResult = z.object({ rating: z.number().int(), avgRating: z.number().nullable(), ratingCount: z.number().int() });

/** What GET /api/app/info tells the web about the model, so the chat can say when replies are offline. */
export const ZModelInfo = z.object({ offline: z.boolean(), model: z.string() });

/** Server-sent events of POST /api/chats/{id}/messages. */
export const STREAM_EVENTS = { start: 'start', token: 'token', done: 'done', error: 'error' } as const;

/** GET /api/bots/{id}/statistics: the bot statistics object of §3, over a range that includes today. */
export const STATISTICS_RANGES = ['7d', '30d', '90d'] as const;
export const ZStatisticsQuery = z.object({ range: z.enum(STATISTICS_RANGES).default('30d') });
export const ZStatisticsExportQuery = z.object({ range: z.enum(STATISTICS_RANGES).default('30d'), format: z.enum(['csv']).default('csv') });
export const ZBotStatistics = z.object({
  range: z.enum(STATISTICS_RANGES),
  totalChats: z.number().int(),
  totalMessages: z.number().int(),
  avgMessagesPerChat: z.number(),
  avgRating: z.number().nullable(),
  ratingCount: z.number().int(),
  activeChats: z.number().int(),
  uniqueUsers: z.number().int(),
  errors: z.number().int(),
  avgResponseTime: z.number().nullable(),
  dailyStats: z.array(
    z.object({
      date: z.string(),
      chats: z.number().int(),
      messages: z.number().int(),
      avgSessionDuration: z.number(),
      errors: z.number().int(),
      tokensUsed: z.number().int(),
    }),
  ),
  /** 24 values, the share (0–100) of the activity in each hour of the day, UTC. */
  popularHours: z.array(z.number()),
  userDemographics: z.object({
    countries: z.record(z.string(), z.number()),
    languages: z.record(z.string(), z.number()),
    devices: z.record(z.string(), z.number()),
  }),
  /** Retention: the share of users who came back after 1, 7 and 30 days of their first chat in the range. */
  retention: z.object({ day1: z.number(), day7: z.number(), day30: z.number() }),
  /** How long conversations are: share of chats with 1–5, 6–20 and more than 20 messages. */
  messageDistribution: z.object({ short: z.number(), medium: z.number(), long: z.number() }),
  /** The share of each star rating, 5 to 1. */
  ratingSplit: z.array(z.number()),
});
export type BotStatistics = z.infer<typeof ZBotStatistics>;

import { z } from 'zod';
import { ZPageQuery, zPage } from '../http/pagination';
import {
  BOT_LIMITS,
  COLLABORATOR_ROLES,
  DEPLOY_PLATFORMS,
  EXPORT_FORMATS,
  INVITE_ROLES,
  MODERATION_TYPES,
  MY_BOTS_SORTS,
  PUBLIC_BOTS_SORTS,
  REPORT_REASONS,
} from './constants';
import { ZBotCosts, ZBotFields, ZBotSettings, type BotFieldsInput } from './validation';

export const BOT_VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type BotVisibility = (typeof BOT_VISIBILITIES)[number];

export const ZCategory = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  /** Public bots in the category. */
  botCount: z.number().int().optional(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZBotStats = z.object({
  totalChats: z.number(),
  totalMessages: z.number(),
  totalImagesGenerated: z.number(),
  totalVideosGenerated: z.number(),
  avgRating: z.number().nullable(),
  ratingCount: z.number(),
  popularity: z.number(),
});
export type BotStats = z.infer<typeof ZBotStats>;

export const ZBotCreator = z.object({ id: z.string(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });

/** A bot as lists show it: a summary, never the whole record (lists stay small). */
export const ZBotSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  category: ZCategory.pick({ id: true, name: true, icon: true }).nullable(),
  tags: z.array(z.string()),
  visibility: z.enum(BOT_VISIBILITIES),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  nsfw: z.boolean(),
  stats: ZBotStats,
  createdBy: z.string(),
  creator: ZBotCreator,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BotSummary = z.infer<typeof ZBotSummary>;

export const ZCollaboratorRole = z.enum(COLLABORATOR_ROLES);
export type CollaboratorRoleName = z.infer<typeof ZCollaboratorRole>;

/** The whole bot, from GET /api/bots/{id} and every call that changes one. */
export const ZBot = ZBotSummary.extend({
  personality: z.string(),
  scenario: z.string(),
  firstMessage: z.string(),
  exampleMessages: z.string(),
  systemPrompt: z.string(),
  postHistoryInstructions: z.string(),
  creatorNotes: z.string(),
  alternateGreetings: z.array(z.string()),
  voiceId: z.string().nullable(),
  settings: ZBotSettings,
  costs: ZBotCosts,
  sexuality: z.string(),
  gender: z.string(),
  openness: z.number(),
  emotions: z.number(),
  imageGeneration: z.record(z.string(), z.unknown()),
  videoGeneration: z.record(z.string(), z.unknown()),
  characterBook: z.record(z.string(), z.unknown()).nullable(),
  extensions: z.record(z.string(), z.unknown()),
  /** The caller's role on this bot (null: a visitor of a public or unlisted bot). */
  myRole: ZCollaboratorRole.nullable(),
  /** Whether the caller keeps it among their favorites. */
  favorited: z.boolean(),
});
export type Bot = z.infer<typeof ZBot>;

export const ZBotCreateBody = ZBotFields;
export const ZBotIdParams = z.object({ id: z.uuid('Bot not found') });

const ZCommaList = z
  .string()
  .max(1000)
  .transform((v) =>
    v
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );

/** GET /api/bots/my (§7): search, filters and the five sorts of the list. */
export const ZMyBotsQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().max(40).optional(),
  tags: ZCommaList.optional(),
  visibility: z.enum(BOT_VISIBILITIES).optional(),
  nsfw: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(MY_BOTS_SORTS).default('newest'),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  /** own (default): bots I created; shared: bots I collaborate on; all: both. */
  scope: z.enum(['own', 'shared', 'all']).default('own'),
  limit: z.coerce.number().int().min(1).max(100).default(60),
});
export type MyBotsQuery = z.input<typeof ZMyBotsQuery>;

/** GET /api/bots/public: Explore. */
export const ZPublicBotsQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().max(40).optional(),
  tags: ZCommaList.optional(),
  sortBy: z.enum(PUBLIC_BOTS_SORTS).default('popular'),
  /** NSFW bots are shown only when the viewer opts in. */
  nsfw: z.enum(['true', 'false']).optional(),
  /** A creator's public bots (the profile's bots tab). */
  creator: z.string().max(100).optional(),
});
export type PublicBotsQuery = z.input<typeof ZPublicBotsQuery>;

export const ZBotSummaryPage = zPage(ZBotSummary);
export const ZCategoryList = z.object({ items: z.array(ZCategory) });

/** POST /api/bots/{id}/clone: the clone request of §3. */
export const ZCloneBody = z.object({
  name: z.string().trim().min(1).max(BOT_LIMITS.nameMax, 'Name must be less than 50 characters').optional(),
  makePrivate: z.boolean().default(true),
  includeStats: z.boolean().default(false),
});

export const ZBulkBody = z.object({
  botIds: z.array(z.uuid('Bot not found')).min(1, 'Select at least one bot').max(BOT_LIMITS.bulkMax),
});
/** What a bulk call did: the bots it changed; ids the caller may not change are refused as a whole. */
export const ZBulkResult = z.object({ updated: z.array(z.string()), count: z.number().int() });

export const ZBotTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  /** The bot fields the template fills in (checked by ZBotFields when the bot is saved). */
  fields: z.custom<Partial<BotFieldsInput>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
});
export type BotTemplate = z.infer<typeof ZBotTemplate>;
export const ZTemplateList = z.object({ items: z.array(ZBotTemplate) });

export const ZVersionBody = z.object({ changelog: z.string().trim().min(1, 'Changelog is required').max(BOT_LIMITS.changelogMax) });
export const ZBotVersion = z.object({
  id: z.string(),
  version: z.number().int(),
  changelog: z.string(),
  status: z.enum(['current', 'archived']),
  createdAt: z.string(),
  author: ZBotCreator.pick({ id: true, username: true, displayName: true }),
  name: z.string(),
});
export type BotVersion = z.infer<typeof ZBotVersion>;
export const ZVersionList = z.object({ items: z.array(ZBotVersion) });
export const ZVersionParams = ZBotIdParams.extend({ versionId: z.uuid('Version not found') });

export const ZInviteBody = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  role: z.enum(INVITE_ROLES).default('viewer'),
});
export const ZRoleBody = z.object({ role: z.enum(INVITE_ROLES) });
export const ZCollaboratorParams = ZBotIdParams.extend({ userId: z.uuid('Collaborator not found') });
export const ZCollaborator = z.object({
  botId: z.string(),
  user: ZBotCreator.extend({ email: z.string().optional() }),
  role: ZCollaboratorRole,
  permissions: z.array(z.enum(['read', 'write', 'admin'])),
  joinedAt: z.string(),
});
export type Collaborator = z.infer<typeof ZCollaborator>;
export const ZCollaboratorList = z.object({ items: z.array(ZCollaborator) });

export const ZReportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  description: z.string().trim().max(BOT_LIMITS.reportDescriptionMax).default(''),
});
export const ZSubmitReviewBody = z.object({ type: z.enum(MODERATION_TYPES).default('publish'), notes: z.string().max(1000).optional() });
export const ZModerationRequest = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  bot: z.object({ id: z.string(), name: z.string(), visibility: z.enum(BOT_VISIBILITIES) }),
  reporter: ZBotCreator.pick({ id: true, username: true, displayName: true }),
});
export const ZModerationPage = zPage(ZModerationRequest);
/**
 * An admin's decision on a request; `hideBot` also makes the bot private (a report upheld).
 * `reason`, when given, is told to the bot's creator with the outcome.
 */
export const ZModerationDecision = z.object({
  status: z.enum(['approved', 'rejected']),
  hideBot: z.boolean().default(false),
  reason: z.string().trim().max(500).optional(),
});
export const ZModerationParams = z.object({ requestId: z.uuid('Not found') });
export const ZModerationQuery = ZPageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() });

export const ZAnalytics = z.object({
  totalBots: z.number().int(),
  publicBots: z.number().int(),
  privateBots: z.number().int(),
  unlistedBots: z.number().int(),
  totalChats: z.number().int(),
  totalMessages: z.number().int(),
  avgRating: z.number().nullable(),
  ratingCount: z.number().int(),
  totalFavorites: z.number().int(),
  topBots: z.array(ZBotSummary.pick({ id: true, name: true, stats: true })),
});

export const ZDeployBody = z.object({ platform: z.enum(DEPLOY_PLATFORMS, 'Unknown platform') });
export const ZDeployResult = z.object({ platform: z.literal('web'), url: z.string() });

export const ZExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export const ZImportBody = z.object({
  data: z.string().min(1, 'Nothing to import'),
  format: z.enum(['json', 'yaml']).default('json'),
  overwrite: z.boolean().default(false),
  fileName: z.string().max(255).optional(),
});

export const ZFavoriteResult = z.object({ favorited: z.boolean() });
export const ZAvatarResult = z.object({ url: z.string() });
